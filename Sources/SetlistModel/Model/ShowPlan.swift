import Foundation

/// A playlist's plan for the show (issue 17): when it starts and in which time zone, the gap
/// between songs, how long a break lasts (each break may have its own length) and how long the
/// show should be.
public struct ShowPlan: Hashable, Sendable {
    public var start: PlanStart?
    /// The zone the start is a wall-clock time in, by identifier ("Europe/Prague", "GMT+0100"):
    /// the zone typed with the start, else the one of the machine where it was set. Nil in plans
    /// made before zones were kept: those are read in the reader's zone.
    public var zone: String?
    /// Seconds between two songs of a set.
    public var gap: Int
    /// Seconds of each break between sets that has no length of its own.
    public var breakLength: Int
    /// The length in seconds the show should have, gaps and breaks included.
    public var target: Int?
    /// The breaks given a length of their own (`setlist break --after N --length 15m`).
    public var breakLengths: [BreakLength]

    public init(
        start: PlanStart? = nil, zone: String? = nil, gap: Int = 0, breakLength: Int = 0, target: Int? = nil,
        breakLengths: [BreakLength] = []
    ) {
        self.start = start
        self.zone = zone
        self.gap = gap
        self.breakLength = breakLength
        self.target = target
        self.breakLengths = breakLengths
    }

    /// The seconds of the break `label` (the `occurrence`-th of that label, from 0): its own
    /// length, else ``breakLength``.
    public func length(ofBreak label: String, occurrence: Int) -> Int {
        breakLengths.first { $0.label == label && $0.occurrence == occurrence }?.length ?? breakLength
    }

    /// The plan's time zone, when it names one this machine knows.
    public var timeZone: TimeZone? { zone.flatMap(PlanZone.zone) }
}

/// One break's own length. A break is known by its label and how many breaks of that label come
/// before it (``PlaylistSlot/setBreak(_:occurrence:)``), as the merges know it.
public struct BreakLength: Hashable, Sendable {
    public var label: String
    public var occurrence: Int
    /// Seconds.
    public var length: Int

    public init(label: String, occurrence: Int = 0, length: Int) {
        self.label = label
        self.occurrence = occurrence
        self.length = length
    }

    /// The break this length is for, as a playlist's order names it.
    public var place: PlaylistSlot { .setBreak(label, occurrence: occurrence) }

    /// The order a plan keeps its break lengths in: by label, then occurrence.
    public static func placeOrder(_ first: BreakLength, _ second: BreakLength) -> Bool {
        (first.label, first.occurrence) < (second.label, second.occurrence)
    }
}

/// When a show starts: a wall-clock time of day, on a date or not (then the day the show is
/// in progress or next, see ``PlanClock``).
public struct PlanStart: Hashable, Sendable, CustomStringConvertible {
    /// The day, when the plan names one.
    public var date: Day?
    /// Minutes after midnight, 0 ..< 1440.
    public var minuteOfDay: Int

    /// Reads "20:00", "8:05" or "2026-12-31 20:00"; nil when it is none of these or not a real
    /// date and time.
    public init?(parsing raw: String) {
        let parts = raw.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: true)
        guard (1...2).contains(parts.count) else { return nil }
        let time = parts[parts.count - 1].split(separator: ":", omittingEmptySubsequences: false)
        guard time.count == 2, time[1].count == 2, (1...2).contains(time[0].count),
            let hour = Int(time[0]), let minute = Int(time[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        minuteOfDay = hour * 60 + minute
        if parts.count == 2 {
            guard let day = Day(parsing: parts[0]) else { return nil }
            date = day
        }
    }

    /// A start as typed to `setlist plan --start`: ``init(parsing:)`` optionally followed by a
    /// zone (``PlanZone/zone(_:)``): "20:00 Europe/Prague", "2026-12-31 20:00 +01:00". Nil when
    /// it is not one.
    public static func typed(_ raw: String) -> (start: PlanStart, zone: TimeZone?)? {
        if let start = PlanStart(parsing: raw) { return (start, nil) }
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard let space = text.lastIndex(of: " "), let zone = PlanZone.zone(String(text[text.index(after: space)...])),
            let start = PlanStart(parsing: String(text[..<space]))
        else { return nil }
        return (start, zone)
    }

    /// "2026-12-31 20:00" or "20:00", as typed back.
    public var description: String {
        let time = String(format: "%02d:%02d", minuteOfDay / 60, minuteOfDay % 60)
        return date.map { "\($0) \(time)" } ?? time
    }

    /// A day of the Gregorian calendar.
    public struct Day: Hashable, Sendable, CustomStringConvertible {
        public var year: Int, month: Int, day: Int

        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }

        /// The day `moment` falls on in `zone`.
        public init(of moment: Date, in zone: TimeZone) {
            let parts = PlanClock.calendar(zone).dateComponents([.year, .month, .day], from: moment)
            self.init(year: parts.year!, month: parts.month!, day: parts.day!)
        }

        /// Reads "2026-12-31"; nil when it is not a real date written so.
        public init?(parsing text: some StringProtocol) {
            let fields = text.split(separator: "-", omittingEmptySubsequences: false).compactMap { Int($0) }
            guard fields.count == 3, text.count == 10,
                let parsed = Day.calendar.date(from: DateComponents(year: fields[0], month: fields[1], day: fields[2])),
                Day.calendar.component(.day, from: parsed) == fields[2], Day.calendar.component(.month, from: parsed) == fields[1]
            else { return nil }
            self.init(year: fields[0], month: fields[1], day: fields[2])
        }

        /// "2026-12-31".
        public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

        /// Checks dates as written, whatever the zone.
        static let calendar: Calendar = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: 0)!
            return calendar
        }()
    }
}
