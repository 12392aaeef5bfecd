import SetlistModel
import SetlistPDF

/// The stage version: titles and keys only, bold, in type that reads from a few metres.
///
/// Titles are never smaller than ``minimumSize``. The setlist takes the fewest pages that allows,
/// every page in the same size (the largest at which that many pages hold the songs), with the
/// songs split as evenly as they go and a set's heading on the page of its first song.
struct StageLayout {
    let playlist: Playlist
    let frame: PageFrame
    let typesetter: Typesetter
    var notation: KeyNotation = .english

    /// The smallest title size: legible on an A4 page on the floor, two metres away.
    static let minimumSize = 24.0
    static let maximumSize = 72.0

    /// The type size and the songs of each page.
    struct Plan: Equatable {
        var size: Double
        /// The songs (0-based, in playing order) of each page; empty when pagination simply fills
        /// each page in turn (a title taller than a page, or no songs).
        var pages: [Range<Int>]
    }

    func build() -> FlowDocument {
        let (plan, typeset) = planned()
        return typeset.document(breaking: plan)
    }

    /// The document for `plan`, each planned page after the first starting a new page.
    func build(_ plan: Plan) -> FlowDocument { typeset(size: plan.size).document(breaking: plan) }

    /// The size and pages to print: the fewest pages that hold the songs at ``minimumSize``, the
    /// largest size at which that many pages still do (made smaller, down to three quarters, where
    /// that keeps every title on one line), and the most even split at that size.
    func plan() -> Plan { planned().plan }

    private func planned() -> (plan: Plan, typeset: Typeset) {
        guard !playlist.copies.isEmpty else { return (Plan(size: 28, pages: []), typeset(size: 28)) }
        let smallest = typeset(size: Self.minimumSize)
        guard let count = smallest.pages(in: frame).fewestPages() else {
            return (Plan(size: Self.minimumSize, pages: []), smallest)
        }
        let height = largestSize(pages: count)
        let size = max(Self.minimumSize, (min(height, max(widthLimit(), height * 0.75)) * 2).rounded(.down) / 2)
        let typeset = typeset(size: size)
        return (Plan(size: size, pages: typeset.pages(in: frame).balanced(into: count) ?? []), typeset)
    }

    /// The songs as pagination sees them at `size`.
    func pages(size: Double) -> StagePages { typeset(size: size).pages(in: frame) }

    /// The largest size, in half points from ``minimumSize`` up, at which `count` pages hold
    /// every song.
    func largestSize(pages count: Int) -> Double {
        func fits(_ size: Double) -> Bool {
            guard let pages = pages(size: size).fewestPages() else { return false }
            return pages <= count
        }
        // A song takes at least a line of about 1.2 × the size, and the fullest page holds at
        // least an even share of the songs (and the page's header): no larger size can fit.
        let lines = Double((playlist.copies.count + count - 1) / count) + 1
        var high = (min(Self.maximumSize, (frame.bottom - frame.top) / (lines * 1.2)) * 2).rounded(.down) / 2
        var low = Self.minimumSize
        guard high > low else { return low }
        if fits(high) { return high }
        // Invariant: low fits (or is the minimum), high does not.
        while high - low > 0.5 {
            let middle = ((low + high) / 2 * 2).rounded(.down) / 2
            if fits(middle) { low = middle } else { high = middle }
        }
        return low
    }

    /// The largest size at which every title (with its key) that fits one line at the minimum
    /// size still does; the width of type grows in proportion to its size.
    func widthLimit() -> Double {
        playlist.copies.map { copy in
            let width = typesetter.box(runs(for: copy, size: Self.minimumSize), width: nil).width
            return Self.minimumSize * frame.contentWidth * 0.98 / max(1, width)
        }.filter { $0 >= Self.minimumSize }.min() ?? Self.maximumSize
    }

    /// The rows at `size` and where each song's block starts: the first at the top of the
    /// document, every other right after the song before it, so a set's heading starts the block
    /// of the set's first song.
    private func typeset(size: Double) -> Typeset {
        var document = FlowDocument()
        document.footerTitle = playlist.name
        document.numberSinglePage = false
        let header = typesetter.box(playlist.name, font: Font(size: 9), gray: 0.45, width: frame.contentWidth, overflow: .ellipsize)
        document.append(Row.lines(of: header, x: frame.left))
        guard !playlist.copies.isEmpty else {
            let box = typesetter.box(SetlistWords.empty, font: Font(size: size, bold: true), width: frame.contentWidth)
            document.append(Row.lines(of: box, x: frame.left, spaceBefore: size))
            return Typeset(document: document, blockStarts: [])
        }
        var blockStarts = [0]
        for (index, set) in playlist.sets.enumerated() {
            if let label = set.label {
                var rows = Row.lines(
                    of: typesetter.box(
                        label.uppercased(), font: Font(size: max(8, size * 0.5), bold: true), gray: 0.35,
                        width: frame.contentWidth),
                    x: frame.left, spaceBefore: index == 0 ? size * 0.2 : size * 0.45, keepTogether: true)
                rows[rows.count - 1].keepWithNext = true
                rows[rows.count - 1].extraBelow = max(2, size * 0.12)
                rows[rows.count - 1].rules = [
                    Rule(
                        fromX: frame.left, toX: frame.right, y: rows[rows.count - 1].height - 1,
                        thickness: max(0.8, size * 0.04), gray: 0.35)
                ]
                document.append(rows)
            }
            for (offset, entry) in set.entries.enumerated() {
                let spaceBefore = offset == 0 ? size * 0.2 : size * 0.12
                document.append(
                    Row.lines(
                        of: typesetter.box(runs(for: entry.copy, size: size), width: frame.contentWidth), x: frame.left,
                        spaceBefore: spaceBefore, keepTogether: true))
                blockStarts.append(document.rows.count)
            }
        }
        blockStarts.removeLast()
        return Typeset(document: document, blockStarts: blockStarts)
    }

    private struct Typeset {
        var document: FlowDocument
        var blockStarts: [Int]

        /// The songs as blocks of rows for ``StagePages``; breaks after the last song go with it.
        func pages(in frame: PageFrame) -> StagePages {
            let rows = document.rows
            let ends = Array(blockStarts.dropFirst()) + [rows.count]
            let blocks = zip(blockStarts, ends).map { start, end in
                StageBlock(
                    height: rows[start..<end].indices.reduce(0) { $0 + rows[$1].height + ($1 == start ? 0 : rows[$1].spaceBefore) },
                    spaceBefore: rows[start].spaceBefore)
            }
            return StagePages(blocks: blocks, available: frame.bottom - frame.top)
        }

        /// The document with a page break before each planned page after the first.
        func document(breaking plan: Plan) -> FlowDocument {
            var document = document
            for page in plan.pages.dropFirst() where page.lowerBound < blockStarts.count {
                document.rows[blockStarts[page.lowerBound]].pageBreakBefore = true
            }
            return document
        }
    }

    /// The title in bold and the key beside it, smaller and grey.
    private func runs(for copy: SongCopy, size: Double) -> [Run] {
        var runs = [Run(text: copy.name, font: Font(size: size, bold: true))]
        if let key = copy.fields.key {
            // Kept together when a long title wraps.
            runs.append(Run(text: "   " + SetlistWords.key(key, notation: notation), font: Font(size: (size * 0.6).rounded()), gray: 0.3))
        }
        return runs
    }
}
