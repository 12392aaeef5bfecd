import Foundation
import SetlistModel
import SetlistTerminal

/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable {
    /// Character cells across.
    public var columns: Int
    /// Lines down.
    public var rows: Int

    /// A size of `columns` × `rows` cells.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// What stage mode's screen shows for one position of a setlist at one terminal size: exactly
/// `size.rows` lines, none wider than `size.columns`. Pure, so that tests can check every line.
///
/// From the top: the playlist with "3/15" and the set; the title (in big letters when there is
/// room), author, length, key and tempo; the notes wrapped to the width, from the line scrolled
/// to, with a last line saying what is above and below; and at the bottom the next song or break
/// on one line, the set's planned time and a line of keys (or what is typed).
public struct StageScreen: Sendable {
    /// The lines from top to bottom.
    public let lines: [ScreenLine]
    /// How far the notes scroll on this screen.
    public let notes: NotesScroll

    /// The screen for `position` (1-based) of `playlist`, or nil when there is no song there.
    /// - Parameters:
    ///   - status: replaces the line of keys, e.g. "Go to: 12" while a number is typed.
    ///   - scroll: the first line of the notes to show.
    ///   - zone: the reader's time zone, for the plan's times.
    ///   - now: the time now; with a plan, the screen says when the song should start and
    ///     whether the band is ahead of the plan or behind it.
    public init?(
        playlist: Playlist, position: Int, size: TerminalSize, status: String? = nil, notation: KeyNotation = .english, scroll: Int = 0,
        zone: TimeZone = .current, now: Date? = nil
    ) {
        let clock = playlist.plan.map { PlanClock(plan: $0, zone: zone, reference: now ?? Date()) }
        guard let stage = StagePosition(playlist: playlist, position: position, notation: notation, clock: clock) else { return nil }
        self.init(stage: stage, size: size, status: status, scroll: scroll, now: now)
    }

    /// The screen for the details of one position.
    public init(stage: StagePosition, size: TerminalSize, status: String? = nil, scroll: Int = 0, now: Date? = nil) {
        (lines, notes) = Layout(stage: stage, size: size, status: status, scroll: scroll, now: now).render()
    }

    /// The lines with the escape sequences of `appearance` ready to draw.
    public func drawn(_ appearance: Appearance) -> [String] { lines.map { $0.rendered(appearance) } }

    /// The lines' text without attributes.
    public var texts: [String] { lines.map(\.text) }

    /// The line of keys, longest form that fits first.
    static let keyHelp = [
        "→ next  ← previous  g first  G last  number+Enter jump  c count-in  q quit",
        "→ next  ← prev  g/G first/last  N⏎ jump  c count-in  q quit",
        "→ next  ← prev  N⏎ jump  c count  q quit",
        "→ next  ← prev  N⏎ jump  q quit",
        "→ next  q quit",
    ]

    /// The line of keys when the notes scroll.
    static let scrollingKeyHelp = [
        "→ next  ← previous  ↓↑ PgDn PgUp notes  g/G first/last  N⏎ jump  c count-in  q quit",
        "→ next  ← previous  ↓↑ notes  g/G first/last  N⏎ jump  c count-in  q quit",
        "→ next  ← prev  ↓↑ notes  N⏎ jump  c count  q quit",
        "→ next  ← prev  ↓↑ notes  q quit",
        "→ next  ↓↑ notes  q quit",
        "→ next  q quit",
    ]
}

private struct Layout {
    let stage: StagePosition
    let size: TerminalSize
    let status: String?
    let scroll: Int
    let now: Date?
    let margin: Int
    let width: Int

    init(stage: StagePosition, size: TerminalSize, status: String?, scroll: Int, now: Date?) {
        self.stage = stage
        self.now = now
        self.size = TerminalSize(columns: max(size.columns, 1), rows: max(size.rows, 1))
        self.status = status
        self.scroll = scroll
        margin = size.columns >= 60 ? 2 : 0
        width = max(self.size.columns - 2 * margin, 1)
    }

    func render() -> (lines: [ScreenLine], notes: NotesScroll) {
        let roomy = size.rows >= 16
        var top = [
            line(Cells.spread(stage.playlistName, stage.counter + (stage.setLabel.map { " · " + $0 } ?? ""), width: width), .heading)
        ]
        if roomy { top.append(rule()) }
        var bottom: [ScreenLine] = []
        if roomy { bottom.append(rule()) }
        bottom.append(line(stage.nextLine(fitting: width)))
        let time = Cells.width(stage.timeLine) <= width ? stage.timeLine : Cells.truncate(stage.shortTimeLine, to: width)
        bottom.append(line(time, .dim))
        if let plan = stage.planned?.line(now: now) {
            bottom.append(line(Cells.width(plan.long) <= width ? plan.long : Cells.truncate(plan.short, to: width), .dim))
        }
        let room = size.rows - top.count - bottom.count - (size.rows >= 10 ? 1 : 0)
        let (middle, notes) = body(rows: max(room, 0))
        if size.rows >= 10 { bottom.append(statusLine(scrolling: notes.maximum > 0)) }
        let all = top + middle + Array(repeating: ScreenLine(""), count: max(room - middle.count, 0)) + bottom
        return (Array(all.prefix(size.rows)), notes)
    }

    /// Title, author, facts and notes in at most `rows` lines, and how far the notes scroll.
    private func body(rows: Int) -> ([ScreenLine], NotesScroll) {
        let fields = stage.copy.fields
        let author = fields.author.map { [line(Cells.truncate("by " + $0, to: width))] } ?? []
        let facts = [line(factsText(), .heading)]
        var title = titleBanner(rows: rows) ?? []
        if title.isEmpty || Text.fold(fields.name) != fields.name.lowercased() {
            let plain = fit(Cells.wrap(fields.name, width: width), rows: rows - author.count - facts.count - title.count >= 6 ? 2 : 1)
            title += plain.map { line($0, .title) }
        }
        var result = title + author + facts
        let spare = rows - result.count
        if spare >= 6 { result.insert(ScreenLine(""), at: 0) }
        var scroll = NotesScroll.none
        let notes = fields.notes.map { Cells.wrap($0, width: width).map { ScreenLine($0) } } ?? []
        let chart = chartLines()
        if !notes.isEmpty || !chart.isEmpty, rows - result.count >= 2 {
            result.append(ScreenLine(""))
            let noun = chart.isEmpty ? "notes" : notes.isEmpty ? "chart" : "notes and chart"
            let window = NotesWindow(
                lines: notes + (notes.isEmpty || chart.isEmpty ? [] : [ScreenLine("")]) + chart, rows: rows - result.count,
                offset: self.scroll, width: width, noun: noun)
            result += window.visible.map { line($0.text, $0.style) }
            scroll = window.scroll
        }
        return (Array(result.prefix(rows)), scroll)
    }

    /// The song's chart in its copy's key (``ShownChart``: with a capo, its shapes, said first),
    /// chords in bold over the lyrics, fitted to the width (``ChartLine/monospaced(_:width:)``).
    private func chartLines() -> [ScreenLine] {
        guard let shown = ShownChart(stage.copy.fields, notation: stage.notation) else { return [] }
        let capo = shown.capoText { $0.spelled(in: stage.notation) }.map { [ChartLine.comment($0)] } ?? []
        return ChartLine.monospaced(capo + ChartLine.lines(of: shown.chart), width: width, notation: stage.notation).map { laid in
            switch laid.kind {
            case .chords, .heading: ScreenLine(laid.indented, .heading)
            case .comment: ScreenLine(laid.indented, .dim)
            case .lyrics, .verbatim, .blank: ScreenLine(laid.indented)
            }
        }
    }

    /// The title in big letters: the largest scale that fits the width in at most two lines and a
    /// third of the body's rows; nil on small screens or for characters the font lacks. Odd scales
    /// above 1 would split pixels across half blocks unevenly, so they are not used.
    private func titleBanner(rows: Int) -> [ScreenLine]? {
        guard size.rows >= 20 else { return nil }
        for scale in [4, 2, 1] {
            guard let words = bannerLines(scale: scale), words.count <= 2 else { continue }
            let height = words.count * BigFont.height(scale: scale) + words.count - 1
            guard height <= rows / 3 else { continue }
            var result: [ScreenLine] = []
            for (index, words) in words.enumerated() {
                if index > 0 { result.append(ScreenLine("")) }
                result += (BigFont.render(words, scale: scale) ?? []).map { line($0, .title) }
            }
            return result
        }
        return nil
    }

    /// The title's words grouped into lines that fit the width at `scale`.
    private func bannerLines(scale: Int) -> [String]? {
        var lines: [String] = []
        for word in stage.copy.fields.name.split(separator: " ").map(String.init) {
            guard let w = BigFont.width(word, scale: scale), w <= width else { return nil }
            if let last = lines.last, let joined = BigFont.width(last + " " + word, scale: scale), joined <= width {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(word)
            }
        }
        return lines.isEmpty ? nil : lines
    }

    private func factsText() -> String {
        let spaced = stage.facts.joined(separator: "   ")
        return Cells.width(spaced) <= width ? spaced : Cells.truncate(stage.facts.joined(separator: " · "), to: width)
    }

    private func statusLine(scrolling: Bool) -> ScreenLine {
        let help = scrolling ? StageScreen.scrollingKeyHelp : StageScreen.keyHelp
        let text =
            status.map { Cells.truncate($0, to: width) }
            ?? help.first { Cells.width($0) <= width } ?? Cells.truncate(help.last!, to: width)
        return line(text + String(repeating: " ", count: max(width - Cells.width(text), 0)), .status)
    }

    private func rule() -> ScreenLine { line(String(repeating: "─", count: width), .rule) }

    private func line(_ text: String, _ style: ScreenLine.Style = .normal) -> ScreenLine {
        ScreenLine(text.isEmpty ? "" : String(repeating: " ", count: margin) + text, style)
    }

    /// At most `rows` of `lines`; the last kept line ends in "…" when some are cut.
    private func fit(_ lines: [String], rows: Int) -> [String] {
        guard lines.count > rows else { return lines }
        guard rows > 0 else { return [] }
        var kept = Array(lines.prefix(rows))
        kept[rows - 1] = Cells.truncate(kept[rows - 1] + " …", to: width)
        return kept
    }
}
