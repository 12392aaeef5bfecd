/// The words of a plan, the same in `show`, `plan`, the PDFs, the email and the stage screen.
public enum PlanText {
    /// "starts 20:00, 0:20 between songs, 15:00 breaks, target 1:30:00"; the start in the plan's
    /// zone, named when the reader's differs ("starts 20:00 Europe/Prague").
    public static func summary(_ clock: PlanClock) -> String {
        let plan = clock.plan
        var parts: [String] = []
        parts.append(clock.startAsSet.map { "starts \($0)" } ?? "no start time")
        parts.append("\(SongLength.format(plan.gap)) between songs")
        parts.append("\(SongLength.format(plan.breakLength)) breaks")
        if let target = plan.target { parts.append("target \(SongLength.format(target))") }
        return parts.joined(separator: ", ")
    }

    /// "Set 2: 21:00–21:44 (44:00), after a 20:00 break", "Set 2: 00:11 (+1)–00:42 (+1) (31:24)…":
    /// a "+" after the length marks a length that songs
    /// without one make a lower bound. `number` counts sets from 0.
    public static func set(_ set: ShowSchedule.SetTiming, number: Int, _ clock: PlanClock) -> String {
        "\(set.label ?? "Set \(number + 1)"): " + range(set, clock) + " (\(length(set)))" + afterBreak(set)
    }

    /// "21:00–21:44, after a 15:00 break": when a set is played, for its heading in a listing.
    public static func times(_ set: ShowSchedule.SetTiming, _ clock: PlanClock) -> String {
        range(set, clock) + afterBreak(set)
    }

    /// A song's planned start in a listing: "20:04", "00:16~ (+1)".
    public static func start(_ slot: ShowSchedule.Slot, _ clock: PlanClock) -> String {
        clock.time(slot.start, uncertain: slot.uncertain)
    }

    /// ", after a 15:00 break" for a set after a break; empty for the first.
    public static func afterBreak(_ set: ShowSchedule.SetTiming) -> String {
        set.breakBefore.map { ", after a \(SongLength.format($0)) break" } ?? ""
    }

    /// Beside a song without a length in a planned setlist: its time counts as nothing.
    public static let noLength = "no length"

    /// "21:00–21:44": when a set starts and ends (see ``PlanClock/time(_:uncertain:dated:)``).
    public static func range(_ set: ShowSchedule.SetTiming, _ clock: PlanClock) -> String {
        clock.time(set.start, uncertain: set.startUncertain) + "–" + clock.time(set.end, uncertain: set.endUncertain)
    }

    /// "Show 2026-12-31 23:30–01:02 (+1) · Total 1:32:00 with gaps and breaks, 2:00 over the
    /// target 1:30:00.", the plan as set (with its date) instead of the date when the reader's
    /// zone differs, then the songs of unknown length: the plan under a printed setlist's title.
    public static func overview(_ playlist: Playlist, _ clock: PlanClock) -> [String] {
        let schedule = ShowSchedule(playlist: playlist, plan: clock.plan)
        var first = total(schedule, clock.plan)
        if clock.start != nil {
            let date = clock.plan.start?.date.map { clock.showsZone ? "" : "\($0) " } ?? ""
            first = "Show \(date)\(clock.time(0))–\(clock.time(schedule.total, uncertain: schedule.unknownLengths > 0)) · " + first
        }
        if clock.showsZone, let start = clock.startAsSet { first += " Planned to start \(start)." }
        return [first] + (unknownLengths(schedule).map { [$0] } ?? [])
    }

    /// "44:00", or "44:00+" when a song of the set has no length.
    public static func length(_ set: ShowSchedule.SetTiming) -> String {
        SongLength.format(set.length) + (set.unknownLengths > 0 ? "+" : "")
    }

    /// "Total 1:32:00 with gaps and breaks, 2:00 over the target 1:30:00."
    public static func total(_ schedule: ShowSchedule, _ plan: ShowPlan) -> String {
        var total = "Total \(SongLength.format(schedule.total))\(schedule.unknownLengths > 0 ? "+" : "") with gaps and breaks"
        if let target = plan.target, let over = schedule.overTarget { total += ", " + versusTarget(over, target: target) }
        return total + "."
    }

    /// "2:00 over the target 1:30:00", "9:00 under the target 1:00:00", "exactly the target 1:00:00".
    public static func versusTarget(_ over: Int, target: Int) -> String {
        over == 0
            ? "exactly the target \(SongLength.format(target))"
            : "\(SongLength.format(abs(over))) \(over > 0 ? "over" : "under") the target \(SongLength.format(target))"
    }

    /// Which songs have no length and what that does to the times; nil when all have one.
    public static func unknownLengths(_ schedule: ShowSchedule) -> String? {
        guard schedule.unknownLengths > 0 else { return nil }
        let positions = schedule.songs.filter { $0.length == nil }.map { String($0.position) }.joined(separator: ", ")
        return
            "\(schedule.unknownLengths == 1 ? "1 song has" : "\(schedule.unknownLengths) songs have") no length (\(positions)), counted as 0: times marked ~ and lengths marked + can only be later or longer."
    }

    /// The sets' times (indented), the total against the target and the songs of unknown length.
    public static func lines(_ playlist: Playlist, _ clock: PlanClock) -> [String] {
        let schedule = ShowSchedule(playlist: playlist, plan: clock.plan)
        var lines = schedule.sets.enumerated().map { "  " + set($1, number: $0, clock) }
        lines.append(total(schedule, clock.plan))
        if let note = unknownLengths(schedule) { lines.append(note) }
        return lines
    }
}
