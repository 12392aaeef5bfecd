import Foundation
import SetlistModel

/// Imports a folder copied from the original app's Documents: every JSON file in it, each
/// recognised by its shape whatever its name, read and checked before anything is imported.
public enum AppFolderImport {
    /// What a folder import did, or would do with `--dry-run`.
    public struct Report: Sendable {
        /// Songs added to the repertoire, and lines saying which were matched to songs you have.
        public var addedSongs: [Song] = []
        public var matches: [String] = []
        /// One report per playlist, in the app's order.
        public var playlists: [ImportReport] = []
        public var addedContacts: [Contact] = []

        /// The report for people.
        public func lines(dryRun: Bool) -> [String] {
            let verb = dryRun ? "would be added" : "added"
            var result = ["Songs: \(addedSongs.count) \(verb) to your repertoire, \(matches.count) matched to songs you have."]
            result += matches.map { "  " + $0 }
            for report in playlists { result += report.lines(dryRun: dryRun) }
            result.append(
                "Contacts: \(addedContacts.count) \(verb)"
                    + (addedContacts.isEmpty ? "." : ": " + addedContacts.map(\.name).joined(separator: ", ") + "."))
            return result
        }
    }

    /// The app's files in `folder`: every `.json` file, each recognised by its shape. Refuses
    /// the whole folder if any file cannot be read.
    /// - Parameter passedOver: told of each name that is no regular file (a named pipe, which
    ///   reading would wait on forever, a folder, a device), with what it is; it is not read.
    public static func read(
        _ folder: URL, source: String, passedOver: (_ path: String, _ what: String) -> Void = { _, _ in }
    ) throws(ExchangeError) -> [(name: String, content: AppDocument.Content)] {
        func path(_ name: String) -> String { source.hasSuffix("/") ? source + name : source + "/" + name }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.lowercased().hasSuffix(".json") || $0.lowercased().hasSuffix(".plsts") }.sorted()
            .filter { name in
                guard let what = notAFile(folder.appendingPathComponent(name).path) else { return true }
                passedOver(path(name), what)
                return false
            }
        guard !names.isEmpty else {
            throw .unreadableFile(
                source: source, detail: "it holds no .json files of the original app (its songs, playlists, order and contacts).")
        }
        var files: [(String, AppDocument.Content)] = []
        var errors: [ExchangeError] = []
        for name in names {
            let path = path(name)
            do {
                let data = try PlstsFile.read(folder.appendingPathComponent(name), source: path)
                files.append((name, try AppDocument.read(data, source: path)))
            } catch {
                errors.append(error)
            }
        }
        if errors.count == 1 { throw errors[0] }
        if !errors.isEmpty { throw .several(errors) }
        return files
    }

    /// What the entry at `path` (a link followed) is when it is not a regular file; nil for a
    /// regular file, and for one that cannot be looked at (reading it says why).
    static func notAFile(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a named pipe"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "not a regular file"
        }
    }

    /// Brings the songs, every playlist in the app's order, and the contacts into `library`,
    /// with the same matching rules as every import. When this throws, `library` is as it was.
    public static func apply(
        _ files: [(name: String, content: AppDocument.Content)], source: String, to library: inout Library,
        options: ImportOptions = ImportOptions()
    ) throws(ExchangeError) -> Report {
        var lib = library
        var report = Report()
        var order: [String] = []
        var playlists: [(name: String, songs: [AppDocument.AppSong], file: String)] = []
        for (file, content) in files {
            switch content {
            case .songs(let songs):
                for song in songs where lib.songIndex(id: AppDocument.songID(for: song.id)) == nil {
                    if case .matched(let mine) = lib.originalMatch(name: song.fields.name, author: song.fields.author) {
                        report.matches.append("= \(song.fields.listing): matched your \(mine.fields.listing)")
                    } else {
                        let added = Song(id: AppDocument.songID(for: song.id), fields: song.fields)
                        lib.songs.append(added)
                        report.addedSongs.append(added)
                    }
                }
            case .playlist(let name, let songs):
                playlists.append((name ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent, songs, file))
            case .order(let names):
                order = names
            case .contacts(let contacts):
                for contact in contacts where !lib.contacts.contains(where: { $0.email.lowercased() == contact.email.lowercased() }) {
                    lib.contacts.append(contact)
                    report.addedContacts.append(contact)
                }
            }
        }
        let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let sorted = playlists.enumerated().sorted {
            (rank[$0.element.name] ?? Int.max, $0.offset) < (rank[$1.element.name] ?? Int.max, $1.offset)
        }
        for (_, playlist) in sorted {
            let path = source.hasSuffix("/") ? source + playlist.file : source + "/" + playlist.file
            let setlist = AppDocument.setlist(name: playlist.name, songs: playlist.songs, source: path, library: lib)
            report.playlists.append(try PlstsImport.apply(setlist, to: &lib, options: options))
        }
        library = lib
        return report
    }
}
