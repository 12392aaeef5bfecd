import Foundation
import SetlistModel
import SetlistSupport

/// The works performed at a gig as a collecting society (OSA, GEMA, SUISA, PRS) asks for them:
/// each song's title, author and length, with the date and venue of the performance.
public enum GigReport {
    static let header = ["#", "Title", "Author", "Length", "Date", "Venue", "Setlist"]

    /// One row per song played, in the order played, each with the gig's date and venue so that
    /// rows of several gigs can be pasted into one sheet. Lengths as `export-songs` writes them
    /// (`4m05s`, which a spreadsheet keeps as text rather than a time of day); a song with no
    /// known length has an empty cell.
    public static func csv(_ gig: Gig, dialect: CSVExport.Dialect = .standard) -> Data {
        let rows = gig.songs.enumerated().map { index, song in
            [
                "\(index + 1)", song.name, song.author ?? "", song.length.map(CSVExport.lengthCell) ?? "", gig.date, gig.venue ?? "",
                gig.playlist,
            ]
            .map(SongCells.guarded)
        }
        return CSVExport.write([header] + rows, dialect: dialect)
    }

    /// The same for reading or printing: a heading with the date, venue and setlist, a numbered
    /// line per work, and the count and total length.
    public static func text(_ gig: Gig) -> String {
        var lines = ["Works performed on \(gig.date)" + (gig.venue.map { " at \($0)" } ?? "") + " ('\(gig.playlist)')", ""]
        let width = String(gig.songs.count).count
        for (index, song) in gig.songs.enumerated() {
            let number = String(index + 1).leftPadded(to: width, with: " ")
            let author = song.author.map { " — \($0)" } ?? ""
            let length = song.length.map { " (\(SongLength.format($0)))" } ?? ""
            lines.append("\(number). \(ControlCharacters.printable(song.name))\(ControlCharacters.printable(author))\(length)")
        }
        let total = gig.songs.compactMap(\.length).reduce(0, +)
        let unknown = gig.songs.filter { $0.length == nil }.count
        lines.append("")
        lines.append(PlaylistSummary.text(count: gig.songs.count, total: total, unknown: unknown))
        return lines.joined(separator: "\n")
    }
}
