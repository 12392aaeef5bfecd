import Foundation
import SetlistModel

/// When the song on stage should start under the show's plan, and how the band stands against
/// that at a moment: the line the stage screen shows under the set's times.
public struct PlannedStart: Hashable, Sendable {
    /// "23:41", "23:41~" (songs of unknown length before it), "+10:00" without a start time;
    /// with the reader's zone when it differs from the plan's.
    public var time: String
    /// When the song should start; nil without a start time.
    public var moment: Date?
    /// When the show starts; nil without a start time.
    public var showStart: Date?
    /// The show's date and start time ("2026-12-31 20:00"), for a show too far off to count
    /// down to; nil without a start time.
    public var showDated: String?

    /// Beyond this many seconds before the show, the stage says its date rather than counting
    /// down ("840:36:08" to a show weeks away says nothing at a glance).
    public static let countdownLimit = 24 * 60 * 60

    /// The plan of the song at `position`; nil when `clock` is nil (no plan).
    public init?(playlist: Playlist, position: Int, clock: PlanClock?) {
        guard let clock else { return nil }
        let schedule = ShowSchedule(playlist: playlist, plan: clock.plan)
        guard let slot = schedule.songs.first(where: { $0.position == position }) else { return nil }
        time = PlanText.start(slot, clock)
        moment = clock.moment(after: slot.start)
        showStart = clock.start
        showDated = clock.start.map { _ in clock.time(0, dated: true) }
    }

    /// "Planned start 23:41 · 3:20 behind the plan" (or "ahead of", or "on time" within a
    /// minute; before the show "the show starts in 15:00", or more than a day before it "the
    /// show starts 2026-12-31 23:30"), and a short form for narrow screens ("23:41 · 3:20 behind"). Without `now`, or without a start time, only the planned start.
    public func line(now: Date?) -> (long: String, short: String) {
        let planned = "Planned start \(time)"
        guard let now, let moment, let showStart else { return (planned, time) }
        if now < showStart {
            let seconds = Int(showStart.timeIntervalSince(now).rounded(.up))
            if seconds > Self.countdownLimit, let showDated {
                let day = showDated.split(separator: " ").first.map(String.init) ?? showDated
                return ("\(planned) · the show starts \(showDated)", "\(time) · show \(day)")
            }
            let wait = SongLength.format(seconds)
            return ("\(planned) · the show starts in \(wait)", "\(time) · starts in \(wait)")
        }
        let late = Int(now.timeIntervalSince(moment).rounded(.down))
        guard abs(late) >= 60 else { return ("\(planned) · on time", "\(time) · on time") }
        let by = SongLength.format(abs(late)), side = late > 0 ? "behind" : "ahead"
        return ("\(planned) · \(by) \(side) \(late > 0 ? "the plan" : "of the plan")", "\(time) · \(by) \(side)")
    }
}
