import SetlistModel
import SetlistPDF

/// The short version: numbered titles and authors with the total length, in the largest of a few
/// sizes that fits one page; a longer setlist paginates at the smallest.
struct ShortLayout {
    let playlist: Playlist
    let frame: PageFrame
    let typesetter: Typesetter
    /// The plan's times, when the playlist has a plan.
    var clock: PlanClock? = nil
    /// Whom it is printed for, under the title.
    var reader: String? = nil

    /// Sizes tried, largest first.
    static let sizes: [Double] = [14, 13, 12, 11, 10]

    /// The largest size whose layout fits one page, else the smallest.
    ///
    /// The title block does not depend on the size, so it is laid out once. The smallest size is
    /// laid out first: it is the answer for a setlist longer than a page, and for a shorter one it
    /// bounds every larger size from below, so sizes that cannot fit are never laid out.
    func build() -> FlowDocument {
        let title = TitleBlock.rows(for: playlist, frame: frame, typesetter: typesetter, clock: clock, reader: reader)
        let available = frame.bottom - frame.top
        let smallest = build(size: Self.sizes.last!, title: title)
        guard smallest.totalHeight <= available, !playlist.copies.isEmpty else { return smallest }
        let bound = HeightBound(smallest, titleRows: title.count, size: Self.sizes.last!)
        for size in Self.sizes.dropLast() where bound.height(at: size) <= available + HeightBound.tolerance {
            let document = build(size: size, title: title)
            if document.totalHeight <= available { return document }
        }
        return smallest
    }

    /// The layout at `size` under the `title` block.
    func build(size: Double, title: [Row]) -> FlowDocument {
        var document = FlowDocument()
        document.footerTitle = playlist.name
        document.numberSinglePage = false
        document.append(title)
        guard !playlist.copies.isEmpty else {
            document.append(TitleBlock.emptyRows(frame: frame, typesetter: typesetter))
            return document
        }
        let numberFont = Font(size: size)
        let last = String(playlist.copies.count)
        let numberWidth = typesetter.box(String(repeating: "8", count: last.count) + ".", font: numberFont, width: nil).width
        let nameX = frame.left + numberWidth + size * 0.6
        let gap = size * 0.42
        let schedule = clock.map { ShowSchedule(playlist: playlist, plan: $0.plan) }
        for (index, set) in playlist.sets.enumerated() {
            // Under a plan the first set of several gets a heading too, for its times.
            if let label = set.label ?? (clock != nil && index == 0 && playlist.sets.count > 1 ? "Set 1" : nil) {
                var heading = [Run(text: label, font: Font(size: size, bold: true), gray: 0.25)]
                if let clock, let schedule {
                    heading.append(
                        Run(text: "   " + PlanText.times(schedule.sets[index], clock), font: Font(size: size * 0.75), gray: 0.4))
                }
                var rows = Row.lines(
                    of: typesetter.box(heading, width: frame.contentWidth),
                    x: frame.left, spaceBefore: index == 0 ? size * 0.6 : size * 1.1, keepTogether: true)
                rows[rows.count - 1].keepWithNext = true
                rows[rows.count - 1].extraBelow = 3
                rows[rows.count - 1].rules = [Rule(fromX: frame.left, toX: frame.right, y: rows[rows.count - 1].height - 1)]
                document.append(rows)
            }
            for (offset, entry) in set.entries.enumerated() {
                let number = typesetter.box("\(entry.position).", font: numberFont, gray: 0.4, width: nil)
                var runs = [Run(text: entry.copy.name, font: Font(size: size, bold: true))]
                if let author = entry.copy.fields.author, !author.isEmpty {
                    runs.append(Run(text: "  –  ", font: Font(size: size), gray: 0.5))
                    runs.append(Run(text: author, font: Font(size: size), gray: 0.3))
                }
                var leading = [Fragment(box: number, line: 0, x: nameX - size * 0.6 - number.width)]
                var width = frame.right - nameX
                if let clock, let schedule {
                    let time = typesetter.box(
                        PlanText.start(schedule.songs[entry.position - 1], clock), font: Font(size: size * 0.8), gray: 0.35,
                        width: nil)
                    leading.append(Fragment(box: time, line: 0, x: frame.right - time.width))
                    width -= time.width + size * 0.8
                }
                let line = typesetter.box(runs, width: width)
                let first = offset == 0 ? (set.label == nil && !(clock != nil && playlist.sets.count > 1) ? size * 0.6 : gap * 0.6) : gap
                document.append(Row.lines(of: line, x: nameX, leading: leading, spaceBefore: first, keepTogether: true))
            }
        }
        return document
    }
}

/// The least height the short layout can take at a larger size than the one it was laid out at.
///
/// Under the title block every line height, space and text width grows in proportion to the size,
/// except the fixed gaps under the set headings' rules; the width a title may take only shrinks, so
/// it wraps into no fewer lines.
struct HeightBound {
    /// Slack for the rounding of Pango's units, so a size that might just fit is laid out.
    static let tolerance = 1.0

    let fixed: Double
    let proportional: Double
    let size: Double

    init(_ document: FlowDocument, titleRows: Int, size: Double) {
        let rest = document.rows.dropFirst(titleRows)
        let constant = rest.reduce(0) { $0 + $1.extraBelow }
        fixed = FlowDocument(rows: Array(document.rows.prefix(titleRows))).totalHeight + constant
        proportional = rest.reduce(0) { $0 + $1.height + $1.spaceBefore } - constant
        self.size = size
    }

    func height(at larger: Double) -> Double { fixed + proportional * larger / size }
}
