import SetlistModel
import SetlistSupport

/// What the header row of a CSV file names: one column per song field, and what is left out.
struct CSVHeader {
    var mapping: [SongColumn?] = []
    /// Header names that are no song field, each once; listed and left out.
    var ignored: [String] = []
    /// Columns left out though their header names a song field ("Composer" beside "Artist",
    /// "Main Key"): said loudly, with the `--columns` list that reads them.
    var warnings: [String] = []

    init(_ cells: [String], file: String) {
        var loud: [(index: Int, name: String, field: SongColumn)] = []
        for (index, cell) in cells.enumerated() {
            let column = SongColumn(header: cell)
            let name = cell.trimmingCharacters(in: .whitespaces)
            if let column, !mapping.contains(column) {
                mapping.append(column)
                continue
            }
            mapping.append(nil)
            if let field = column ?? SongColumn.field(mentionedIn: name), field != .position {
                loud.append((index, name, field))
            } else if !name.isEmpty, !ignored.contains(name), column != .position {
                ignored.append(name)
            }
        }
        for column in loud {
            let shown = ControlCharacters.quoted(column.name)
            let list = Self.columnsList(mapping, reading: column.field, at: column.index)
            if let other = mapping.firstIndex(of: column.field) {
                let by = ControlCharacters.quoted(cells[other].trimmingCharacters(in: .whitespaces))
                warnings.append(
                    "\(file): the column \(shown) is left out: the column \(by) already gives the \(Self.fieldName(column.field)). "
                        + "To read it instead, name the columns: --columns \(list)")
            } else {
                warnings.append(
                    "\(file): the column \(shown) is left out, though it names the \(Self.fieldName(column.field)). "
                        + "To read it, name the columns: --columns \(list)")
            }
        }
    }

    /// The `--columns` list of `mapping` with `field` read from column `index` (and from no other).
    static func columnsList(_ mapping: [SongColumn?], reading field: SongColumn, at index: Int) -> String {
        mapping.enumerated().map { position, column in
            position == index ? field.typedName : column == field ? "-" : column?.typedName ?? "-"
        }.joined(separator: ",")
    }

    /// The `--columns` list of `mapping` without `field`.
    static func columnsList(_ mapping: [SongColumn?], without field: SongColumn) -> String {
        mapping.map { $0 == field ? "-" : $0?.typedName ?? "-" }.joined(separator: ",")
    }

    static func fieldName(_ field: SongColumn) -> String {
        switch field {
        case .name: "title"
        case .bpm: "tempo"
        default: field.rawValue
        }
    }
}
