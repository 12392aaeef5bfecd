/// How the notes of a moved chord are spelled: the one rule the terminal, stage mode, the phones'
/// page and the songbook follow.
///
/// A note moves by the interval between the keys, letters and semitones (``ChordInterval``), so
/// that it keeps its degree and a chord its shape: D/F♯ in F major moved to G is E/G♯, C♯dim7 in
/// C moved to G is G♯dim7, and the bass of A/C♯ a tone up is D♯, not E♭. A note that sounds one of
/// the target key's own notes takes that note's name (a chart that wrote E♯ in F♯ major as F
/// reads F♯ in G). Where the moved name would need a double sharp or flat, or be E♯, B♯, C♭ or
/// F♭, the note takes its name by the target key's signature instead (``names(for:notation:)``).
public enum ChordSpelling {
    static let sharps = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
    static let flats = ["C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"]
    private static let letters = ["C", "D", "E", "F", "G", "A", "B"], letterPitches = [0, 2, 4, 5, 7, 9, 11]
    /// The letters above the tonic's of each semitone above the tonic: 1 ♭2 2 ♭3 3 4 ♯4 5 ♭6 6 ♭7 7
    /// (in a minor key ♭3, ♭6 and ♭7 are its own, 3, 6 and 7 the raised ones).
    private static let degreeLetters = [0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6]
    /// The semitones above the tonic of the seven notes of a major and a (natural) minor scale.
    static let majorScale = [0, 2, 4, 5, 7, 9, 11], minorScale = [0, 2, 3, 5, 7, 8, 10]

    /// `note` of a chord moved by `interval`, spelled for `key`, the key it is shown in.
    public static func move(_ note: ChordNote, by interval: ChordInterval, in key: MusicalKey) -> ChordNote {
        spelled([interval.moved(note)], in: key)
    }

    /// The bass note `bass` of a chord whose root `root` moved to `movedRoot`: the same number of
    /// letters above the moved root as it was above the root (A/C♯ up a tone is B/D♯), else moved
    /// by itself, spelled for `key`.
    static func moveBass(_ bass: ChordNote, of root: ChordNote, to movedRoot: ChordNote, by interval: ChordInterval, in key: MusicalKey)
        -> ChordNote
    {
        let kept = ChordNote(letter: movedRoot.letter + bass.letter - root.letter, pitch: bass.pitch + interval.semitones)
        return spelled([kept, interval.moved(bass)], in: key)
    }

    /// The key's own note on the candidates' pitch; else the first candidate musicians write;
    /// else the name the key's signature gives.
    private static func spelled(_ candidates: [ChordNote], in key: MusicalKey) -> ChordNote {
        let pitch = candidates[0].pitch
        if let own = scale(of: key).first(where: { $0.pitch == pitch }), own.isPlain { return own }
        if let plain = candidates.first(where: \.isPlain) { return plain }
        let name = names(for: key, notation: .english)[pitch]
        return ChordNote(letter: letters.firstIndex(of: String(name.prefix(1))) ?? 0, pitch: pitch)
    }

    /// The seven notes of `key`'s scale (a minor key's natural minor), each on its own letter.
    static func scale(of key: MusicalKey) -> [ChordNote] {
        let tonic = ChordNote(tonicOf: key)
        return (key.mode == .major ? majorScale : minorScale).enumerated().map { degree, semitones in
            ChordNote(letter: tonic.letter + degree, pitch: tonic.pitch + semitones)
        }
    }

    /// The twelve note names, from C, for chords in `key` by its signature: each note by its
    /// degree from the key's tonic, as pop and rock charts write them. The key's own notes take
    /// its letters (B♭ in F major, F♯ in G major); the others are the flat second, third, sixth
    /// and seventh and the sharp fourth, and in a minor key the raised third, sixth and seventh.
    /// White keys are always plain letters: no E♯, B♯, C♭, F♭ and no double accidentals. A moved
    /// note falls back to these (``move(_:by:in:)``).
    public static func names(for key: MusicalKey, notation: KeyNotation) -> [String] {
        let tonicLetter = letters.firstIndex(of: String(key.tonic.prefix(1))) ?? 0
        var english = [String](repeating: "", count: 12)
        for interval in 0..<12 {
            let pitch = (key.pitchClass + interval) % 12
            let letter = (tonicLetter + degreeLetters[interval]) % 7
            let name: String? =
                switch ((pitch - letterPitches[letter]) % 12 + 12) % 12 {
                case 0: letters[letter]
                case 1: letters[letter] + "#"
                case 11: letters[letter] + "b"
                default: nil
                }
            if let name, !["E#", "B#", "Cb", "Fb"].contains(name) {
                english[pitch] = name
            } else {
                english[pitch] = letterPitches.contains(pitch) ? sharps[pitch] : key.tonic.hasSuffix("b") ? flats[pitch] : sharps[pitch]
            }
        }
        guard notation == .german else { return english }
        return english.map { $0 == "B" ? "H" : $0 == "Bb" ? "B" : $0 }
    }
}
