import SetlistModel

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
            labels = columns.map { $0?.rawValue ?? "-" }
            if isHeader(first.fields, mapping: columns) { records = records.dropFirst() }
        } else {
            (mapping, sheet.ignoredColumns) = header(first.fields)
            guard mapping.contains(.name) else { throw .noTitleColumn(file: file, header: first.fields) }
            labels = first.fields.map { $0.trimmingCharacters(in: .whitespaces) }
            records = records.dropFirst()
        }
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
            let row = SongCells.fields(cells, line: record.line, notation: notation) { column in
                mapping.firstIndex(of: column).map { labels[$0] } ?? column.rawValue
            }
            sheet.problems += row.problems
            if let fields = row.fields { sheet.songs.append(IncomingSong(line: record.line, fields: fields, set: row.set)) }
        }
        return sheet
    }

    /// What each header cell names; a name that is not a song field, or a field named twice, is
    /// ignored and reported once.
    static func header(_ cells: [String]) -> ([SongColumn?], ignored: [String]) {
        var mapping: [SongColumn?] = [], ignored: [String] = []
        for cell in cells {
            let column = SongColumn(header: cell)
            if let column, !mapping.contains(column) {
                mapping.append(column)
            } else {
                mapping.append(nil)
                let name = cell.trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, !ignored.contains(name), column != .position { ignored.append(name) }
            }
        }
        return (mapping, ignored)
    }

    /// With `--columns`, whether the first row is a header after all: its length, key or tempo
    /// cells are not values, or, when it has none of those, one of its cells is a known header.
    static func isHeader(_ cells: [String], mapping: [SongColumn?]) -> Bool {
        var checked = false
        for (index, column) in mapping.enumerated() where index < cells.count {
            let cell = cells[index].trimmingCharacters(in: .whitespaces)
            guard !cell.isEmpty else { continue }
            switch column {
            case .length:
                checked = true
                if SongLength.seconds(from: cell) == nil { return true }
            case .key:
                checked = true
                if MusicalKey(parsing: cell, notation: .german) == nil && MusicalKey(parsing: cell) == nil { return true }
            case .bpm:
                checked = true
                if (try? Tempo.parse(cell)) == nil { return true }
            default: continue
            }
        }
        return !checked && cells.contains { SongColumn(header: $0) != nil }
    }
}
