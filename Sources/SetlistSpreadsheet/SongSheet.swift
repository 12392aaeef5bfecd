import SetlistModel

/// A song read from a file, with where it came from.
public struct IncomingSong: Hashable, Sendable {
    /// The 1-based line where its row (or, for ChordPro, its file) starts.
    public var line: Int
    public var fields: SongFields
    /// The set it belongs to in a setlist spreadsheet (a Set column), when there is one.
    public var set: String?

    public init(line: Int, fields: SongFields, set: String? = nil) {
        self.line = line
        self.fields = fields
        self.set = set
    }
}

/// What one file holds: its songs in order, the rows that could not be read, and the columns
/// nobody asked for.
public struct SongSheet: Hashable, Sendable {
    public enum Kind: String, Sendable {
        case csv = "CSV"
        case chordPro = "ChordPro"
    }

    /// The file as the user named it.
    public var file: String
    public var kind: Kind
    public var songs: [IncomingSong]
    /// Every invalid row, in file order.
    public var problems: [SpreadsheetError.Problem]
    /// Header names that are not song fields, each once, in file order; they are ignored.
    public var ignoredColumns: [String]

    public init(
        file: String, kind: Kind, songs: [IncomingSong] = [], problems: [SpreadsheetError.Problem] = [], ignoredColumns: [String] = []
    ) {
        self.file = file
        self.kind = kind
        self.songs = songs
        self.problems = problems
        self.ignoredColumns = ignoredColumns
    }
}

/// Turns the cells of one row into song fields through SetlistModel's value parsers.
enum SongCells {
    /// The fields of a row, or the problems with its cells; `label` names a column for the error.
    static func fields(
        _ cells: [SongColumn: String], line: Int, notation: KeyNotation, label: (SongColumn) -> String
    ) -> (fields: SongFields?, set: String?, problems: [SpreadsheetError.Problem]) {
        var problems: [SpreadsheetError.Problem] = []
        func value<T>(_ column: SongColumn, _ parse: (String) throws(ValueError) -> T) -> T? {
            guard let raw = cells[column].map(unguarded), !raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            do {
                return try parse(raw)
            } catch {
                problems.append(.init(line: line, field: label(column), message: error.description))
                return nil
            }
        }
        let name = value(.name) { (text) throws(ValueError) in try Text.cleanName(text, field: "title") }
        let author = value(.author) { (text) throws(ValueError) in try Text.cleanName(text, field: "author") }
        let length = value(.length, SongLength.parse)
        let key = value(.key) { (text) throws(ValueError) in try MusicalKey.parse(text, notation: notation) }
        let bpm = value(.bpm, Tempo.parse)
        let notes = value(.notes, Text.cleanNotes) ?? nil
        let set = value(.set) { (text) throws(ValueError) in try Text.cleanName(text, field: "set") }
        if name == nil, problems.isEmpty {
            problems.append(.init(line: line, field: label(.name), message: "The title is empty. Every song needs one."))
        }
        guard let name, problems.isEmpty else { return (nil, nil, problems) }
        return (SongFields(name: name, author: author, length: length, key: key, bpm: bpm, notes: notes), set, [])
    }

    /// Spreadsheets run a cell that starts with = + - or @ as a formula, so the export puts an
    /// apostrophe before such a cell (and before one that already starts with apostrophes and
    /// such a sign); reading takes one off again.
    static func guarded(_ text: String) -> String {
        needsGuard(text) ? "'" + text : text
    }

    static func unguarded(_ text: String) -> String {
        text.hasPrefix("'") && needsGuard(String(text.dropFirst())) ? String(text.dropFirst()) : text
    }

    private static func needsGuard(_ text: String) -> Bool {
        guard let first = text.drop(while: { $0 == "'" }).first else { return false }
        return "=+-@".contains(first)
    }
}
