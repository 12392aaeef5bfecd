/// One line of a text box, drawn at a horizontal position: on its row's baseline, or at `y`
/// below the row's top in a row that is a block of lines (a two-column song).
struct Fragment {
    var box: TextBox
    var line: Int
    var x: Double
    var y: Double? = nil
}

/// A rule drawn relative to a row's top: horizontal at `y`, or down to `toY` when given (the
/// bar beside a chorus).
struct Rule {
    var fromX: Double
    var toX: Double
    var y: Double
    var thickness: Double = 0.6
    var gray: Double = 0.6
    var toY: Double? = nil
}

/// A grey rectangle drawn behind a row's text, relative to the row's top (a comment's box).
struct Shade {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var gray: Double
}

/// The unit of pagination: one line of text (perhaps of several boxes side by side, sharing a
/// baseline), never split across pages.
struct Row {
    var fragments: [Fragment]
    /// Space above the row, dropped at the top of a page.
    var spaceBefore: Double = 0
    /// Whether this row must stay on the same page as the next one.
    var keepWithNext = false
    var rules: [Rule] = []
    /// Drawn before the text, under it.
    var shades: [Shade] = []
    /// The outline entry this row starts, an index into ``FlowDocument/outline``.
    var outline: Int?
    /// Extra height below the text (for a rule under a heading).
    var extraBelow: Double = 0
    /// Whether this row starts a new page (the stage version plans its pages).
    var pageBreakBefore = false
    /// The row drawn above this one when it starts a page, an index into
    /// ``FlowDocument/continuations``: its song's title and "(continued)".
    var continuation: Int?
    /// The height of a row that is a block of lines placed each at its own ``Fragment/y``.
    var blockHeight: Double?
    /// Whether a section or a stanza of a chart starts here: where two columns best divide it.
    var startsParagraph = false

    /// The distance from the row's top to its shared baseline.
    // Measured in loops, not through arrays: pagination and two columns ask for them over and over.
    var ascent: Double {
        var tallest: Double?
        for fragment in fragments where fragment.y == nil {
            let ascent = fragment.box.lines[fragment.line].ascent
            if tallest.map({ ascent > $0 }) ?? true { tallest = ascent }
        }
        return tallest ?? 0
    }
    var height: Double {
        if let blockHeight { return blockHeight + extraBelow }
        var deepest: Double?
        for fragment in fragments {
            let descent = fragment.box.lines[fragment.line].descent
            if deepest.map({ descent > $0 }) ?? true { deepest = descent }
        }
        return (deepest ?? 0) + ascent + extraBelow
    }

    /// The rows of every line of `box` at `x`; the first row also carries `leading` (such as a
    /// song's number beside its first line).
    static func lines(
        of box: TextBox, x: Double, leading: [Fragment] = [], spaceBefore: Double = 0,
        keepTogether: Bool = false
    ) -> [Row] {
        box.lines.indices.map { index in
            Row(
                fragments: (index == 0 ? leading : []) + [Fragment(box: box, line: index, x: x)],
                spaceBefore: index == 0 ? spaceBefore : 0,
                keepWithNext: keepTogether && index < box.lines.count - 1)
        }
    }
}

/// An entry of the PDF outline (bookmarks).
struct OutlineEntry {
    var title: String
    /// The index of the parent entry; nil at the top level.
    var parent: Int?
    var bold = false
}

/// A row placed on a page: `y` is the top of the row.
struct PlacedRow {
    var row: Int
    var y: Double
    /// Whether this places the continuation of `row` (see ``Row/continuation``), not the row.
    var isContinuation = false
}

/// Rows made when first asked for, once each: most documents never draw their continuations, so
/// they are not laid out ahead.
final class RowsOnDemand {
    private let make: (Int) -> Row
    private var made: [Int: Row] = [:]

    init(_ make: @escaping (Int) -> Row) { self.make = make }

    subscript(index: Int) -> Row {
        if let row = made[index] { return row }
        let row = make(index)
        made[index] = row
        return row
    }
}

/// Rows laid out for a page size, before pagination.
struct FlowDocument {
    var rows: [Row] = []
    /// The rows that say at the top of a page whose song started on an earlier one, by
    /// ``Row/continuation``.
    var continuations = RowsOnDemand { _ in Row(fragments: []) }
    var outline: [OutlineEntry] = []
    /// The text of the footer's left side (the playlist's name); nil for no footer.
    var footerTitle: String?
    /// Whether the footer says "Page i of n" even when there is a single page.
    var numberSinglePage = true

    /// The space between a continuation and the row it goes above.
    static let continuationGap = 6.0

    mutating func append(_ more: [Row]) { rows += more }

    /// The row to draw where `placed` is.
    func row(for placed: PlacedRow) -> Row {
        placed.isContinuation ? continuations[rows[placed.row].continuation!] : rows[placed.row]
    }

    /// Splits rows into pages whose content fits between `top` and `bottom`. A row that does not
    /// fit goes to the next page together with the rows chained to it by ``Row/keepWithNext``,
    /// unless that chain alone fills the page; a row with ``Row/pageBreakBefore`` starts a page,
    /// and one with a ``Row/continuation`` that starts a page has it drawn above.
    func paginate(top: Double, bottom: Double) -> [[PlacedRow]] {
        var pages: [[PlacedRow]] = []
        var current: [PlacedRow] = []
        var y = top
        var index = 0
        while index < rows.count {
            let row = rows[index]
            if row.pageBreakBefore, !current.isEmpty {
                pages.append(current)
                current = []
                y = top
            }
            if current.isEmpty, let continuation = row.continuation {
                current.append(PlacedRow(row: index, y: y, isContinuation: true))
                y += continuations[continuation].height + Self.continuationGap
            }
            // The first row of a page goes on it whatever its height, so that nothing is lost.
            let first = current.allSatisfy(\.isContinuation)
            let space = first ? 0 : row.spaceBefore
            if first || y + space + row.height <= bottom + 0.001 {
                current.append(PlacedRow(row: index, y: y + space))
                y += space + row.height
                index += 1
                continue
            }
            var start = index
            while start > 0, rows[start - 1].keepWithNext { start -= 1 }
            if let first = current.first(where: { !$0.isContinuation })?.row, start > first {
                current.removeLast(index - start)
                index = start
            }
            pages.append(current)
            current = []
            y = top
        }
        if !current.isEmpty || pages.isEmpty { pages.append(current) }
        return pages
    }

    /// The height of all rows stacked on one page (spaces included, the first one dropped).
    var totalHeight: Double {
        rows.enumerated().reduce(0) { $0 + $1.element.height + ($1.offset == 0 ? 0 : $1.element.spaceBefore) }
    }
}
