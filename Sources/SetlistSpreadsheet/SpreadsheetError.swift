import SetlistModel

/// A song file (CSV or ChordPro) that cannot be read, or rows in it that cannot be imported.
/// Every case names the file, and where it can the line and the column at fault.
public enum SpreadsheetError: SetlistError, Equatable, Sendable {
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

    case unreadable(file: String, detail: String)
    /// Bytes that are not UTF-8, and no `--encoding` was given.
    case notUTF8(file: String, line: Int)
    case unknownEncoding(String)
    /// A quoted field opened on `line` and never closed.
    case unterminatedQuote(file: String, line: Int)
    /// Text after the closing quote of a field, like `"Help"!`.
    case textAfterQuote(file: String, line: Int)
    case noTitleColumn(file: String, header: [String])
    case unknownColumnName(String)
    case notASongFile(file: String)
    case invalidRows(file: String, problems: [Problem])
    case several([SpreadsheetError])

    public var description: String {
        switch self {
        case .unreadable(let file, let detail):
            return "Cannot read \(file): \(detail)"
        case .notUTF8(let file, let line):
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
        case .invalidRows(let file, let problems):
            return "\(file) has \(problems.count) invalid row\(problems.count == 1 ? "" : "s"); nothing was imported:\n"
                + problems.map { "  \(file), \($0)" }.joined(separator: "\n")
                + "\nCorrect them, or add --skip-invalid to import the other rows."
        case .several(let errors):
            return errors.map(\.description).joined(separator: "\n")
        }
    }
}
