import SetlistAppFormats
import SetlistModel
import SetlistSupport

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
    public enum Kind: Hashable, Sendable {
        case csv
        case chordPro
        /// Another app's file (``AppFormats``).
        case app(AppLibrary.Format)

        /// What the report calls it: "CSV", "ChordPro", "SongbookPro backup".
        public var name: String {
            switch self {
            case .csv: "CSV"
            case .chordPro: "ChordPro"
            case .app(let format): format.rawValue
            }
        }
    }

    /// The file as the user named it.
    public var file: String
    public var kind: Kind
    public var songs: [IncomingSong]
    /// Every invalid row, in file order.
    public var problems: [SpreadsheetError.Problem]
    /// Header names that are not song fields, each once, in file order; they are ignored.
    public var ignoredColumns: [String]
    /// Columns most of whose cells are not values; with `--skip-invalid` their songs are imported
    /// without those cells.
    public var columnProblems: [SpreadsheetError.ColumnProblem] = []
    /// What must not pass unnoticed though it does not stop the import, each naming the file: a
    /// column left out that names a song field, lengths read back from a spreadsheet's times of
    /// day, a song over an hour long.
    public var warnings: [String] = []
    /// With `--columns`, the first row when it was read as the file's header and not imported.
    public var headerRow: [String]?
    /// Another app's sets (or service), each made a setlist of copies of ``songs``.
    public var sets: [AppSet] = []
    /// What another app's file holds that does not come over, each with why.
    public var leftOut: [String] = []

    /// Whether the sheet has anything that refuses it without `--skip-invalid`.
    public var isInvalid: Bool { !problems.isEmpty || !columnProblems.isEmpty }

    public init(
        file: String, kind: Kind, songs: [IncomingSong] = [], problems: [SpreadsheetError.Problem] = [], ignoredColumns: [String] = []
    ) {
        self.file = file
        self.kind = kind
        self.songs = songs
        self.problems = problems
        self.ignoredColumns = ignoredColumns
    }

    /// The sheet of another app's file.
    init(file: String, library: AppLibrary) {
        self.init(
            file: file, kind: .app(library.format),
            songs: library.songs.map { IncomingSong(line: $0.line, fields: $0.fields) })
        sets = library.sets
        leftOut = library.leftOut
        warnings = library.warnings
    }
}

/// Turns the cells of one row into song fields through SetlistModel's value parsers.
enum SongCells {
    /// The fields of a row, or the problems with its cells; `label` names a column for the error.
    /// - Parameters:
    ///   - lines: where each cell is, when not on `line` (a ChordPro file's directives).
    ///   - leavingOut: columns whose bad cells are left out of the song, as `leftOut`, rather than
    ///     refusing the row.
    static func fields(
        _ cells: [SongColumn: String], line: Int, lines: [SongColumn: Int] = [:], notation: KeyNotation,
        leavingOut: Set<SongColumn> = [], label: (SongColumn) -> String
    ) -> (fields: SongFields?, set: String?, problems: [SpreadsheetError.Problem], leftOut: [SongColumn: SpreadsheetError.Problem]) {
        var problems: [SpreadsheetError.Problem] = [], leftOut: [SongColumn: SpreadsheetError.Problem] = [:]
        func value<T>(_ column: SongColumn, _ parse: (String) throws(ValueError) -> T) -> T? {
            guard let raw = cells[column].map(unguarded), !raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            do {
                return try parse(raw)
            } catch {
                let problem = SpreadsheetError.Problem(line: lines[column] ?? line, field: label(column), message: error.description)
                if leavingOut.contains(column) { leftOut[column] = problem } else { problems.append(problem) }
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
        guard let name, problems.isEmpty else { return (nil, nil, problems, leftOut) }
        return (SongFields(name: name, author: author, length: length, key: key, bpm: bpm, notes: notes), set, [], leftOut)
    }

    /// A header or directive name from a file as messages show it: as written, or quoted as every
    /// message quotes text (``ControlCharacters/quoted(_:limit:)``) when it holds an invisible
    /// character, such as a terminal's escape.
    static func shown(_ label: String) -> String {
        label.unicodeScalars.contains(where: ControlCharacters.isInvisible) ? ControlCharacters.quoted(label) : label
    }

    /// A warning for each song over an hour long, which a spreadsheet may have made of a length
    /// (it reads 4:05 as 4:05 in the morning and saves 04:05:00).
    static func longSongWarnings(_ songs: [IncomingSong], file: String) -> [String] {
        songs.compactMap { song in
            guard let length = song.fields.length, length >= 3600 else { return nil }
            return "\(file), line \(song.line): \(song.fields.name) is \(SongLength.format(length)) long. If that is a mistake, "
                + "correct the length (setlist edit-song \(ShellWord.quoted(song.fields.name)) --length M:SS)."
        }
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
