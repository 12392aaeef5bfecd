import SetlistCore

/// An aligned plain-text table for people.
struct Table {
    enum Alignment { case left, right }

    var headers: [String]
    var alignments: [Alignment]
    var rows: [[String]] = []
    /// Lines printed as they are between rows (breaks between sets), keyed by the row they precede.
    var separators: [Int: String] = [:]

    init(_ columns: [(String, Alignment)]) {
        headers = columns.map(\.0)
        alignments = columns.map(\.1)
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    /// Lays the table out; columns empty in every row are left out. The header is bold when
    /// `emphasis` allows (by default, standard output's).
    func render(_ emphasis: Emphasis = CommandContext.current.outputEmphasis) -> String {
        let used = headers.indices.filter { column in rows.contains { !$0[column].isEmpty } || rows.isEmpty }
        let widths = used.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(Cells.width).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (slot, column) in used.enumerated() {
                let cell = cells[column]
                let pad = String(repeating: " ", count: max(0, widths[slot] - Cells.width(cell)))
                parts.append(alignments[column] == .right ? pad + cell : cell + pad)
            }
            var text = parts.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text
        }
        var lines = [emphasis.strong(line(headers))]
        for (index, row) in rows.enumerated() {
            if let separator = separators[index] { lines.append(separator) }
            lines.append(line(row))
        }
        if let separator = separators[rows.count] { lines.append(separator) }
        return lines.joined(separator: "\n")
    }
}
