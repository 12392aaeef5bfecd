import Testing

@testable import SetlistModel

/// Chords spelled by what they do: every major and minor key's secondary dominants, their slash
/// inversions (the third in the bass) and the diminished passing chords moved by every interval,
/// checked for pitch against a plain count of semitones and for spelling by the letters: a note
/// moves as many letters as the tonic does, and a bass keeps its letter distance from the root.
@Suite struct ChordSpellingTableTests {
    static let letters: [Character] = ["C", "D", "E", "F", "G", "A", "B"]
    static let letterPitches = [0, 2, 4, 5, 7, 9, 11]
    static let majorSteps = [0, 2, 4, 5, 7, 9, 11], minorSteps = [0, 2, 3, 5, 7, 8, 10]

    /// A note worked out by hand: a letter (0–6) and a pitch; its name, or nil when writing it
    /// would need a double sharp or flat or E♯, B♯, C♭, F♭.
    struct Note: Equatable {
        var letter: Int, pitch: Int
        init(letter: Int, pitch: Int) { (self.letter, self.pitch) = ((letter % 7 + 7) % 7, (pitch % 12 + 12) % 12) }
        var alter: Int {
            let up = ((pitch - letterPitches[letter]) % 12 + 12) % 12
            return up > 6 ? up - 12 : up
        }
        var name: String? {
            let name = String(letters[letter]) + (alter == 1 ? "#" : alter == -1 ? "b" : "")
            return abs(alter) > 1 || ["E#", "B#", "Cb", "Fb"].contains(name) ? nil : name
        }
        /// The note `letters` letters and `semitones` semitones up.
        func up(letters: Int, semitones: Int) -> Note { Note(letter: letter + letters, pitch: pitch + semitones) }
    }

    /// The chords of a key as a musician spells them: for each degree but the tonic, its
    /// secondary dominant (V7/x), that chord over its third, and the diminished seventh a
    /// semitone below the degree; each only where every note of it has a plain name.
    static func chords(in key: MusicalKey) -> [(root: Note, quality: String, bass: Note?)] {
        let tonic = Note(letter: letters.firstIndex(of: key.tonic.first!)!, pitch: key.pitchClass)
        let steps = key.mode == .major ? majorSteps : minorSteps
        var result: [(Note, String, Note?)] = []
        for degree in 1..<7 {
            let target = tonic.up(letters: degree, semitones: steps[degree])
            let dominant = target.up(letters: 4, semitones: 7), third = dominant.up(letters: 2, semitones: 4)
            let leading = target.up(letters: -1, semitones: -1)
            for chord in [(dominant, "7", nil), (dominant, "", third), (leading, "dim7", nil)] as [(Note, String, Note?)]
            where chord.0.name != nil && (chord.2.map { $0.name != nil } ?? true) {
                result.append(chord)
            }
        }
        return result
    }

    static let keys = MusicalKey.Mode.allCases.flatMap { mode in (0..<12).map { MusicalKey(pitchClass: $0, mode: mode) } }

    @Test(arguments: keys)
    func secondaryDominantsAndTheirInversionsKeepTheirLetters(key: MusicalKey) throws {
        let chords = Self.chords(in: key)
        #expect(chords.count >= 6, "\(key): its chords with plain names")
        let written = chords.map { "[\($0.root.name!)\($0.quality)\($0.bass.map { "/" + $0.name! } ?? "")]x" }
        let chart = try #require(try Chart(text: written.joined(separator: " "), key: key))
        let sourceTonic = Self.letters.firstIndex(of: key.tonic.first!)!
        for semitones in 1..<12 {
            let target = key.transposed(by: semitones)
            let letterMove = Self.letters.firstIndex(of: target.tonic.first!)! - sourceTonic
            let shown = ChartLine.lines(of: chart.shown(in: target)).flatMap { line -> [String] in
                guard case .lyrics(let segments) = line else { return [] }
                return segments.compactMap(\.chord)
            }
            try #require(shown.count == chords.count)
            for (chord, name) in zip(chords, shown) {
                let place = "\(chord.root.name!)\(chord.quality)\(chord.bass.map { "/" + $0.name! } ?? "") in \(key) → \(target): \(name)"
                let moved = try #require(Chord(name), "\(place)")
                // Pitch: a plain count of semitones.
                #expect(moved.root == (chord.root.pitch + semitones) % 12, "\(place)")
                #expect(moved.quality == chord.quality, "\(place)")
                #expect(moved.bass == chord.bass.map { ($0.pitch + semitones) % 12 }, "\(place)")
                // Spelling: the root as many letters on as the tonic, where that name is plain.
                let root = chord.root.up(letters: letterMove, semitones: semitones)
                if root.name != nil {
                    #expect(moved.rootNote.letter == root.letter, "\(place): the root keeps its degree")
                }
                // The bass keeps its letter distance from the root (A/C# up a tone is B/D#).
                if let bass = chord.bass, let movedBass = moved.bassNote {
                    let kept = Note(letter: moved.rootNote.letter + bass.letter - chord.root.letter, pitch: bass.pitch + semitones)
                    if kept.name != nil {
                        #expect(movedBass.letter == kept.letter, "\(place): the bass keeps its letter distance")
                    }
                }
                #expect(moved.rootNote.isPlain && (moved.bassNote?.isPlain ?? true), "\(place): no double accidental, E#, B#, Cb or Fb")
            }
        }
    }

    /// The moves a musician reads wrong today, worked by hand.
    @Test func raisedDegreesStayRaised() throws {
        let cases: [(String, String, String, String)] = [
            ("F", "G", "[D/F#]", "[E/G#]"), ("D", "E", "[E/G#]", "[F#/A#]"), ("C", "G", "[C#dim7]", "[G#dim7]"),
            ("D", "E", "[A/C#]", "[B/D#]"), ("D", "E", "[A/G#]", "[B/A#]"), ("D", "E", "[D/C#]", "[E/D#]"),
            ("A minor", "B minor", "[E/G#]", "[F#/A#]"), ("C", "Bb", "[E7/G#]", "[D7/F#]"), ("G", "F", "[B7/D#]", "[A7/C#]"),
            // A chart that wrote F♯ major's E♯ as F reads F♯ in G, the key's own note.
            ("F#", "G", "[C#/F]", "[D/F#]"),
        ]
        for (from, to, written, expected) in cases {
            let chart = try #require(try Chart(text: written, key: MusicalKey(parsing: from)))
            #expect(chart.shown(in: MusicalKey(parsing: to)).lines == [expected], "\(written) in \(from) → \(to)")
        }
    }
}
