import SetlistModel
import Testing

/// Transposition of all 24 keys by every interval, against a table written out by hand rather
/// than computed the way the code computes it.
@Suite struct TranspositionTests {
    /// The usual spelling on each pitch class from C, as printed (English notation).
    /// F♯ major over G♭ major: the same letter as F♯ minor. E♭ minor over D♯ minor: the same
    /// letter as E♭ major.
    static let major = [
        "C major", "D♭ major", "D major", "E♭ major", "E major", "F major",
        "F♯ major", "G major", "A♭ major", "A major", "B♭ major", "B major",
    ]
    static let minor = [
        "C minor", "C♯ minor", "D minor", "E♭ minor", "E minor", "F minor",
        "F♯ minor", "G minor", "G♯ minor", "A minor", "B♭ minor", "B minor",
    ]

    static func key(_ text: String) -> MusicalKey { MusicalKey(parsing: text)! }

    @Test func everyKeyByEveryIntervalBothWays() {
        for (table, name) in [(Self.major, "major"), (Self.minor, "minor")] {
            for start in 0..<12 {
                let from = Self.key(table[start])
                #expect(from.spelled(in: .english) == table[start], "the table reads back: \(table[start])")
                for interval in -11...11 {
                    let expected = table[((start + interval) % 12 + 12) % 12]
                    let moved = from.transposed(by: interval)
                    #expect(moved.spelled(in: .english) == expected, "\(table[start]) \(interval > 0 ? "+" : "")\(interval)")
                    #expect(moved.mode.rawValue == name, "a \(name) key stays \(name)")
                    // And back again: the move is undone exactly, spelling included.
                    #expect(moved.transposed(by: -interval) == from, "\(table[start]) \(interval) and back")
                    // The shortest move to the result leads there.
                    let shortest = from.semitones(to: moved)
                    #expect((-5...6).contains(shortest) && from.transposed(by: shortest) == moved, "\(table[start]) to \(expected)")
                }
            }
        }
    }

    /// Whatever spelling a key was typed in, the result is spelled as musicians write it.
    @Test func resultsAreRespelled() {
        let cases: [(String, Int, String)] = [
            ("A major", 1, "B♭ major"), ("G major", 3, "B♭ major"), ("C major", 3, "E♭ major"),
            ("E minor", 2, "F♯ minor"), ("A minor", -3, "F♯ minor"), ("G minor", -1, "F♯ minor"),
            ("C major", -1, "B major"), ("C major", 11, "B major"), ("C major", -11, "D♭ major"),
            ("A# major", 0, "B♭ major"), ("D# major", 0, "E♭ major"), ("Gb minor", 0, "F♯ minor"),
            ("D# minor", 0, "E♭ minor"), ("Gb major", 0, "F♯ major"), ("Cb major", 0, "B major"),
            ("Fb major", 1, "F major"), ("E# minor", 0, "F minor"), ("B# major", -1, "B major"),
            ("Ab minor", 0, "G♯ minor"), ("A# minor", 0, "B♭ minor"), ("C# major", 0, "D♭ major"),
        ]
        for (from, by, to) in cases {
            #expect(Self.key(from).transposed(by: by).spelled(in: .english) == to, "\(from) \(by)")
        }
    }

    /// The band's notation decides how the result prints (the one key printer, spelled(in:)).
    @Test func resultsPrintInTheBandsNotation() {
        #expect(Self.key("A major").transposed(by: 1).spelled(in: .german) == "B dur")
        #expect(Self.key("A major").transposed(by: 2).spelled(in: .german) == "H dur")
        #expect(Self.key("E minor").transposed(by: 2).spelled(in: .german) == "fis moll")
        #expect(Self.key("D minor").transposed(by: 1).spelled(in: .german) == "es moll")
        #expect(Self.key("G major").transposed(by: 1).spelled(in: .german) == "As dur")
    }

    @Test func shortestMoveBetweenKeys() {
        #expect(Self.key("C major").semitones(to: Self.key("F major")) == 5)
        #expect(Self.key("C major").semitones(to: Self.key("G major")) == -5)
        #expect(Self.key("C major").semitones(to: Self.key("F# major")) == 6)
        #expect(Self.key("C minor").semitones(to: Self.key("B minor")) == -1)
        #expect(Self.key("B minor").semitones(to: Self.key("C minor")) == 1)
        #expect(Self.key("A# major").semitones(to: Self.key("Bb major")) == 0)
    }
}
