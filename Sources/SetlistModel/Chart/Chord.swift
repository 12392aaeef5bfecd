/// A chord name in a chart, such as `Am7`, `F#m7b5`, `Bbsus4`, `D/F#` or `Hm` (German B minor):
/// a root, a quality as written, and a bass note after a slash.
///
/// Only names that read as chords are moved when a chart is transposed; anything else (`N.C.`,
/// `x`, an annotation such as `*Coda`, a quality this does not know) is kept as written.
public struct Chord: Hashable, Sendable {
    /// The root's pitch class, 0–11 from C.
    public var root: Int
    /// What follows the root as written: `m7b5`, `sus4`, `add9`, `6/9`; empty for a major triad.
    public var quality: String
    /// The bass note's pitch class, when the chord names one (`D/F#`).
    public var bass: Int?

    /// Reads `text` as a chord, with B and H as `notation` means them (in German, B is B♭ and H
    /// is B, and Fis, Cis, Es and As are read as Czech and German charts write them); nil when
    /// it is not one.
    public init?(_ text: String, notation: KeyNotation = .english) {
        // German charts may write a minor chord in small letters: a, fis, h7.
        if notation == .german, let first = text.first, "abcdefgh".contains(first) {
            guard var chord = Self(first.uppercased() + text.dropFirst(), notation: notation),
                chord.quality.first != "m" || chord.quality.hasPrefix("maj")
            else { return nil }
            chord.quality = "m" + chord.quality
            self = chord
            return
        }
        // "Asus4" is A with sus4, not As with "us4": the German names count where the rest reads.
        guard
            let chord = notation == .german
                ? Self(text, notation: notation, germanNames: true) ?? Self(text, notation: notation, germanNames: false)
                : Self(text, notation: notation, germanNames: false)
        else { return nil }
        self = chord
    }

    private init?(_ text: String, notation: KeyNotation, germanNames: Bool) {
        var rest = Substring(text)
        guard let root = Self.note(&rest, notation: notation, germanNames: germanNames) else { return nil }
        var quality = rest, bass: Int?
        if let slash = rest.lastIndex(of: "/") {
            var after = rest[rest.index(after: slash)...]
            if let note = Self.note(&after, notation: notation, germanNames: germanNames), after.isEmpty {
                bass = note
                quality = rest[..<slash]
            }
        }
        guard Self.isQuality(quality) else { return nil }
        self.root = root
        self.quality = String(quality)
        self.bass = bass
    }

    /// The chord `semitones` higher (lower when negative), its notes spelled as in `key`.
    public func transposed(by semitones: Int) -> Chord {
        var moved = self
        moved.root = (root + semitones % 12 + 12) % 12
        moved.bass = bass.map { ($0 + semitones % 12 + 12) % 12 }
        return moved
    }

    /// The chord's name with its notes spelled for `key` (sharps in sharp keys, flats in flat
    /// keys, as ``ChordSpelling`` says), in `notation`.
    public func spelled(for key: MusicalKey, notation: KeyNotation = .english) -> String {
        spelled(with: ChordSpelling.names(for: key, notation: notation))
    }

    /// The chord's name with its notes taken from `names` (``ChordSpelling/names(for:notation:)``).
    func spelled(with names: [String]) -> String {
        names[root] + quality + (bass.map { "/" + names[$0] } ?? "")
    }

    /// Takes a note name (a letter and an accidental; with `germanNames`, also -is, -es and the
    /// s of As and Es) off the front of `text`.
    static func note(_ text: inout Substring, notation: KeyNotation, germanNames: Bool = false) -> Int? {
        guard let letter = text.first else { return nil }
        var pitch: Int
        switch letter {
        case "C": pitch = 0
        case "D": pitch = 2
        case "E": pitch = 4
        case "F": pitch = 5
        case "G": pitch = 7
        case "A": pitch = 9
        case "B": pitch = notation == .german ? 10 : 11
        case "H" where notation == .german: pitch = 11
        default: return nil
        }
        text.removeFirst()
        if germanNames {
            if text.hasPrefix("is") {
                text.removeFirst(2)
                return (pitch + 1) % 12
            }
            if text.hasPrefix("es") || ((letter == "A" || letter == "E") && text.hasPrefix("s")) {
                text.removeFirst(text.hasPrefix("es") ? 2 : 1)
                return (pitch + 11) % 12
            }
        }
        if let sign = text.first, "#♯b♭".contains(sign) {
            // German B is already B♭: a flat after it is the same note, as people write it.
            if !(notation == .german && letter == "B" && (sign == "b" || sign == "♭")) {
                pitch += sign == "#" || sign == "♯" ? 1 : -1
            }
            text.removeFirst()
        }
        return (pitch + 12) % 12
    }

    /// The words and signs a chord's quality is made of, longest first where one starts another.
    private static let qualityWords = [
        "maj", "min", "dim", "aug", "sus", "add", "alt", "omit", "no", "ma", "mi", "m", "M", "j",
        "+", "-", "°", "o", "ø", "Δ", "^", "#", "♯", "b", "♭", "(", ")", ",", "/",
    ]

    /// Whether `text` is a quality made of chord words and numbers (`m7b5`, `maj7(#11)`, `6/9`),
    /// so that a word such as `Aha` is not read as A with a quality `ha`.
    static func isQuality(_ text: Substring) -> Bool {
        var rest = text
        while let first = rest.first {
            if first.isASCII, first.isNumber {
                rest.removeFirst()
                continue
            }
            guard let word = qualityWords.first(where: { rest.hasPrefix($0) }) else { return false }
            rest.removeFirst(word.count)
        }
        return true
    }
}

/// How the notes of chords are spelled in a key: each note by its degree from the key's tonic,
/// as pop and rock charts write them. The key's own notes take its letters (B♭ in F major, F♯ in
/// G major); the others are the flat second, third, sixth and seventh (E♭ and B♭ in G major, A♭
/// in C major: the ♭III, ♭VI and ♭VII chords of rock) and the sharp fourth, and in a minor key
/// the raised third, sixth and seventh (C♯ in D minor, for A7). A key and its parallel key read
/// the same. White keys are always plain letters: no E♯, B♯, C♭, F♭ and no double accidentals.
public enum ChordSpelling {
    static let sharps = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
    static let flats = ["C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"]
    private static let letters = ["C", "D", "E", "F", "G", "A", "B"], letterPitches = [0, 2, 4, 5, 7, 9, 11]
    /// The letters above the tonic's of each semitone above the tonic: 1 ♭2 2 ♭3 3 4 ♯4 5 ♭6 6 ♭7 7
    /// (in a minor key ♭3, ♭6 and ♭7 are its own, 3, 6 and 7 the raised ones).
    private static let degreeLetters = [0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6]

    /// The twelve note names, from C, for chords in `key`.
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
