import Foundation
import SetlistModel

/// One bar counted in before the band's song (`c` in stage mode): its beats at the song's tempo,
/// from a moment a little ahead, so that every phone has the time to hear of it and count with
/// the terminal.
public struct CountIn: Hashable, Sendable {
    /// How far ahead of the key the first beat is, in seconds: a venue's Wi-Fi can hold an event
    /// for a second, and every phone must have it before the first beat.
    public static let lead: TimeInterval = 1.5

    /// The position of the song counted in.
    public var position: Int
    /// The first beat.
    public var start: Date
    /// The song's tempo.
    public var bpm: Int
    /// The beats counted: one bar (``TimeSignature/countedBeats``, 4 without a time signature).
    public var beats: Int

    public init(position: Int, start: Date, bpm: Int, beats: Int) {
        (self.position, self.start, self.bpm, self.beats) = (position, start, bpm, beats)
    }

    /// The count-in of `copy` at `position`, pressed at `now`; nil when the song has no tempo.
    public init?(_ copy: SongCopy, position: Int, at now: Date) {
        guard let bpm = copy.fields.bpm, bpm > 0 else { return nil }
        let time = copy.fields.chart?.timeSignature
        self.init(position: position, start: now.addingTimeInterval(Self.lead), bpm: bpm, beats: time?.countedBeats ?? 4)
    }

    /// Seconds from one beat to the next.
    public var interval: TimeInterval { 60 / Double(bpm) }

    /// When the bar is over: the song's own first beat.
    public var end: Date { start.addingTimeInterval(interval * Double(beats)) }

    /// The beat sounding at `now`: 0 before the first, nil once the bar is over.
    public func beat(at now: Date) -> Int? {
        guard now < end else { return nil }
        let elapsed = now.timeIntervalSince(start)
        return elapsed < 0 ? 0 : min(beats, Int(elapsed / interval) + 1)
    }

    /// When the next beat (or the end of the bar) comes after `now`.
    public func next(after now: Date) -> Date {
        guard now >= start else { return start }
        let passed = Int(now.timeIntervalSince(start) / interval) + 1
        return start.addingTimeInterval(interval * Double(min(passed, beats)))
    }

    /// The status line while counting: "Count-in at 120 BPM: 1 2 _ _", the beats so far.
    public func status(at now: Date) -> String? {
        guard let beat = beat(at: now) else { return nil }
        let counted = (1...beats).map { $0 <= beat ? String($0) : "·" }.joined(separator: " ")
        return "Count-in at \(bpm) BPM: \(counted)"
    }
}
