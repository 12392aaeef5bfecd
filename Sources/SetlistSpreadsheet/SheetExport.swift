import Foundation
import SetlistExchange
import SetlistModel

/// What `setlist export --format csv|text|markdown` and `setlist export-songs` write, and where:
/// a playlist for spreadsheets and people, or the repertoire as CSV.
public struct SheetExport: Sendable {
    /// The formats besides `.plsts`.
    public enum Format: String, CaseIterable, Sendable {
        case csv, text, markdown

        var fileExtension: String {
            switch self {
            case .csv: "csv"
            case .text: "txt"
            case .markdown: "md"
            }
        }
    }

    /// The document's bytes.
    public var data: Data
    /// The file to write as the user named it (or ``fileName``); "-" is standard output.
    public var path: String
    /// The default file name, also suggested when the path is a folder.
    public var fileName: String
    /// What was exported, for the command to say: "'Concert' (12 songs)", "12 songs".
    public var summary: String

    /// A playlist (nil: the current one) in `format`; CSV with semicolons and a byte order mark
    /// when `excel`. Keys are spelled in the band's notation; a plan's times in the reader's
    /// `timeZone`, an undated start the show in progress or next at `date` (``PlanClock``).
    public init(
        playlist word: String?, format: Format, excel: Bool = false, output: String?, in library: Library,
        timeZone: TimeZone = .current, date: Date = Date()
    ) throws {
        let playlist = try library.playlist(matching: word)
        let clock = playlist.plan.map { PlanClock(plan: $0, zone: timeZone, reference: date) }
        switch format {
        case .csv: data = CSVExport.playlist(playlist, dialect: excel ? .excel : .standard)
        case .text: data = Data(SetlistText.plain(playlist, notation: library.notation, clock: clock).utf8)
        case .markdown: data = Data(SetlistText.markdown(playlist, notation: library.notation, clock: clock).utf8)
        }
        fileName = FileName.forPlaylist(playlist.name, extension: format.fileExtension)
        path = output ?? fileName
        summary = "'\(playlist.name)' (\(PlaylistSummary.songs(playlist.copies.count)))"
    }

    /// The repertoire as CSV, one row per original.
    public init(songsOf library: Library, excel: Bool = false, output: String?) {
        data = CSVExport.songs(library.songs, dialect: excel ? .excel : .standard)
        fileName = "songs.csv"
        path = output ?? fileName
        summary = PlaylistSummary.songs(library.songs.count)
    }

    /// Whether the document goes to standard output rather than to a file.
    public var isStandardOutput: Bool { path == "-" }

    /// Writes the document atomically to `url` (the resolved ``path``); a folder there is refused.
    public func write(to url: URL) throws {
        try DocumentFile.write(data, to: url, path: path, fileName: fileName)
    }
}
