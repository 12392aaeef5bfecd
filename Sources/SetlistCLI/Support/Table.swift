import SetlistModel

/// An aligned plain-text table for people, fitted to the output's width.
struct Table {
    /// `.text` is left-aligned text that may be cut with "…" to fit the width (names, authors,
    /// commands); `.left` and `.right` columns (numbers, keys, ids, dates) are never cut.
    enum Alignment { case left, right, text }

    var headers: [String]
    var alignments: [Alignment]
    var rows: [[String]] = []
    /// Lines printed as they are between rows (breaks between sets), keyed by the row they precede.
    var separators: [Int: String] = [:]
    /// A mark at the end of a cell (`show`'s "*" for a field where the copy differs from its
    /// original) that stays when the cell is cut: "Bohemian Rh…*".
    var marker: String?

    /// Headers of the columns left out, in this order, when the table does not fit the width
    /// even with every text column at its minimum (a 40-column terminal): what matters least first.
    var leftOutWhenNarrow: [String] = []

    /// Columns a `.text` column keeps at least (fewer only when all its cells are narrower).
    static let minimumTextWidth = 6

    /// The column that matters most (`show`'s titles): it keeps ``titleWidth`` columns (or its
    /// whole width, when narrower) while a ``leftOutWhenNarrow`` column can still go, so that a
    /// start time or an author gives way before a title is cut to a few letters.
    var titleColumn: String?
    static let titleWidth = 20

    init(_ columns: [(String, Alignment)]) {
        headers = columns.map(\.0)
        alignments = columns.map(\.1)
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    /// The table laid out for standard output of a command running in `context`: bold headers
    /// where it allows them, fitted to its width (``CommandContext/outputWidth``).
    func render(for context: CommandContext) -> String {
        render(context.outputEmphasis, width: context.outputWidth)
    }

    /// Lays the table out; columns empty in every row are left out. The header is bold when
    /// `emphasis` allows. With a `width`, the widest text columns shrink first until the table
    /// fits, their cells cut with "…" by display width; when they cannot shrink enough, the
    /// ``leftOutWhenNarrow`` columns go, one at a time.
    func render(_ emphasis: Emphasis, width: Int?) -> String {
        var used = headers.indices.filter { column in rows.contains { !$0[column].isEmpty } || rows.isEmpty }
        // Each cell measured once: the widths serve the columns' widths and every cell's padding.
        let headerWidths = headers.map(Cells.width)
        let cellWidths = rows.map { $0.map(Cells.width) }
        var widths: [Int] = []
        var leftOut = leftOutWhenNarrow[...]
        while true {
            widths = used.map { column in cellWidths.reduce(headerWidths[column]) { max($0, $1[column]) } }
            let title = leftOut.isEmpty ? nil : used.firstIndex { headers[$0] == titleColumn }
            guard let width, shrink(&widths, columns: used, to: width, keeping: title) > 0 else { break }
            // Once nothing more can go, the title shrinks like the others (`title` is nil then).
            guard let next = leftOut.popFirst() else { break }
            used.removeAll { headers[$0] == next }
        }
        // The table is written as bytes into one buffer, not appended to a String cell by cell
        // and space by space: `songs` prints every song.
        var output: [UInt8] = []
        output.reserveCapacity((widths.reduce(2 * used.count, +) + 1) * (rows.count + 1))
        func line(_ cells: [String], _ cellWidths: [Int]) {
            let start = output.count
            for (slot, column) in used.enumerated() {
                if slot > 0 { output.append(contentsOf: repeatElement(0x20, count: 2)) }
                let (cell, cellWidth) = fit(cells[column], width: cellWidths[column], to: widths[slot])
                let pad = max(0, widths[slot] - cellWidth)
                if alignments[column] == .right {
                    output.append(contentsOf: repeatElement(0x20, count: pad))
                    output.append(contentsOf: cell.utf8)
                } else {
                    output.append(contentsOf: cell.utf8)
                    output.append(contentsOf: repeatElement(0x20, count: pad))
                }
            }
            Self.dropTrailingSpaces(&output, from: start)
        }
        func separator(_ text: String) -> String {
            guard let width else { return text }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Cells.truncate(String($0), to: width) }
            return Text.joined(lines, separator: "\n")
        }
        line(headers, headerWidths)
        let header = String(decoding: output, as: UTF8.self)
        output.removeAll(keepingCapacity: true)
        output.append(contentsOf: emphasis.strong(header).utf8)
        for (index, row) in rows.enumerated() {
            output.append(0x0A)
            if let text = separators[index] {
                output.append(contentsOf: separator(text).utf8)
                output.append(0x0A)
            }
            line(row, cellWidths[index])
        }
        if let text = separators[rows.count] {
            output.append(0x0A)
            output.append(contentsOf: separator(text).utf8)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Drops the spaces that end the line written from `start` on: each space that is a character
    /// of its own (`line.last == " "`). A space after a scalar below U+0300 always is; after any
    /// other it may belong to that character (U+0600 and the other prepended signs join what
    /// follows), so the characters answer.
    static func dropTrailingSpaces(_ output: inout [UInt8], from start: Int) {
        var end = output.count
        while end > start && output[end - 1] == 0x20 { end -= 1 }
        if end == output.count { return }
        // The first byte of the scalar before the spaces: below 0xCC is below U+0300.
        var lead = end - 1
        while lead > start && output[lead] & 0xC0 == 0x80 { lead -= 1 }
        if end == start || output[lead] < 0xCC {
            output.removeSubrange(end...)
            return
        }
        var text = String(decoding: output[start...], as: UTF8.self)
        while text.last == " " { text.removeLast() }
        output.replaceSubrange(start..., with: text.utf8)
    }

    /// The cell cut to `width` columns, its ``marker`` kept, and the columns it then takes;
    /// `cellWidth` is the columns it takes whole.
    private func fit(_ cell: String, width cellWidth: Int, to width: Int) -> (String, Int) {
        guard cellWidth > width else { return (cell, cellWidth) }
        let cut: String
        if let marker, cell.hasSuffix(marker), width > Cells.width(marker) {
            cut = Cells.truncate(String(cell.dropLast(marker.count)), to: width - Cells.width(marker)) + marker
        } else {
            cut = Cells.truncate(cell, to: width)
        }
        return (cut, Cells.width(cut))
    }

    /// Narrows the widest `.text` column by one column at a time until the table fits `width`
    /// or every text column is at its minimum (the slot `keeping` at ``titleWidth``); returns
    /// how many columns it is still too wide.
    private func shrink(_ widths: inout [Int], columns: [Int], to width: Int, keeping title: Int? = nil) -> Int {
        var excess = widths.reduce(0, +) + 2 * max(0, widths.count - 1) - width
        let minimums = widths.indices.map { min(widths[$0], $0 == title ? Self.titleWidth : Self.minimumTextWidth) }
        while excess > 0 {
            let candidates = widths.indices.filter { alignments[columns[$0]] == .text && widths[$0] > minimums[$0] }
            guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { return excess }
            widths[widest] -= 1
            excess -= 1
        }
        return 0
    }
}
