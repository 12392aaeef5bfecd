import Foundation

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
        /// The seconds of the break before the set; nil for the first set.
        public var breakBefore: Int?
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
        // The breaks in order: set n > 0 starts after the n-th break, or the (n+1)-th when the
        // playlist opens with one (which opens the first set and costs no time).
        let breaks = playlist.slots.compactMap { slot -> (String, Int)? in
            if case .setBreak(let label, let occurrence) = slot { (label, occurrence) } else { nil }
        }
        let opening = playlist.items.first.map { if case .setBreak = $0 { 1 } else { 0 } } ?? 0
        var clock = 0
        for (index, set) in playlist.sets.enumerated() {
            var breakBefore: Int?
            if index > 0 {
                let (label, occurrence) = breaks[index - 1 + opening]
                breakBefore = plan.length(ofBreak: label, occurrence: occurrence)
                clock += breakBefore!
            }
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
                    endUncertain: unknownLengths > 0, unknownLengths: unknownLengths - unknownBefore, breakBefore: breakBefore))
        }
        total = clock
        overTarget = plan.target.map { total - $0 }
    }
}
