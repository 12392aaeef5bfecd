import Foundation
import SetlistModel

/// A `.plsts` document that cannot be exported or imported. Every message names the file and
/// says what to do; none of them leaves the library changed.
public enum ExchangeError: SetlistError, Sendable {
    /// The document breaks the format; every problem found is listed, each with its place.
    case invalidDocument(source: String, problems: [String])
    /// The file is larger than any setlist document could sensibly be.
    case tooLarge(source: String, size: Int, limit: Int)
    /// The document was written for a newer major version of the format.
    case newerVersion(source: String, found: String, supported: String)
    /// The file cannot be read (missing, a folder, no permission).
    case unreadableFile(source: String, detail: String)
    /// The importer already has a different playlist of the name the document uses.
    case nameTaken(source: String, name: String)
    /// The document's playlist id clashes with a different playlist of the library.
    case identifierClash(source: String, id: String, playlist: String)
    /// Several files failed; each is listed.
    case several([ExchangeError])
    /// The library's playlist makes a document members could not import; every problem is listed,
    /// and `remedies` say what helps with those problems (``PlstsExport``).
    case cannotExport(playlist: String, problems: [String], remedies: [String])
    /// The file to write is a folder.
    case outputIsFolder(path: String, fileName: String)
    /// Merging the update into the member's playlist would take it past ``Playlist/maximumItems``.
    case playlistWouldOverflow(source: String, playlist: String, count: Int, limit: Int)
    /// The document was exported before the one last received for the playlist: taking it would
    /// undo the sender's later changes.
    case olderDocument(source: String, playlist: String, exported: Date, lastReceived: Date)

    /// At most this many problems of one document are listed; the rest are counted.
    public static let listedProblems = 40

    public var description: String {
        switch self {
        case .invalidDocument(let source, let problems):
            let shown = problems.prefix(Self.listedProblems).map { "  - \($0)" }
            let more = problems.count > Self.listedProblems ? ["  … and \(problems.count - Self.listedProblems) more problems."] : []
            return
                "\(source) is not a setlist document this version can import (\(problems.count) problem\(problems.count == 1 ? "" : "s"); nothing was changed):\n"
                + (shown + more).joined(separator: "\n")
        case .tooLarge(let source, let size, let limit):
            // Standard input is read only up to just past the limit, so its size is "more than".
            let measured = size > limit && size - limit <= 1 ? "more than \(Self.megabytes(limit))" : Self.megabytes(size)
            return
                "\(source) is \(measured), larger than any setlist document (at most \(Self.megabytes(limit))). It was not read; nothing was changed. Ask the sender to export the setlist again."
        case .newerVersion(let source, let found, let supported):
            return
                "\(source) uses version \(found) of the .plsts format, but this setlist reads versions up to \(supported). Update setlist to import it, or ask the sender to export with an older setlist. Nothing was changed."
        case .unreadableFile(let source, let detail):
            return "Cannot read \(source): \(detail)"
        case .nameTaken(let source, let name):
            return "Your library already has a different playlist named '\(name)', so \(source) cannot be imported under that name. "
                + "Import it under another name with `--rename NEW`, or replace your playlist with `--replace`. Nothing was changed."
        case .identifierClash(let source, let id, let playlist):
            return
                "\(source) gives its playlist the id \(id), which clashes with your playlist '\(playlist)'. Ask the sender to export it again; nothing was changed."
        case .several(let errors):
            return errors.map(\.description).joined(separator: "\n")
        case .cannotExport(let playlist, let problems, let remedies):
            return "'\(playlist)' cannot be shared as a .plsts file: members could not import it.\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n")
                + "\n"
                + (remedies + ["Or share its PDF alone with `setlist share --no-plsts`. Nothing was written or sent."])
                .joined(separator: " ")
        case .outputIsFolder(let path, let fileName):
            return "\(path) is a folder. Name the file to write, like `-o \(path)/\(fileName)`."
        case .playlistWouldOverflow(let source, let playlist, let count, let limit):
            return
                "Merging \(source) into your '\(playlist)' would give it \(count) songs and breaks, more than the \(limit) a playlist can hold. "
                + "Remove songs from yours first, or import it as a playlist of its own with `--rename NEW`. Nothing was changed."
        case .olderDocument(let source, let playlist, let exported, let lastReceived):
            return
                "\(source) was exported \(Self.shown(exported)), before the '\(playlist)' you last received (exported \(Self.shown(lastReceived))): "
                + "importing it would undo the sender's later changes. Nothing was changed. Import the newest document, "
                + "or take this one anyway with `--older`."
        }
    }

    /// "2026-05-01 18:30:00 UTC".
    static func shown(_ date: Date) -> String {
        PlstsFormat.timestamp(date).replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) : "\(bytes) bytes"
    }
}
