import CSV
import Foundation
import SetlistModel

/// Writes songs as CSV that Excel, LibreOffice and Google Sheets open, and that
/// ``CSVSongs/read(_:file:columns:)`` reads back to the same songs.
public enum CSVExport {
    /// How the file is laid out.
    public struct Dialect: Sendable, Hashable {
        public var delimiter: Unicode.Scalar
        public var byteOrderMark: Bool

        /// Commas, CRLF line ends (RFC 4180), no byte order mark.
        public static let standard = Dialect(delimiter: ",", byteOrderMark: false)
        /// What Excel expects in Czech, German and other locales with a decimal comma: semicolons,
        /// and a byte order mark, without which it reads UTF-8 as its Windows encoding.
        public static let excel = Dialect(delimiter: ";", byteOrderMark: true)
    }

    static let songHeader = ["Title", "Author", "Length", "Key", "BPM", "Notes"]

    /// The repertoire: one row per original, in the user's order.
    public static func songs(_ songs: [Song], dialect: Dialect = .standard) -> Data {
        write([songHeader] + songs.map { cells($0.fields) }, dialect: dialect)
    }

    /// A setlist: its position, set and copy fields per row, so that `import-songs --to` turns it
    /// back into the same setlist.
    public static func playlist(_ playlist: Playlist, dialect: Dialect = .standard) -> Data {
        var rows = [["#", "Set"] + songHeader]
        let sets = playlist.sets
        for (number, set) in sets.enumerated() {
            let label = set.label ?? (sets.count > 1 ? "Set \(number + 1)" : "")
            for entry in set.entries {
                rows.append(["\(entry.position)", label] + cells(entry.copy.fields))
            }
        }
        return write(rows, dialect: dialect)
    }

    static func cells(_ fields: SongFields) -> [String] {
        [
            fields.name, fields.author ?? "", fields.length.map(lengthCell) ?? "", fields.key?.description ?? "",
            fields.bpm.map(String.init) ?? "", fields.notes ?? "",
        ].map(SongCells.guarded)
    }

    /// A length as a spreadsheet keeps it: `4m05s`, `1h02m03s`. Excel and LibreOffice read
    /// `4:05` as 4:05 in the morning and save it as `04:05:00`, which reads back as four hours;
    /// `import-songs` reads this form as it reads any length.
    static func lengthCell(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds % 3600 / 60, rest = seconds % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return hours > 0 ? "\(hours)h\(two(minutes))m\(two(rest))s" : "\(minutes)m\(two(rest))s"
    }

    static func write(_ rows: [[String]], dialect: Dialect) -> Data {
        let stream = OutputStream(toMemory: ())
        // Writing to memory fails only when memory does.
        let writer = try! CSVWriter(stream: stream, delimiter: String(Character(dialect.delimiter)), newline: .crlf)
        for row in rows { try! writer.write(row: row) }
        writer.stream.close()
        var data = Data(dialect.byteOrderMark ? [0xEF, 0xBB, 0xBF] : [])
        data.append(stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data())
        data.append(contentsOf: [0x0D, 0x0A])
        return data
    }
}
