import Foundation

/// The clock times of a plan as one reader sees them: the start is a wall-clock time in the
/// plan's zone; every time is shown in the reader's zone, followed by that zone's name when its
/// clock differs from the plan's, so a member abroad reads "19:00 GMT" for a show at 20:00 in
/// Prague. A start without a date is the show in progress at `reference` (the time now, or the
/// document's date) — one that began at most six hours (or the target) before — else the next
/// one, so the stage screen tells the right day around midnight.
public struct PlanClock: Sendable {
    public let plan: ShowPlan
    /// The reader's zone, where times are shown.
    public let zone: TimeZone
    /// The zone of the plan's start (the reader's when the plan keeps none or one unknown here).
    public let planZone: TimeZone
    /// The moment the show starts; nil without a start time.
    public let start: Date?
    /// Whether the reader's clock differs from the plan's at the start, so times carry a zone.
    public let showsZone: Bool

    public init(plan: ShowPlan, zone: TimeZone, reference: Date) {
        self.plan = plan
        self.zone = zone
        let planZone = plan.timeZone ?? zone
        let start = plan.start.map { Self.moment(of: $0, in: planZone, near: reference, running: max(6 * 3600, plan.target ?? 0)) }
        self.planZone = planZone
        self.start = start
        showsZone = start.map { planZone.secondsFromGMT(for: $0) != zone.secondsFromGMT(for: $0) } ?? false
    }

    /// The clock of `plan` for a reader in `environment`'s zone (``PlanZone/local(environment:)``),
    /// its undated start the show in progress or next at `reference`.
    public init(plan: ShowPlan, environment: [String: String], reference: Date) {
        self.init(plan: plan, zone: PlanZone.local(environment: environment), reference: reference)
    }

    /// The moment `seconds` into the show; nil without a start.
    public func moment(after seconds: Int) -> Date? {
        start.map { $0.addingTimeInterval(TimeInterval(seconds)) }
    }

    /// A time `seconds` into the show, to the minute, in the reader's zone: "20:45"; a time on
    /// another day than the show's (the plan's date, or for a time alone the day the show starts
    /// on the reader's clock) marked with how many days later it is: "00:05 (+1)";
    /// "~" marks a lower bound (songs of unknown length before it), then the zone when it differs
    /// ("19:00~ GMT"). Without a start, the time into the show: "+45:00". The date is printed once,
    /// where the plan is summed up (``PlanText``), so a column of times stays narrow. `dated: true`
    /// gives the full date and time instead ("2027-01-01 00:05"), for scripts (`--json`).
    public func time(_ seconds: Int, uncertain: Bool = false, dated: Bool = false) -> String {
        let mark = uncertain ? "~" : ""
        guard let start, let planStart = plan.start, let moment = moment(after: seconds) else {
            return "+" + SongLength.format(seconds) + mark
        }
        let parts = Self.calendar(zone).dateComponents([.year, .month, .day, .hour, .minute], from: moment)
        var text = String(format: "%02d:%02d", parts.hour!, parts.minute!)
        var days = 0
        if planStart.date != nil && dated {
            text = String(format: "%04d-%02d-%02d ", parts.year!, parts.month!, parts.day!) + text
        } else {
            let anchor = Self.day(of: start, in: planStart.date != nil ? planZone : zone)
            days = PlanStart.Day.calendar.dateComponents([.day], from: anchor, to: Self.day(of: moment, in: zone)).day!
        }
        text += mark
        if showsZone { text += " " + zoneName(at: moment) }
        // One mark for every output: the show, the PDFs, the email, the text export, the stage.
        if days != 0 { text += " (\(days > 0 ? "+" : "")\(days))" }
        return text
    }

    /// Midnight GMT of the calendar day `moment` falls on in `zone`: days compared by their dates.
    private static func day(of moment: Date, in zone: TimeZone) -> Date {
        let parts = calendar(zone).dateComponents([.year, .month, .day], from: moment)
        return PlanStart.Day.calendar.date(from: DateComponents(year: parts.year, month: parts.month, day: parts.day))!
    }

    /// The start as set, in the plan's zone, with the zone's name when the reader's differs:
    /// "2026-12-31 20:00", or "2026-12-31 20:00 Europe/Prague".
    public var startAsSet: String? {
        plan.start.map { start in start.description + (showsZone ? " " + planZone.identifier : "") }
    }

    /// The reader's zone's short name at `moment`: "GMT+1", "CET".
    public func zoneName(at moment: Date) -> String {
        zone.abbreviation(for: moment) ?? zone.identifier
    }

    /// The start's day and time in `zone`: its date, or for a time alone the show in progress at
    /// `reference` (started at most `running` seconds before), else the next one.
    static func moment(of start: PlanStart, in zone: TimeZone, near reference: Date, running: Int) -> Date {
        let calendar = calendar(zone)
        func at(_ day: DateComponents) -> Date {
            var components = day
            components.hour = start.minuteOfDay / 60
            components.minute = start.minuteOfDay % 60
            return calendar.date(from: components) ?? reference
        }
        if let date = start.date { return at(DateComponents(year: date.year, month: date.month, day: date.day)) }
        let today = calendar.startOfDay(for: reference)
        let candidates = [-1, 0, 1].compactMap { offset in
            calendar.date(byAdding: .day, value: offset, to: today).map { at(calendar.dateComponents([.year, .month, .day], from: $0)) }
        }
        return candidates.first { $0.timeIntervalSince(reference) >= -TimeInterval(running) } ?? reference
    }

    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
