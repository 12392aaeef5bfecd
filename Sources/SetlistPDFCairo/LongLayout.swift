import SetlistModel
import SetlistPDF

/// The long version: every song with all its details and notes, page footers and an outline.
struct LongLayout {
    let playlist: Playlist
    let frame: PageFrame
    let typesetter: Typesetter
    var notation: KeyNotation = .english
    /// The plan's times, when the playlist has a plan.
    var clock: PlanClock? = nil
    /// Whom it is printed for, under the title.
    var reader: String? = nil

    static let title = Font(size: 22, bold: true)
    static let summary = Font(size: 10.5)
    static let heading = Font(size: 14, bold: true)
    static let number = Font(size: 12, bold: true)
    static let name = Font(size: 12.5, bold: true)
    static let details = Font(size: 10)
    static let notes = Font(size: 10)
    static let continued = Font(size: 10, bold: true)

    func build() -> FlowDocument {
        var document = FlowDocument()
        document.footerTitle = playlist.name
        document.append(TitleBlock.rows(for: playlist, frame: frame, typesetter: typesetter, clock: clock, reader: reader))
        guard !playlist.copies.isEmpty else {
            document.append(TitleBlock.emptyRows(frame: frame, typesetter: typesetter))
            return document
        }
        let numberWidth = widestNumber()
        let nameX = frame.left + numberWidth + 8
        // Notes that run onto another page are named there by their song (by its position).
        document.continuations = RowsOnDemand { [self] position in
            continuation(position: position, name: playlist.copies[position - 1].name, numberRight: frame.left + numberWidth, nameX: nameX)
        }
        let schedule = clock.map { ShowSchedule(playlist: playlist, plan: $0.plan) }
        for (setIndex, set) in playlist.sets.enumerated() {
            var parent: Int?
            // Under a plan the first set of several gets a heading too, for its times.
            if let label = set.label ?? (clock != nil && setIndex == 0 && playlist.sets.count > 1 ? "Set 1" : nil) {
                document.outline.append(OutlineEntry(title: label, parent: nil, bold: true))
                parent = document.outline.count - 1
                let heading = [
                    Run(text: label, font: Self.heading),
                    Run(
                        text: "   " + SetlistWords.setSummary(set)
                            + (clock.map { " · " + PlanText.times(schedule!.sets[setIndex], $0) } ?? ""),
                        font: Self.details, gray: 0.4),
                ]
                var rows = Row.lines(
                    of: typesetter.box(heading, width: frame.contentWidth),
                    x: frame.left, spaceBefore: 20, keepTogether: true)
                rows[0].outline = parent
                rows[rows.count - 1].keepWithNext = true
                rows[rows.count - 1].extraBelow = 5
                rows[rows.count - 1].rules = [Rule(fromX: frame.left, toX: frame.right, y: rows[rows.count - 1].height - 2)]
                document.append(rows)
            }
            for (offset, entry) in set.entries.enumerated() {
                document.outline.append(OutlineEntry(title: "\(entry.position). \(entry.copy.name)", parent: parent))
                var rows = songRows(
                    entry, numberRight: frame.left + numberWidth, nameX: nameX,
                    time: clock.map { PlanText.start(schedule!.songs[entry.position - 1], $0) },
                    spaceBefore: offset == 0 && parent != nil ? 8 : 12)
                rows[0].outline = document.outline.count - 1
                for index in rows.indices.dropFirst() { rows[index].continuation = entry.position }
                document.append(rows)
            }
        }
        return document
    }

    /// The header (number, name, details) kept together and with the first two lines of the notes;
    /// the notes themselves may continue on the next page, never leaving a single line behind.
    /// A planned start `time` stands at the right of the title, which then wraps before it.
    private func songRows(
        _ entry: PlaylistEntry, numberRight: Double, nameX: Double, time: String?,
        spaceBefore: Double
    ) -> [Row] {
        let fields = entry.copy.fields
        let width = frame.right - nameX
        let number = typesetter.box("\(entry.position).", font: Self.number, gray: 0.35, width: nil)
        var leading = [Fragment(box: number, line: 0, x: numberRight - number.width)]
        var nameWidth = width
        if let time {
            let box = typesetter.box(time, font: Self.details, gray: 0.3, width: nil)
            leading.append(Fragment(box: box, line: 0, x: frame.right - box.width))
            nameWidth -= box.width + 10
        }
        // The title starts beside its number whatever its script, as in the short and stage PDFs.
        let name = typesetter.box(fields.name, font: Self.name, width: nameWidth)
        var rows = Row.lines(of: name, x: nameX, leading: leading, spaceBefore: spaceBefore, keepTogether: true)
        var details = SetlistWords.details(fields, notation: notation)
        // Under a plan a song without a length is flagged: its time counts as nothing.
        if time != nil && fields.length == nil { details += (details.isEmpty ? "" : "  ·  ") + PlanText.noLength }
        if !details.isEmpty {
            rows[rows.count - 1].keepWithNext = true
            rows += Row.lines(
                of: typesetter.box(details, font: Self.details, gray: 0.3, width: width),
                x: nameX, spaceBefore: 1, keepTogether: true)
        }
        guard let notes = fields.notes, !notes.isEmpty else { return rows }
        rows[rows.count - 1].keepWithNext = true
        var noteRows = Row.lines(
            of: typesetter.box(notes, font: Self.notes, gray: 0.08, width: width, paragraphDirection: true), x: nameX, spaceBefore: 4)
        let count = noteRows.count
        for index in 0..<max(0, count - 1) where index == 0 || index >= count - 2 {
            noteRows[index].keepWithNext = true
        }
        return rows + noteRows
    }

    /// "4. Long notes (continued)" in one line, the title cut short when it must be, drawn at the
    /// top of a page that the song's notes run onto.
    private func continuation(position: Int, name: String, numberRight: Double, nameX: Double) -> Row {
        let number = typesetter.box("\(position).", font: Self.continued, gray: 0.35, width: nil)
        let continued = typesetter.box(SetlistWords.continued, font: Font(size: Self.continued.size, italic: true), gray: 0.35, width: nil)
        let gap = 4.0
        let title = typesetter.box(
            name, font: Self.continued, gray: 0.35, width: frame.right - nameX - continued.width - gap, overflow: .ellipsize)
        return Row(fragments: [
            Fragment(box: number, line: 0, x: numberRight - number.width),
            Fragment(box: title, line: 0, x: nameX),
            Fragment(box: continued, line: 0, x: nameX + title.width + gap),
        ])
    }

    private func widestNumber() -> Double {
        let last = max(playlist.copies.count, 1)
        return typesetter.box("\(String(repeating: "8", count: String(last).count)).", font: Self.number, width: nil).width
    }
}

/// The playlist's name and summary at the top of the first page.
enum TitleBlock {
    static func rows(
        for playlist: Playlist, frame: PageFrame, typesetter: Typesetter,
        title: Font = LongLayout.title, clock: PlanClock? = nil, reader: String? = nil
    ) -> [Row] {
        var rows = Row.lines(
            of: typesetter.box(playlist.name, font: title, width: frame.contentWidth),
            x: frame.left, keepTogether: true)
        rows[rows.count - 1].keepWithNext = true
        var summary = Row.lines(
            of: typesetter.box(
                SetlistWords.summary(playlist), font: LongLayout.summary, gray: 0.35,
                width: frame.contentWidth), x: frame.left, spaceBefore: 3)
        // Whom it is printed for ("E♭ part · Jana (alto sax)"), then the plan.
        for line in (reader.map { [$0] } ?? []) + (clock.map({ PlanText.overview(playlist, $0) }) ?? []) {
            summary[summary.count - 1].keepWithNext = true
            summary += Row.lines(
                of: typesetter.box(line, font: LongLayout.summary, gray: 0.2, width: frame.contentWidth), x: frame.left, spaceBefore: 2,
                keepTogether: true)
        }
        summary[summary.count - 1].extraBelow = 8
        summary[summary.count - 1].rules = [
            Rule(
                fromX: frame.left, toX: frame.right, y: summary[summary.count - 1].height - 1,
                thickness: 1, gray: 0.2)
        ]
        return rows + summary
    }

    /// "This setlist has no songs yet." under the title block, for the long and short versions.
    static func emptyRows(frame: PageFrame, typesetter: Typesetter) -> [Row] {
        let box = typesetter.box(SetlistWords.empty, font: Font(size: 12, italic: true), gray: 0.3, width: frame.contentWidth)
        return Row.lines(of: box, x: frame.left, spaceBefore: 24)
    }
}
