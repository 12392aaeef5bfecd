import Foundation
import SetlistModel

/// Which `.plsts` to write: setlist's own (docs/plsts.md), or the original iOS app's.
public enum PlstsFlavour: String, CaseIterable, Sendable {
    case setlist, app
}

/// A playlist's `.plsts` document, built and checked the way `setlist import` checks it: the
/// library can hold what the format refuses (more than 1000 songs, a name like "/2 sets"), and a
/// file no member can import must not be written or sent as if it were fine.
public struct PlstsExport: Sendable {
    /// The playlist exported.
    public var playlist: Playlist
    /// The file name a member sees (the playlist's name with `.plsts`).
    public var fileName: String
    /// The document's bytes.
    public var data: Data

    /// Exports `playlist` from `library` as written at `date` (see ``DocumentDate``), in setlist's
    /// own format (checked) or the app's (``AppDocument/export(_:)``).
    /// `revision`: the setlist's revision number, which the document carries (since 1.4).
    /// - Throws: ``ExchangeError/cannotExport(playlist:problems:)`` listing every problem.
    public init(_ playlist: Playlist, from library: Library, date: Date, flavour: PlstsFlavour = .setlist, revision: Int? = nil)
        throws(ExchangeError)
    {
        self.playlist = playlist
        self.fileName = PlstsFile.defaultName(for: playlist.name)
        guard flavour == .setlist else {
            self.data = AppDocument.export(playlist)
            return
        }
        let document = PlstsDocument.document(playlist, from: library, generator: SetlistVersion.generator, date: date, revision: revision)
        let data = document.data
        do {
            _ = try PlstsDocument.check(document, data: data, source: playlist.name)
        } catch {
            let problems: [String]
            switch error {
            case .invalidDocument(_, let found): problems = found
            case .tooLarge(_, let size, let limit):
                problems = [
                    "the document would be \(ExchangeError.megabytes(size)), more than the \(ExchangeError.megabytes(limit)) a member's setlist reads."
                ]
            default: problems = [error.description]
            }
            throw .cannotExport(playlist: playlist.name, problems: problems, remedies: Self.remedies(for: problems, playlist: playlist))
        }
        self.data = data
    }

    /// What helps with these problems: a setlist too large or too long is split (a new name
    /// makes it no shorter), long notes are shortened, a name the format refuses is changed.
    static func remedies(for problems: [String], playlist: Playlist) -> [String] {
        let quoted = ShellWord.quoted(playlist.name)
        var remedies: [String] = []
        if problems.contains(where: { $0.hasPrefix("the document would be") || $0.contains(".notes:") }) {
            remedies.append("To make it smaller, shorten the longest notes (`setlist edit-song N --in \(quoted) --notes ...`).")
        }
        if problems.contains(where: { $0.hasPrefix("the document would be") || $0.hasPrefix("playlist.items:") }) {
            remedies.append(
                "Split it in two: copy it with `setlist duplicate`, then `setlist remove` the second half from one and the first half from the other."
            )
        }
        if problems.contains(where: { $0.hasPrefix("playlist.name") }) {
            remedies.append("Give the setlist a name members can import: `setlist rename \(quoted) NEW`.")
        }
        if remedies.isEmpty { remedies.append("Change what is listed above and try again.") }
        return remedies
    }
}

/// What `setlist export [PLAYLIST | FILE.plsts] [-o FILE]` writes, and where.
public struct PlstsExportRequest: Sendable {
    /// The document.
    public var export: PlstsExport
    /// The file to write as the user named it (or the default name); "-" is standard output.
    public var path: String

    /// Reads the words as typed: a word ending in `.plsts` that names no playlist (and no -o) is
    /// the file, and the playlist is its name without the extension; nil is the current playlist.
    /// `revision(playlist)`: the revision the document carries, once the playlist is found.
    public init(
        playlist word: String?, output: String?, in library: Library, date: Date, flavour: PlstsFlavour = .setlist,
        revision: (Playlist) -> Int? = { _ in nil }
    ) throws {
        var reference = word
        var path = output
        if let file = Self.fileWord(word, output: output), !library.hasPlaylist(named: file.path) {
            (path, reference) = (file.path, file.playlist)
        }
        let playlist = try library.playlist(matching: reference)
        export = try PlstsExport(playlist, from: library, date: date, flavour: flavour, revision: revision(playlist))
        self.path = path ?? export.fileName
    }

    /// The playlists the words may name: the word, and for a file's name the name without `.plsts`
    /// (what a command reads, ``LibraryScope/playlists(matching:originals:)``).
    public static func playlistReferences(playlist word: String?, output: String?) -> [String?] {
        [word] + (fileWord(word, output: output).map { [$0.playlist] } ?? [])
    }

    /// A word ending in `.plsts` (and no -o): the file, and the playlist it names unless a playlist has that name.
    private static func fileWord(_ word: String?, output: String?) -> (path: String, playlist: String)? {
        let suffix = "." + PlstsFormat.fileExtension
        guard let word, output == nil, word.lowercased().hasSuffix(suffix) else { return nil }
        return (word, String(URL(fileURLWithPath: word).lastPathComponent.dropLast(suffix.count)))
    }

    /// Whether the document goes to standard output rather than to a file.
    public var isStandardOutput: Bool { path == "-" }

    /// Writes the document atomically to `url` (the resolved ``path``); a folder there is refused.
    public func write(to url: URL) throws {
        try DocumentFile.write(export.data, to: url, path: path, fileName: export.fileName)
    }
}
