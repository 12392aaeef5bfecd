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

    /// Lays the table out; columns empty in every row are left out.
    func render() -> String {
        let used = headers.indices.filter { column in rows.contains { !$0[column].isEmpty } || rows.isEmpty }
        let widths = used.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(displayWidth).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (slot, column) in used.enumerated() {
                let cell = cells[column]
                let pad = String(repeating: " ", count: max(0, widths[slot] - displayWidth(cell)))
                parts.append(alignments[column] == .right ? pad + cell : cell + pad)
            }
            var text = parts.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text
        }
        var lines = [line(headers)]
        for (index, row) in rows.enumerated() {
            if let separator = separators[index] { lines.append(separator) }
            lines.append(line(row))
        }
        if let separator = separators[rows.count] { lines.append(separator) }
        return lines.joined(separator: "\n")
    }
}

/// Columns a string takes in a terminal: wide East Asian letters and emoji take two.
func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { width, scalar in
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return width
        default: break
        }
        let value = scalar.value
        let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
            || (0x20000...0x3FFFD).contains(value)
        return width + (wide ? 2 : 1)
    }
}
