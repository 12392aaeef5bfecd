import SetlistCore

/// The stage version: titles and keys only, bold, in the largest size that fits the whole setlist
/// on one page, found by binary search. A setlist too long for one page at ``minimumSize``
/// paginates at ``paginatedSize``, which still reads from a distance.
struct StageLayout {
    let playlist: Playlist
    let frame: PageFrame
    let typesetter: Typesetter
    var notation: KeyNotation = .english

    static let minimumSize = 10.0
    static let maximumSize = 72.0
    static let paginatedSize = 24.0

    func build() -> FlowDocument { build(size: fittingSize()) }

    /// The size to print at: the largest that fits the page, made smaller (down to three quarters)
    /// where that keeps every title on one line.
    func fittingSize() -> Double {
        guard let height = heightLimit() else { return Self.paginatedSize }
        let size = min(height, max(widthLimit(), height * 0.75))
        return max(Self.minimumSize, (size * 2).rounded(.down) / 2)
    }

    /// The largest size, in half points, at which every row fits one page; nil when even the
    /// minimum does not.
    func heightLimit() -> Double? {
        let available = frame.bottom - frame.top
        guard !playlist.copies.isEmpty else { return 28 }
        func fits(_ size: Double) -> Bool { build(size: size).totalHeight <= available }
        // Each song takes at least one line of about 1.2 × the size: no larger size can fit.
        let lines = Double(playlist.items.count) + 1
        var high = (min(Self.maximumSize, available / (lines * 1.2)) * 2).rounded(.down) / 2
        var low = Self.minimumSize
        guard high >= low, fits(low) else { return nil }
        if fits(high) { return high }
        // Invariant: low fits, high does not.
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

    func build(size: Double) -> FlowDocument {
        var document = FlowDocument()
        document.footerTitle = playlist.name
        document.numberSinglePage = false
        let header = typesetter.box(playlist.name, font: Font(size: 9), gray: 0.45, width: frame.contentWidth, overflow: .ellipsize)
        document.append(Row.lines(of: header, x: frame.left))
        guard !playlist.copies.isEmpty else {
            let box = typesetter.box(SetlistWords.empty, font: Font(size: size, bold: true), width: frame.contentWidth)
            document.append(Row.lines(of: box, x: frame.left, spaceBefore: size))
            return document
        }
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
            }
        }
        return document
    }

    /// The title in bold and the key beside it, smaller and grey.
    private func runs(for copy: SongCopy, size: Double) -> [Run] {
        var runs = [Run(text: copy.name, font: Font(size: size, bold: true))]
        if let key = copy.fields.key {
            // A no-break space keeps "C minor" together when a long title wraps.
            let key = key.spelled(in: notation).replacingOccurrences(of: " ", with: "\u{00A0}")
            runs.append(Run(text: "   " + key, font: Font(size: (size * 0.6).rounded()), gray: 0.3))
        }
        return runs
    }
}
