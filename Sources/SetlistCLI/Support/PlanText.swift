import SetlistCore

/// How `show` and `plan` print a playlist's plan: one wording for both.
enum PlanText {
    /// "starts 20:00, 0:20 between songs, 15:00 breaks, target 1:30:00".
    static func summary(_ plan: ShowPlan) -> String {
        var parts: [String] = []
        parts.append(plan.start.map { "starts \($0)" } ?? "no start time")
        parts.append("\(SongLength.format(plan.gap)) between songs")
        parts.append("\(SongLength.format(plan.breakLength)) breaks")
        if let target = plan.target { parts.append("target \(SongLength.format(target))") }
        return parts.joined(separator: ", ")
    }

    /// A time of the show: the clock time with a start, else the time into the show; "~" marks a
    /// time that songs of unknown length make a lower bound.
    static func time(_ seconds: Int, _ plan: ShowPlan, uncertain: Bool) -> String {
        (plan.start.map { $0.clock(after: seconds) } ?? "+" + SongLength.format(seconds)) + (uncertain ? "~" : "")
    }

    /// The sets' times, the total against the target and the songs of unknown length.
    static func lines(_ playlist: Playlist, _ plan: ShowPlan) -> [String] {
        let schedule = ShowSchedule(playlist: playlist, plan: plan)
        var lines: [String] = []
        for (number, set) in schedule.sets.enumerated() {
            lines.append(
                "  \(set.label ?? "Set \(number + 1)"): \(time(set.start, plan, uncertain: set.startUncertain))–"
                    + "\(time(set.end, plan, uncertain: set.endUncertain)) (\(SongLength.format(set.length))\(set.unknownLengths > 0 ? "+" : ""))"
            )
        }
        var total = "Total \(SongLength.format(schedule.total))\(schedule.unknownLengths > 0 ? "+" : "") with gaps and breaks"
        if let over = schedule.overTarget, let target = plan.target {
            total +=
                over == 0
                ? ", exactly the target \(SongLength.format(target))"
                : over > 0
                    ? ", \(SongLength.format(over)) over the target \(SongLength.format(target))"
                    : ", \(SongLength.format(-over)) under the target \(SongLength.format(target))"
        }
        lines.append(total + ".")
        if schedule.unknownLengths > 0 {
            let positions = schedule.songs.filter { $0.length == nil }.map { String($0.position) }.joined(separator: ", ")
            lines.append(
                "\(schedule.unknownLengths == 1 ? "1 song has" : "\(schedule.unknownLengths) songs have") no length (\(positions)), counted as 0: times marked ~ and lengths marked + can only be later or longer."
            )
        }
        return lines
    }

    /// Puts a "Start" column after "#" in `show`'s table, one row per song in playing order.
    static func addStartColumn(to table: inout Table, _ playlist: Playlist, _ plan: ShowPlan) {
        let schedule = ShowSchedule(playlist: playlist, plan: plan)
        table.headers.insert("Start", at: 1)
        table.alignments.insert(.right, at: 1)
        for (row, slot) in zip(table.rows.indices, schedule.songs) {
            table.rows[row].insert(time(slot.start, plan, uncertain: slot.uncertain), at: 1)
        }
    }
}

/// The plan in `show --json`: the stored plan and the times it gives.
struct PlanJSON: Encodable {
    struct Song: Encodable {
        var position: Int
        var start: Int
        var clock: String?
        var uncertain: Bool
    }
    struct SetTime: Encodable {
        var label: String?
        var start: Int
        var end: Int
        var length: Int
        var startUncertain: Bool
        var endUncertain: Bool
        var unknownLengths: Int
    }
    var start: String?
    var gap: Int
    var breakLength: Int
    var target: Int?
    var songs: [Song]
    var sets: [SetTime]
    var total: Int
    var unknownLengths: Int
    var overTarget: Int?

    init(_ playlist: Playlist, _ plan: ShowPlan) {
        let schedule = ShowSchedule(playlist: playlist, plan: plan)
        start = plan.start?.description
        gap = plan.gap
        breakLength = plan.breakLength
        target = plan.target
        songs = schedule.songs.map {
            Song(position: $0.position, start: $0.start, clock: plan.start?.clock(after: $0.start), uncertain: $0.uncertain)
        }
        sets = schedule.sets.map {
            SetTime(
                label: $0.label, start: $0.start, end: $0.end, length: $0.length, startUncertain: $0.startUncertain,
                endUncertain: $0.endUncertain, unknownLengths: $0.unknownLengths)
        }
        total = schedule.total
        unknownLengths = schedule.unknownLengths
        overTarget = schedule.overTarget
    }
}
