import Foundation
import SetlistAppFormats
import SetlistModel

/// A song file (CSV or ChordPro) that cannot be read, or rows in it that cannot be imported.
/// Every case names the file, and where it can the line and the column at fault.
public enum SpreadsheetError: SetlistError, Hashable, Sendable {
    /// One problem in one row (or one ChordPro directive), for ``invalidRows(file:problems:)``.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// The 1-based line of the file where the row starts.
        public var line: Int
        /// The column (its header name) or directive at fault; nil for the row as a whole.
        public var field: String?
        public var message: String

        public init(line: Int, field: String?, message: String) {
            self.line = line
            self.field = field
            self.message = message
        }

        public var description: String {
            "line \(line)" + (field.map { ", \($0)" } ?? "") + ": " + message
        }
    }

    /// A column most of whose cells are not values (keys in DJs' Camelot notation, `10A`):
    /// reported once, with the `--columns` list that leaves it out.
    public struct ColumnProblem: Hashable, Sendable, CustomStringConvertible {
        /// The column's header name (or `--columns` name).
        public var field: String
        /// How many of its cells are not values, of how many that are not empty.
        public var bad: Int
        public var filled: Int
        /// The first bad cell.
        public var first: Problem
        /// The `--columns` list that skips the column.
        public var columnsWithout: String

        public init(field: String, bad: Int, filled: Int, first: Problem, columnsWithout: String) {
            self.field = field
            self.bad = bad
            self.filled = filled
            self.first = first
            self.columnsWithout = columnsWithout
        }

        public var description: String {
            "\(field): \(bad) of \(filled) cells cannot be read, from line \(first.line) on; the first: \(first.message)"
        }
    }

    case unreadable(file: String, detail: String)
    /// Bytes that are not UTF-8, and no `--encoding` was given; the advice differs for a ChordPro
    /// file, which is no spreadsheet.
    case notUTF8(file: String, line: Int, chordPro: Bool = false)
    case unknownEncoding(String)
    /// A quoted field opened on `line` and never closed.
    case unterminatedQuote(file: String, line: Int)
    /// Text after the closing quote of a field, like `"Help"!`.
    case textAfterQuote(file: String, line: Int)
    case noTitleColumn(file: String, header: [String])
    case unknownColumnName(String)
    case notASongFile(file: String)
    /// A file with a ChordPro name and no directive at all, such as chords written over the lyrics.
    case notChordPro(file: String)
    /// The problems of a sheet (its rows, or a ChordPro file's directives, and its columns).
    case invalidRows(SongSheet)
    case several([SpreadsheetError])
    /// Files that cannot be read among others that can: `--skip-invalid` imports the others.
    case refusedFiles([SpreadsheetError])
    /// A folder `export-songs` cannot write its files into.
    case cannotWrite(path: String, detail: String)
    /// Another app's file that cannot be read (SongbookPro, OnSong, OpenSong, OpenLyrics, OpenLP).
    case appFile(AppFormatError)

    public var description: String {
        switch self {
        case .unreadable(let file, let detail):
            return "Cannot read \(file): \(detail)"
        case .notUTF8(let file, let line, true):
            return """
                \(file) is not UTF-8 text (line \(line) holds the first other byte); older song editors on Windows \
                write their own encoding. Read it with --encoding windows-1250 (Czech, Polish, Slovak), \
                --encoding iso-8859-2 or --encoding latin-1, or convert it first: \
                iconv -f WINDOWS-1250 -t UTF-8 \(file) > \(Self.converted(file)). Nothing was imported.
                """
        case .notUTF8(let file, let line, false):
            return """
                \(file) is not UTF-8 text (line \(line) holds the first other byte); an old Excel writes CSV in \
                its Windows encoding. Read it with --encoding windows-1250 (Czech, Polish, Slovak), \
                --encoding iso-8859-2 or --encoding latin-1, or convert it first: \
                iconv -f WINDOWS-1250 -t UTF-8 \(file) > converted.csv. In Excel, save it as "CSV UTF-8". Nothing was imported.
                """
        case .unknownEncoding(let name):
            return "Unknown encoding '\(name)'. Use one of: \(TextDecoding.encodingNames.joined(separator: ", "))."
        case .unterminatedQuote(let file, let line):
            return
                "\(file), line \(line): a quoted field starts here and is never closed. Add the closing \" (a quote inside a field is written twice: \"\"). Nothing was imported."
        case .textAfterQuote(let file, let line):
            return
                "\(file), line \(line): text follows the closing quote of a field. Put the whole field in quotes and write a quote inside it twice (\"\"). Nothing was imported."
        case .noTitleColumn(let file, let header):
            return "\(file) has no column of song titles; its header is: \(header.joined(separator: ", ")). "
                + "Name the columns with --columns, like --columns title,author,length,key,bpm,notes."
        case .unknownColumnName(let name):
            return "'\(name)' is not a column setlist knows. Use --columns with: \(SongColumn.typedNames)."
        case .notASongFile(let file):
            return
                "\(file) is neither CSV nor ChordPro. Import spreadsheets saved as CSV, or ChordPro files (.cho, .chordpro, .chopro, .crd)."
        case .notChordPro(let file):
            return """
                \(file) is not a ChordPro file: no line of it is a directive like {title: …} (chords written over \
                the lyrics are another format). Put {title: …} on its first line, or convert it with \
                chordpro --a2crd \(file) > \(Self.converted(file, extension: "cho")). Nothing was imported.
                """
        case .invalidRows(let sheet):
            return Self.invalid(sheet)
        case .several(let errors):
            return errors.map(\.description).joined(separator: "\n")
        case .refusedFiles(let errors):
            return errors.map(\.description).joined(separator: "\n")
                + "\nAdd --skip-invalid to import the other files."
        case .appFile(let error):
            return error.description
        case .cannotWrite(let path, let detail):
            return "Cannot write the songs to \(path): \(detail)"
        }
    }

    /// The name of a converted copy of `file`, beside it: "song.cho" gives "song-utf8.cho", and
    /// with the extension "cho", "song.crd" gives "song.cho".
    static func converted(_ file: String, extension newExtension: String? = nil) -> String {
        let stem = (file as NSString).deletingPathExtension
        let ext = (file as NSString).pathExtension
        if let newExtension, newExtension != ext.lowercased() { return "\(stem).\(newExtension)" }
        return ext.isEmpty ? stem + "-utf8" : "\(stem)-utf8.\(ext)"
    }

    /// Rows counted as rows (a row with three bad cells is one invalid row), a ChordPro file's
    /// directives as directives, and a column at fault once.
    static func invalid(_ sheet: SongSheet) -> String {
        let problems = sheet.problems, file = sheet.file
        var counts: [String] = []
        if !problems.isEmpty {
            if sheet.kind == .chordPro {
                counts.append("\(problems.count) invalid directive\(problems.count == 1 ? "" : "s")")
            } else {
                let rows = Set(problems.map(\.line)).count
                counts.append(
                    "\(rows) invalid row\(rows == 1 ? "" : "s")" + (problems.count > rows ? " (\(problems.count) bad cells)" : ""))
            }
        }
        let columns = sheet.columnProblems
        if !columns.isEmpty {
            counts.append(
                columns.count == 1 ? "a column of values setlist does not read" : "\(columns.count) columns of values setlist does not read"
            )
        }
        var lines = ["\(file) has \(counts.joined(separator: " and ")); nothing was imported:"]
        lines += problems.map { "  \(file), \($0)" }
        for column in columns {
            lines.append("  \(file), \(column)")
            lines.append("  If the column \(column.field) holds something else, leave it out: --columns \(column.columnsWithout)")
        }
        lines.append(
            "Correct them, or add --skip-invalid to import the other "
                + (sheet.kind == .chordPro ? "songs." : columns.isEmpty ? "rows." : "rows, and the songs without those cells."))
        return lines.joined(separator: "\n")
    }
}
