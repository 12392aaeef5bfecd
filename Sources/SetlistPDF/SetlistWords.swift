import SetlistCore

/// Words shared by the layouts.
enum SetlistWords {
    /// "24 songs · total 1:32:10", noting songs without a length.
    static func summary(_ playlist: Playlist) -> String {
        let count = playlist.copies.count
        var text = PlaylistSummary.songs(count)
        let sets = playlist.sets.filter { !$0.entries.isEmpty }.count
        if sets > 1 { text += " in \(sets) sets" }
        return text + " · total " + PlaylistSummary.total(playlist.totalLength, unknown: playlist.copiesWithoutLength, of: count)
    }

    /// "AC/DC · 2:20 · C minor · 250 BPM", leaving out what is unknown.
    static func details(_ fields: SongFields, notation: KeyNotation) -> String {
        var parts: [String] = []
        if let author = fields.author, !author.isEmpty { parts.append(author) }
        if let length = fields.length { parts.append(SongLength.format(length)) }
        if let key = fields.key { parts.append(key.spelled(in: notation)) }
        if let bpm = fields.bpm { parts.append("\(bpm) BPM") }
        return parts.joined(separator: "  ·  ")
    }

    /// "4 songs · 17:32": the size of one set, for its heading.
    static func setSummary(_ set: PlaylistSet) -> String {
        PlaylistSummary.songs(set.entries.count) + " · " + SongLength.format(set.totalLength)
    }

    /// "21:00–21:44, after a 15:00 break": a set's times under a plan, for its heading.
    static func setTimes(_ set: ShowSchedule.SetTiming, _ clock: PlanClock) -> String {
        PlanText.range(set, clock, dated: false) + (set.breakBefore.map { ", after a \(SongLength.format($0)) break" } ?? "")
    }

    /// A song's planned start beside its title: "20:04", "00:16~ (+1 day)".
    static func songTime(_ slot: ShowSchedule.Slot, _ clock: PlanClock) -> String {
        clock.time(slot.start, uncertain: slot.uncertain, dated: false)
    }

    static let empty = "This setlist has no songs yet."

    /// Beside a song without a length in a planned setlist.
    static let noLength = "no length"
}
