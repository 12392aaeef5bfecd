import Foundation
import SetlistModel

/// What `setlist import-songs` was asked to do: the files read (before the library is locked),
/// and the options that say how their songs go in.
public struct SongImportBatch: Sendable {
    /// Every file's songs and the problems of its rows.
    public var sheets: [SongSheet]
    /// With `skipInvalid`, the files that could not be read; and the folders inside a folder named.
    public var refused: [SpreadsheetError], subfolders: [String]
    /// Files of a folder without an extension that are no song file.
    public var unread: [String]
    public var options: SongImport.Options

    /// Reads the words as typed and every file they name (a folder: its ChordPro files).
    /// - Parameters:
    ///   - files: each file as the user named it, and where it is.
    ///   - columns: `--columns`, a comma-separated list of column names (`-` skips one).
    ///   - encoding: `--encoding`, for files that are not UTF-8.
    ///   - playlist: `--to`, the playlist to copy the songs into.
    ///   - notation: how the band reads an ambiguous key such as `B`.
    ///   - duplicate: `--duplicate`, another version of a song (another chart) added as a song.
    ///   - given: `--notation`, the notation the files are written in, when the user names it.
    /// - Throws: ``SpreadsheetError`` for a bad option or a file that cannot be read (every such
    ///   file at once), ``ValueError`` for a bad playlist name.
    public init(
        files: [(name: String, url: URL)], columns: String?, encoding: String?, withLyrics: Bool,
        update: Bool, skipInvalid: Bool, playlist: String?, notation: KeyNotation, duplicate: Bool = false,
        given: KeyNotation? = nil
    ) throws {
        let read = SongFiles.Options(
            columns: try columns.map(SongColumn.parseList), encoding: try encoding.map(TextDecoding.encoding(named:)),
            withLyrics: withLyrics, notation: notation, skipInvalid: skipInvalid, given: given)
        options = SongImport.Options(
            update: update, skipInvalid: skipInvalid, playlist: try playlist.map(Text.cleanPlaylistName), duplicate: duplicate)
        let found = try SongFiles.read(files, options: read)
        sheets = found.sheets
        refused = found.refused
        subfolders = found.subfolders
        unread = found.unread
    }

    /// Imports the songs into `library` (see ``SongImport/apply(_:to:options:)``): any invalid
    /// row refuses the whole batch unless `skipInvalid`, and leaves `library` as it was.
    public func apply(to library: inout Library) throws(SpreadsheetError) -> SongImportReport {
        var report = try SongImport.apply(sheets, to: &library, options: options)
        report.refused = refused
        report.subfolders = subfolders
        report.unread = unread
        return report
    }
}
