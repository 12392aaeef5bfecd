import Foundation

/// A playlist's plan for the show (issue 17): when it starts, the gap between songs, how long a
/// break lasts and how long the show should be. Times are wall-clock times as the band writes
/// them ("20:00", "2026-12-31 20:00"); no time zone is kept yet.
public struct ShowPlan: Hashable, Sendable, Codable {
    public var start: PlanStart?
    /// Seconds between two songs of a set.
    public var gap: Int
    /// Seconds of each break between sets.
    public var breakLength: Int
    /// The length in seconds the show should have, gaps and breaks included.
    public var target: Int?

    public init(start: PlanStart? = nil, gap: Int = 0, breakLength: Int = 0, target: Int? = nil) {
        self.start = start
        self.gap = gap
        self.breakLength = breakLength
        self.target = target
    }
}

/// When a show starts: a time of day, on a date or not.
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
            let fields = parts[0].split(separator: "-", omittingEmptySubsequences: false).compactMap { Int($0) }
            guard fields.count == 3, parts[0].count == 10,
                let parsed = Self.calendar.date(from: DateComponents(year: fields[0], month: fields[1], day: fields[2])),
                Self.calendar.component(.day, from: parsed) == fields[2], Self.calendar.component(.month, from: parsed) == fields[1]
            else { return nil }
            date = Day(year: fields[0], month: fields[1], day: fields[2])
        }
    }

    /// "2026-12-31 20:00" or "20:00", as typed back.
    public var description: String { clock(after: 0) }

    /// The wall-clock time `seconds` after the start, to the minute: "20:45"; with the date when
    /// the plan has one ("2027-01-01 00:05"); without one, a later day is marked "00:05 (+1 day)".
    public func clock(after seconds: Int) -> String {
        let minutes = minuteOfDay + seconds / 60
        let days = minutes / 1440, inDay = minutes % 1440
        let time = String(format: "%02d:%02d", inDay / 60, inDay % 60)
        guard let date else { return days == 0 ? time : "\(time) (+\(days) day\(days == 1 ? "" : "s"))" }
        let start = Self.calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day))!
        let moved = Self.calendar.dateComponents([.year, .month, .day], from: Self.calendar.date(byAdding: .day, value: days, to: start)!)
        return String(format: "%04d-%02d-%02d ", moved.year!, moved.month!, moved.day!) + time
    }

    /// Days counted on the plain Gregorian calendar: the plan is wall-clock time.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// A day of the Gregorian calendar.
    public struct Day: Hashable, Sendable {
        public var year: Int, month: Int, day: Int

        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }
    }
}

extension PlanStart: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let start = PlanStart(parsing: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "'\(text)' is not a start time; write \"20:00\" or \"2026-12-31 20:00\"."))
        }
        self = start
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// When each song and set of a playlist happens under a ``ShowPlan``, in seconds from the start.
/// A song of unknown length counts as nothing but is counted in ``unknownLengths``, and every
/// time after it is marked ``Slot/uncertain``: it can only be later.
public struct ShowSchedule: Hashable, Sendable {
    public struct Slot: Hashable, Sendable {
        public var position: Int
        public var start: Int
        public var length: Int?
        /// An earlier song (or this one, for its end) has no length, so the time is a lower bound.
        public var uncertain: Bool
    }

    public struct SetTiming: Hashable, Sendable {
        public var label: String?
        public var start: Int
        public var end: Int
        public var length: Int { end - start }
        /// A song before the set has no length, so its start is a lower bound.
        public var startUncertain: Bool
        /// A song before the set's end has no length, so its end is a lower bound.
        public var endUncertain: Bool
        /// The set's songs without a length: its length is then a lower bound.
        public var unknownLengths: Int
    }

    public var songs: [Slot] = []
    public var sets: [SetTiming] = []
    /// The whole show: songs, gaps and breaks.
    public var total = 0
    /// How many songs have no length.
    public var unknownLengths = 0
    /// The total minus the target: positive over, negative under; nil without a target.
    public var overTarget: Int?

    public init(playlist: Playlist, plan: ShowPlan) {
        var clock = 0
        for (index, set) in playlist.sets.enumerated() {
            if index > 0 { clock += plan.breakLength }
            let setStart = clock, unknownBefore = unknownLengths
            for (offset, entry) in set.entries.enumerated() {
                if offset > 0 { clock += plan.gap }
                let length = entry.copy.fields.length
                songs.append(Slot(position: entry.position, start: clock, length: length, uncertain: unknownLengths > 0))
                if let length { clock += length } else { unknownLengths += 1 }
            }
            sets.append(
                SetTiming(
                    label: set.label, start: setStart, end: clock, startUncertain: unknownBefore > 0,
                    endUncertain: unknownLengths > 0, unknownLengths: unknownLengths - unknownBefore))
        }
        total = clock
        overTarget = plan.target.map { total - $0 }
    }
}
