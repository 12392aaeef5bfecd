import SetlistModel
import SetlistSupport

/// Reads the songs of a CSV file: a header row (or `--columns`), then one song per row.
public enum CSVSongs {
    /// The songs and invalid rows of `text`.
    /// - Parameter columns: what each column holds, from `--columns`; nil reads the header.
    public static func read(
        _ text: String, file: String, columns: [SongColumn?]? = nil, notation: KeyNotation = .english
    ) throws(SpreadsheetError) -> SongSheet {
        let table = try CSVTable(text: text, file: file)
        var records = table.records.drop(while: \.isBlank)
        guard let first = records.first else { return SongSheet(file: file, kind: .csv) }
        var sheet = SongSheet(file: file, kind: .csv)
        let mapping: [SongColumn?]
        var labels: [String]
        if let columns {
            mapping = columns
            labels = columns.map { $0?.typedName ?? "-" }
            if isHeader(first.fields, mapping: columns) {
                sheet.headerRow = first.fields
                records = records.dropFirst()
            }
        } else {
            let header = CSVHeader(first.fields, file: file)
            mapping = header.mapping
            sheet.ignoredColumns = header.ignored
            sheet.warnings = header.warnings
            guard mapping.contains(.name) else { throw .noTitleColumn(file: file, header: first.fields.map(SongCells.shown)) }
            labels = first.fields.map { SongCells.shown($0.trimmingCharacters(in: .whitespaces)) }
            records = records.dropFirst()
        }
        func label(_ column: SongColumn) -> String { mapping.firstIndex(of: column).map { labels[$0] } ?? column.rawValue }

        var rows: [(line: Int, cells: [SongColumn: String])] = []
        for record in records where !record.isBlank {
            if record.fields.count > mapping.count,
                record.fields[mapping.count...].contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
            {
                sheet.problems.append(
                    .init(
                        line: record.line, field: nil,
                        message: "The row has \(record.fields.count) fields but the header \(mapping.count). "
                            + "Put a field that holds a '\(Character(table.delimiter) == "\t" ? "tab" : String(Character(table.delimiter)))' in quotes."
                    ))
                continue
            }
            var cells: [SongColumn: String] = [:]
            for (index, column) in mapping.enumerated() {
                guard let column, index < record.fields.count else { continue }
                cells[column] = record.fields[index]
            }
            rows.append((record.line, cells))
        }
        if let lengths = TimeOfDayLengths.minutesAndSeconds(rows.map { $0.cells[.length] ?? "" }) {
            let example = rows.lazy.compactMap { $0.cells[.length] }.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            sheet.warnings.append(
                "\(file): the column \(label(.length)) holds times of day (\(ControlCharacters.quoted(example))), as a spreadsheet "
                    + "saves a length m:ss it took for a time; they are read as minutes and seconds (\(lengths.first { !$0.isEmpty } ?? ""))."
            )
            for index in rows.indices where rows[index].cells[.length] != nil { rows[index].cells[.length] = lengths[index] }
        }
        // A column whose cells are mostly not values is at fault as a whole: reported once, and
        // with --skip-invalid its songs come in without those cells. Each row is read once with
        // its value cells set aside, then judged.
        let values: [SongColumn] = [.length, .key, .bpm]
        let reads = rows.map { SongCells.fields($0.cells, line: $0.line, notation: notation, leavingOut: Set(values), label: label) }
        let faulted = faultedColumns(rows.map(\.cells), leftOut: reads.map(\.leftOut), values: values)
        for (row, read) in zip(rows, reads) {
            let bad = values.compactMap { faulted[$0] == nil ? read.leftOut[$0] : nil }
            sheet.problems += read.problems + bad
            if bad.isEmpty, let fields = read.fields { sheet.songs.append(IncomingSong(line: row.line, fields: fields, set: read.set)) }
        }
        sheet.problems.sort { $0.line < $1.line }
        sheet.columnProblems = faulted.sorted { $0.value.first.line < $1.value.first.line }.map { column, fault in
            .init(
                field: label(column), bad: fault.bad, filled: fault.filled, first: fault.first,
                columnsWithout: CSVHeader.columnsList(mapping, without: column))
        }
        sheet.warnings += SongCells.longSongWarnings(sheet.songs, file: file)
        return sheet
    }

    /// The columns at fault, with their first bad cell: at least three cells that are not values,
    /// and more than half of the column's filled cells.
    /// - Parameter leftOut: per row, the cells of `values` that are not values.
    static func faultedColumns(
        _ rows: [[SongColumn: String]], leftOut: [[SongColumn: SpreadsheetError.Problem]], values: [SongColumn]
    ) -> [SongColumn: (first: SpreadsheetError.Problem, bad: Int, filled: Int)] {
        var faults: [SongColumn: (first: SpreadsheetError.Problem, bad: Int, filled: Int)] = [:]
        for column in values {
            let bad = leftOut.compactMap { $0[column] }
            guard let first = bad.first, bad.count >= 3 else { continue }
            let filled = rows.filter { !($0[column] ?? "").trimmingCharacters(in: .whitespaces).isEmpty }.count
            if bad.count * 2 > filled { faults[column] = (first, bad.count, filled) }
        }
        return faults
    }

    /// With `--columns`, whether the first row is a header after all: a cell names the field of
    /// its own column ("By" over the authors), or its length, key or tempo cells are not values.
    /// The report shows the row. A song titled "Time" is no header: only its own column's name is.
    static func isHeader(_ cells: [String], mapping: [SongColumn?]) -> Bool {
        let namesItsColumn = zip(cells, mapping).contains { cell, column in column != nil && SongColumn(header: cell) == column }
        if namesItsColumn { return true }
        for (index, column) in mapping.enumerated() where index < cells.count {
            let cell = cells[index].trimmingCharacters(in: .whitespaces)
            guard !cell.isEmpty else { continue }
            switch column {
            case .length:
                if SongLength.seconds(from: cell) == nil { return true }
            case .key:
                if MusicalKey(parsing: cell, notation: .german) == nil && MusicalKey(parsing: cell) == nil { return true }
            case .bpm:
                if (try? Tempo.parse(cell)) == nil { return true }
            default: continue
            }
        }
        return false
    }
}
