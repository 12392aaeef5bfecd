/// A song of the stage version as pagination sees it: its height, with the heading of the set
/// it opens (a heading never ends a page without its first song), and the space above it, which
/// is dropped at the top of a page.
struct StageBlock: Equatable {
    var height: Double
    var spaceBefore: Double = 0
}

/// Splits the songs of the stage version into pages that each fit `available` points: the fewest
/// pages possible, and for a given number of pages the most even split.
struct StagePages {
    let blocks: [StageBlock]
    let available: Double
    /// `sums[i]`: the height of the first `i` blocks stacked, every space included.
    private let sums: [Double]

    /// Pages are a little stricter than the page, so rounding never pushes a planned row over.
    static let slack = 0.01

    init(blocks: [StageBlock], available: Double) {
        self.blocks = blocks
        self.available = available
        var sums = [0.0]
        for block in blocks { sums.append(sums[sums.count - 1] + block.spaceBefore + block.height) }
        self.sums = sums
    }

    /// The height of the blocks in `range` at the top of a page (the first one's space dropped).
    func height(_ range: Range<Int>) -> Double {
        guard !range.isEmpty else { return 0 }
        return sums[range.upperBound] - sums[range.lowerBound] - blocks[range.lowerBound].spaceBefore
    }

    func fits(_ range: Range<Int>) -> Bool { height(range) <= available - Self.slack }

    /// The fewest pages that hold every block, filling each page in turn; nil when one block alone
    /// is taller than a page.
    func fewestPages() -> Int? {
        var pages = 0, start = 0
        while start < blocks.count {
            guard fits(start..<start + 1) else { return nil }
            var end = start + 1
            while end < blocks.count, fits(start..<end + 1) { end += 1 }
            pages += 1
            start = end
        }
        return max(pages, 1)
    }

    /// The blocks split into exactly `count` pages, as evenly as they go: no page holds more songs
    /// than it must, then no page fewer than it must (so no page is left with a single song when
    /// an even split exists), then the page heights as even as they go. Nil when `count` pages
    /// cannot hold them.
    func balanced(into count: Int) -> [Range<Int>]? {
        let total = blocks.count
        guard count >= 1, count <= max(total, 1) else { return nil }
        guard total > 0 else { return [0..<0] }
        let most = (total + count - 1) / count
        guard let high = (most...total).first(where: { split(into: count, fewest: 1, most: $0) != nil }) else { return nil }
        let low = stride(from: total / count, through: 1, by: -1).first { split(into: count, fewest: $0, most: high) != nil } ?? 1
        return split(into: count, fewest: low, most: high)
    }

    /// The split into `count` pages of `fewest`...`most` blocks each whose fullest page is the
    /// least full, or nil when there is none.
    private func split(into count: Int, fewest: Int, most: Int) -> [Range<Int>]? {
        let total = blocks.count
        // best[k][i]: the least possible height of the fullest page when the first i blocks fill k pages.
        var best = Array(repeating: Array(repeating: Double.infinity, count: total + 1), count: count + 1)
        var from = Array(repeating: Array(repeating: -1, count: total + 1), count: count + 1)
        best[0][0] = 0
        for pages in 1...count {
            for end in 1...total where fewest <= min(most, end) {
                for size in fewest...min(most, end) {
                    let start = end - size
                    guard best[pages - 1][start] < .infinity else { continue }
                    guard fits(start..<end) else { break } // more blocks only make the page taller
                    let fullest = max(best[pages - 1][start], height(start..<end))
                    if fullest < best[pages][end] {
                        best[pages][end] = fullest
                        from[pages][end] = start
                    }
                }
            }
        }
        guard best[count][total] < .infinity else { return nil }
        var ranges: [Range<Int>] = []
        var end = total
        for pages in stride(from: count, to: 0, by: -1) {
            let start = from[pages][end]
            ranges.insert(start..<end, at: 0)
            end = start
        }
        return ranges
    }
}
