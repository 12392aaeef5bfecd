import Foundation
import SetlistModel
import SetlistSupport

extension CommandContext {
    /// The clock of `plan` for this command's reader: times in `$TZ`'s zone, an undated start
    /// the show in progress or next at the time now (`SOURCE_DATE_EPOCH` when set).
    func planClock(_ plan: ShowPlan) -> PlanClock {
        PlanClock(plan: plan, environment: environment, reference: DocumentDate.now(environment: environment))
    }
}

/// The plan in `show`'s table.
enum PlanTable {
    /// Puts a "Start" column after "#" in `show`'s table, one row per song in playing order.
    static func addStartColumn(to table: inout Table, _ playlist: Playlist, _ clock: PlanClock) {
        let schedule = ShowSchedule(playlist: playlist, plan: clock.plan)
        table.headers.insert("Start", at: 1)
        table.alignments.insert(.right, at: 1)
        for (row, slot) in zip(table.rows.indices, schedule.songs) {
            table.rows[row].insert(PlanText.start(slot, clock), at: 1)
        }
    }
}

/// The plan in `show --json`: the stored plan and the times it gives.
struct PlanJSON: JSONWritable {
    struct Song: JSONWritable {
        var position: Int
        var start: Int
        var clock: String?
        var uncertain: Bool

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("clock", clock)
                writer.member("position", position)
                writer.member("start", start)
                writer.member("uncertain", uncertain)
            }
        }
    }
    struct SetTime: JSONWritable {
        var label: String?
        var start: Int
        var end: Int
        var length: Int
        var startUncertain: Bool
        var endUncertain: Bool
        var unknownLengths: Int
        var breakBefore: Int?

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("breakBefore", breakBefore)
                writer.member("end", end)
                writer.member("endUncertain", endUncertain)
                writer.member("label", label)
                writer.member("length", length)
                writer.member("start", start)
                writer.member("startUncertain", startUncertain)
                writer.member("unknownLengths", unknownLengths)
            }
        }
    }
    var start: String?
    var zone: String?
    var gap: Int
    var breakLength: Int
    var breaks: [BreakLength]?
    var target: Int?
    var songs: [Song]
    var sets: [SetTime]
    var total: Int
    var unknownLengths: Int
    var overTarget: Int?

    init(_ playlist: Playlist, _ clock: PlanClock) {
        let plan = clock.plan
        let schedule = ShowSchedule(playlist: playlist, plan: plan)
        start = plan.start?.description
        zone = plan.zone
        gap = plan.gap
        breakLength = plan.breakLength
        breaks = plan.breakLengths.isEmpty ? nil : plan.breakLengths
        target = plan.target
        songs = schedule.songs.map { slot in
            Song(
                position: slot.position, start: slot.start, clock: clock.start.map { _ in clock.time(slot.start, dated: true) },
                uncertain: slot.uncertain)
        }
        sets = schedule.sets.map {
            SetTime(
                label: $0.label, start: $0.start, end: $0.end, length: $0.length, startUncertain: $0.startUncertain,
                endUncertain: $0.endUncertain, unknownLengths: $0.unknownLengths, breakBefore: $0.breakBefore)
        }
        total = schedule.total
        unknownLengths = schedule.unknownLengths
        overTarget = schedule.overTarget
    }

    func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("breakLength", breakLength)
            writer.member("breaks", breaks)
            writer.member("gap", gap)
            writer.member("overTarget", overTarget)
            writer.member("sets", sets)
            writer.member("songs", songs)
            writer.member("start", start)
            writer.member("target", target)
            writer.member("total", total)
            writer.member("unknownLengths", unknownLengths)
            writer.member("zone", zone)
        }
    }
}
