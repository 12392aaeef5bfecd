import Foundation
import SetlistModel

/// A setlist as text for people: plain text for a chat message or an email body, or Markdown.
/// `export --format text|markdown` and the body of `share` both use it, so they never disagree.
public enum SetlistText {
    public enum Format: String, CaseIterable, Sendable { case text, markdown }

    /// - Parameters:
    ///   - notation: how keys are printed (the band's `config notation`).
    ///   - clock: the plan's times for the reader (see ``PlanClock``); by default in this
    ///     machine's zone, an undated start taken now.
    public static func render(_ playlist: Playlist, as format: Format, notation: KeyNotation = .english, clock: PlanClock? = nil) -> String
    {
        switch format {
        case .text: plain(playlist, notation: notation, clock: clock)
        case .markdown: markdown(playlist, notation: notation, clock: clock)
        }
    }

    /// The name and size, numbered titles with author and details, each set under its heading
    /// with its length (when there are breaks), and the total length. With a plan: the plan,
    /// each song's start ("at 20:04") and each set's times, songs without a length flagged, and
    /// the total with gaps and breaks against the target.
    public static func plain(_ playlist: Playlist, notation: KeyNotation = .english, clock: PlanClock? = nil) -> String {
        let plan = planned(playlist, clock)
        var lines = [Text.oneLine(playlist.name), summary(playlist)]
        if let plan { lines.append("Plan: " + PlanText.summary(plan.clock)) }
        if playlist.copies.isEmpty { lines += ["", "(no songs yet)"] }
        let sets = playlist.sets
        for (number, set) in sets.enumerated() where !set.entries.isEmpty || set.label != nil {
            lines.append("")
            if let heading = heading(set, number: number, of: sets.count, plan) { lines.append("— \(heading) —") }
            for entry in set.entries {
                let fields = entry.copy.fields
                var first = "\(entry.position). \(Text.oneLine(fields.name))"
                if let author = fields.author, !author.isEmpty { first += " — " + Text.oneLine(author) }
                lines.append(first)
                var details = details(fields, notation: notation)
                if let plan {
                    details.insert("at " + plan.time(of: entry), at: 0)
                    if fields.length == nil { details.insert(PlanText.noLength, at: 1) }
                }
                if !details.isEmpty {
                    lines.append(String(repeating: " ", count: "\(entry.position). ".count) + details.joined(separator: " · "))
                }
            }
        }
        lines += ["", "Total length: " + total(playlist)]
        if let plan { lines += plan.closing(playlist) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same as a Markdown table per set; with a plan, a "Start" column.
    public static func markdown(_ playlist: Playlist, notation: KeyNotation = .english, clock: PlanClock? = nil) -> String {
        let plan = planned(playlist, clock)
        var lines = ["# " + escape(playlist.name), "", summary(playlist)]
        if let plan { lines += ["", "Plan: " + escape(PlanText.summary(plan.clock))] }
        if playlist.copies.isEmpty { lines += ["", "(no songs yet)"] }
        let sets = playlist.sets
        for (number, set) in sets.enumerated() where !set.entries.isEmpty || set.label != nil {
            lines.append("")
            if let heading = heading(set, number: number, of: sets.count, plan) { lines += ["## " + escape(heading), ""] }
            guard !set.entries.isEmpty else { continue }
            lines.append("| # |\(plan == nil ? "" : " Start |") Title | Author | Length | Key | BPM |")
            lines.append("|--:|\(plan == nil ? "" : "------:|"):------|:-------|-------:|:----|----:|")
            for entry in set.entries {
                let fields = entry.copy.fields
                var cells = [
                    "\(entry.position)", escape(fields.name), escape(fields.author ?? ""),
                    fields.length.map(SongLength.format) ?? (plan == nil ? "" : PlanText.noLength),
                    fields.key.map { $0.spelled(in: notation) } ?? "",
                    fields.bpm.map(String.init) ?? "",
                ]
                if let plan { cells.insert(escape(plan.time(of: entry)), at: 1) }
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        lines += ["", "**Total length: \(total(playlist))**"]
        if let plan { lines += [""] + plan.closing(playlist).map(escape) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A playlist's plan as the text shows it.
    struct Planned {
        var clock: PlanClock
        var schedule: ShowSchedule

        /// "20:04", "00:16~ (+1)": when a song starts.
        func time(of entry: PlaylistEntry) -> String { PlanText.start(schedule.songs[entry.position - 1], clock) }

        /// "23:30–00:01~ (+1), after a 15:00 break": when a set is played.
        func times(ofSet number: Int) -> String { PlanText.times(schedule.sets[number], clock) }

        /// The total against the target and the songs without a length, after the listing; with
        /// a single set (no heading to carry them) its times first.
        func closing(_ playlist: Playlist) -> [String] {
            Array(PlanText.lines(playlist, clock).dropFirst(schedule.sets.count > 1 ? schedule.sets.count : 0))
        }
    }

    /// The plan of `playlist` for the reader of `clock` (by default this machine's, now); nil without one.
    static func planned(_ playlist: Playlist, _ clock: PlanClock?) -> Planned? {
        guard let plan = playlist.plan else { return nil }
        let clock = clock ?? PlanClock(plan: plan, zone: .current, reference: Date())
        return Planned(clock: clock, schedule: ShowSchedule(playlist: playlist, plan: plan))
    }

    /// "3 songs, 6:55", in ``PlaylistSummary``'s words.
    static func summary(_ playlist: Playlist) -> String {
        PlaylistSummary.text(playlist)
    }

    /// The total length, saying how many songs it leaves out for want of a length.
    public static func total(_ playlist: Playlist) -> String {
        PlaylistSummary.total(playlist.totalLength, unknown: playlist.copiesWithoutLength, of: playlist.copies.count)
    }

    /// "Set 2 (20:15)": the break's label, or "Set 1" for the first set; none when the playlist
    /// is one set. With a plan, its times follow: "Set 2 (20:15) · 21:00–21:20, after a 15:00 break".
    static func heading(_ set: PlaylistSet, number: Int, of count: Int, _ plan: Planned? = nil) -> String? {
        guard count > 1 else { return nil }
        let label = set.label.map(Text.oneLine) ?? "Set \(number + 1)"
        let heading = set.totalLength > 0 ? "\(label) (\(SongLength.format(set.totalLength)))" : label
        return heading + (plan.map { " · " + $0.times(ofSet: number) } ?? "")
    }

    static func details(_ fields: SongFields, notation: KeyNotation) -> [String] {
        var details: [String] = []
        if let length = fields.length { details.append(SongLength.format(length)) }
        if let key = fields.key { details.append(key.spelled(in: notation)) }
        if let bpm = fields.bpm { details.append("\(bpm) BPM") }
        return details
    }

    /// Text in a Markdown line or table cell: on one line, and the characters that would format
    /// it or end the cell escaped.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in Text.oneLine(text) {
            if "\\`*_[]<>|#".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
