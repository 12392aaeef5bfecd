import ArgumentParser
import Foundation
import SetlistCore
import SetlistExchange
import SetlistMail

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a playlist to a .plsts file that band members import with `setlist import`.",
        discussion: """
            The file holds the playlist's songs with every detail, its breaks, and the originals the \
            songs were copied from, so members get the songs they lack. Its format is in docs/plsts.md. \
            The export time comes from SOURCE_DATE_EPOCH when it is set, so the same playlist gives \
            the same file.

            Examples:
              setlist export Concert.plsts     # the playlist "Concert" to Concert.plsts
              setlist export "Můj koncert"     # to "Můj koncert.plsts"
              setlist export -o -              # the current playlist to standard output
              setlist export Concert --format app   # for band members on the original iOS app
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist (default: the current one). A name ending in .plsts names the file too.", completion: .playlists)
    var playlist: String?
    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(
        "The file to write; - writes to standard output (default: the playlist's name with .plsts).", valueName: "file"))
    var output: String?
    @Option(help: ArgumentHelp("setlist (the default: every detail, breaks and originals) or app (a .plsts the original iOS app imports).", valueName: "format"))
    var format: PlstsFlavour = .setlist

    func run() throws {
        let library = try libraryOptions.load()
        var reference = playlist
        var path = output
        if let word = playlist, output == nil, word.lowercased().hasSuffix("." + PlstsFormat.fileExtension), !library.hasPlaylist(named: word) {
            path = word
            reference = String(URL(fileURLWithPath: word).lastPathComponent.dropLast(PlstsFormat.fileExtension.count + 1))
        }
        let chosen = library.playlists[try library.playlistIndex(matching: reference)]
        let data = try format.document(chosen, from: library, date: DocumentDate.now(environment: context.environment))
        let target = path ?? PlstsFile.defaultName(for: chosen.name)
        if target == "-" {
            context.output.write(data)
            return
        }
        let url = context.url(for: target)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw CLIError("\(target) is a folder. Name the file to write, like `-o \(target)/\(PlstsFile.defaultName(for: chosen.name))`.")
        }
        try AtomicFile.write(data, to: url)
        let songs = chosen.copies.count
        say("Exported '\(chosen.name)' (\(songs) song\(songs == 1 ? "" : "s")) to \(target).")
        say("Band members import it with `setlist import \(Self.quoted(target))`.")
    }

    /// The .plsts document of `playlist`, checked the way `setlist import` checks it: the library
    /// can hold what the format refuses (more than 1000 songs, a name like "/2 sets"), and a
    /// file no member can import must not be written or sent as if it were fine.
    static func document(_ playlist: Playlist, from library: Library, date: Date) throws -> Data {
        let data = PlstsDocument.export(playlist, from: library, generator: SetlistVersion.generator, date: date)
        do {
            _ = try PlstsDocument.read(data, source: playlist.name)
        } catch {
            let problems: [String]
            if case .invalidDocument(_, let found) = error { problems = found } else { problems = [error.description] }
            throw CLIError("'\(playlist.name)' cannot be shared as a .plsts file: members could not import it.\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n")
                + "\nChange the playlist (rename it, or split it into shorter ones) and try again. Nothing was written or sent.")
        }
        return data
    }

    /// `path` as one shell word: as it is when the shell would not act on any of its characters,
    /// else quoted as the mail body quotes the file to import.
    static func quoted(_ path: String) -> String {
        if !path.isEmpty, path.allSatisfy({ $0.isLetter || $0.isNumber || "._-/+,@%:=".contains($0) }) {
            return path
        }
        return SetlistBody.shellQuoted(path)
    }
}

/// Which `.plsts` to write: setlist's own, or the original iOS app's.
enum PlstsFlavour: String, ExpressibleByArgument, CaseIterable {
    case setlist, app

    /// The document of `playlist` in this flavour.
    func document(_ playlist: Playlist, from library: Library, date: Date) throws -> Data {
        self == .app ? AppDocument.export(playlist) : try ExportCommand.document(playlist, from: library, date: date)
    }
}
