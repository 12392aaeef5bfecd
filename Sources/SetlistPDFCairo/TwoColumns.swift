/// A song too long for one page set in two columns of one, so the band need not turn a page
/// in the middle of it.
enum TwoColumns {
    /// The space between the columns.
    static let gutter = 18.0

    /// The rows of a chart laid out at column width, as one block row of two columns no taller
    /// than `height`, split where no row is kept with the next and as evenly as that allows;
    /// nil when it does not fit.
    static func block(_ rows: [Row], columnWidth: Double, height: Double) -> Row? {
        guard let best = split(rows, height: height) else { return nil }
        var block = Row(fragments: [])
        block.blockHeight = best.tallest
        for (column, part) in [rows[..<best.split], rows[best.split...]].enumerated() {
            place(part, dx: Double(column) * (columnWidth + gutter), in: &block)
        }
        return block
    }

    /// Where the second column starts and the taller column's height: at the start of a section
    /// or stanza when one lets both columns fit (a verse is not cut in two), else between any
    /// two rows not kept together; as evenly as that allows. Nil when no split fits.
    static func split(_ rows: [Row], height: Double) -> (split: Int, tallest: Double)? {
        guard rows.count > 1 else { return nil }
        // Each row measured once; the columns' heights are the sums height(of:) makes, added in
        // the same order, so the split is the same to the last bit.
        let heights = rows.map(\.height), spaces = rows.map(\.spaceBefore)
        func stacked(_ range: Range<Int>) -> Double {
            var total = 0.0
            for index in range { total = total + heights[index] + (index == range.lowerBound ? 0 : spaces[index]) }
            return total
        }
        var best: (split: Int, tallest: Double)?, bestParagraph: (split: Int, tallest: Double)?
        for split in 1..<rows.count where !rows[split - 1].keepWithNext {
            let tallest = max(stacked(0..<split), stacked(split..<rows.count))
            guard tallest <= height else { continue }
            if tallest < best?.tallest ?? .infinity { best = (split, tallest) }
            if rows[split].startsParagraph, tallest < bestParagraph?.tallest ?? .infinity { bestParagraph = (split, tallest) }
        }
        return bestParagraph ?? best
    }

    /// The height of rows stacked from the top of a column, the first one's space above dropped.
    static func height(of rows: ArraySlice<Row>) -> Double {
        rows.enumerated().reduce(0) { $0 + $1.element.height + ($1.offset == 0 ? 0 : $1.element.spaceBefore) }
    }

    /// Copies `rows` into `block`, stacked from its top and moved `dx` to the right.
    private static func place(_ rows: ArraySlice<Row>, dx: Double, in block: inout Row) {
        var y = 0.0
        for (offset, row) in rows.enumerated() {
            if offset > 0 { y += row.spaceBefore }
            let baseline = y + row.ascent
            block.fragments += row.fragments.map { Fragment(box: $0.box, line: $0.line, x: $0.x + dx, y: baseline) }
            block.rules += row.rules.map {
                Rule(
                    fromX: $0.fromX + dx, toX: $0.toX + dx, y: y + (offset == 0 ? max($0.y, 0) : $0.y), thickness: $0.thickness,
                    gray: $0.gray, toY: $0.toY.map { y + $0 })
            }
            block.shades += row.shades.map { Shade(x: $0.x + dx, y: y + $0.y, width: $0.width, height: $0.height, gray: $0.gray) }
            y += row.height
        }
    }
}
