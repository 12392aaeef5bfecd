/// A time signature as a ChordPro chart gives it (`{time: 6/8}`), and how a bar of it is counted in.
public struct TimeSignature: Hashable, Sendable {
    /// Beats in a bar as written: the 6 of 6/8.
    public var beats: Int
    /// The note that gets one of them: the 8 of 6/8.
    public var unit: Int

    public init(beats: Int, unit: Int) {
        (self.beats, self.unit) = (beats, unit)
    }

    /// "3/4", "6/8", "C" (common time, 4/4) or "C|" and "¢" (cut time, 2/2); nil for anything else.
    public init?(parsing text: String) {
        let trimmed = Text.trimmedSpaces(text)
        switch trimmed {
        case "C", "c": self.init(beats: 4, unit: 4)
        case "C|", "c|", "¢": self.init(beats: 2, unit: 2)
        default:
            let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false).map { Text.trimmedSpaces(String($0)) }
            guard parts.count == 2, let beats = Int(parts[0]), let unit = Int(parts[1]), (1...32).contains(beats),
                [1, 2, 4, 8, 16, 32].contains(unit)
            else { return nil }
            self.init(beats: beats, unit: unit)
        }
    }

    /// The beats a drummer counts in one bar, each at the song's tempo: a compound time (6/8,
    /// 9/8, 12/8, 6/16…) is counted in its dotted beats, 2, 3 or 4, as its tempo is written
    /// (♩. = 60) and as the band feels it; every other time in its top number (3/4 → 3, 2/2 → 2,
    /// 5/4 → 5, 7/8 → 7).
    public var countedBeats: Int {
        unit >= 8 && beats > 3 && beats % 3 == 0 ? beats / 3 : beats
    }

    public var text: String { "\(beats)/\(unit)" }
}

extension Chart {
    /// The time the chart starts in: its first `{time}` directive that gives one; nil without.
    public var timeSignature: TimeSignature? {
        for line in lines {
            guard let directive = ChordProDirective(line), directive.name == "time" else { continue }
            if let time = TimeSignature(parsing: directive.value) { return time }
        }
        return nil
    }
}
