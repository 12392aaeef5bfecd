/// A note as a chord names it: a letter and its sharp or flat, kept as written, so that a chord
/// moved to another key keeps the distance of its letters (D/F♯ up a tone is E/G♯, not E/A♭).
public struct ChordNote: Hashable, Sendable {
    /// 0–6 for C D E F G A B.
    public var letter: Int
    /// Semitones from the plain letter: −1 a flat, +1 a sharp (two while a move is worked out).
    public var alter: Int

    static let letters: [Character] = ["C", "D", "E", "F", "G", "A", "B"]
    static let letterPitches = [0, 2, 4, 5, 7, 9, 11]

    public init(letter: Int, alter: Int) {
        self.letter = (letter % 7 + 7) % 7
        self.alter = alter
    }

    /// The note on `letter` that sounds `pitch` (any octave): C and pitch 1 is C♯, D and pitch 0
    /// is D𝄫.
    init(letter: Int, pitch: Int) {
        let letter = (letter % 7 + 7) % 7
        let up = ((pitch - Self.letterPitches[letter]) % 12 + 12) % 12
        self.init(letter: letter, alter: up > 6 ? up - 12 : up)
    }

    /// The tonic of `key` ("F#" → F♯).
    init(tonicOf key: MusicalKey) {
        let letter = Self.letters.firstIndex(of: key.tonic.first ?? "C") ?? 0
        let sign = key.tonic.dropFirst()
        self.init(letter: letter, alter: sign == "#" ? 1 : sign == "b" ? -1 : 0)
    }

    /// Semitones above C, 0–11.
    public var pitch: Int { ((Self.letterPitches[letter] + alter) % 12 + 12) % 12 }

    /// Whether musicians write it so: at most one sharp or flat, and none of E♯, B♯, C♭ and F♭.
    var isPlain: Bool {
        switch (letter, alter) {
        case (_, let alter) where abs(alter) > 1: false
        case (2, 1), (6, 1), (0, -1), (3, -1): false
        default: true
        }
    }

    /// The note's name in `notation`: English C♯ as "C#" and B♭ as "Bb"; German B as "H" and B♭
    /// as "B". With `syllables`, German sharps and flats as Czech and German charts write them
    /// (Fis, Es, As, His).
    func name(in notation: KeyNotation, syllables: Bool = false) -> String {
        let letter = String(Self.letters[self.letter])
        guard notation == .german else { return letter + Self.signs(alter, sharp: "#", flat: "b") }
        if self.letter == 6 {
            // German B is B♭ and H is B: the flat is in the letter.
            switch alter {
            case -1: return "B"
            case 0: return "H"
            default: return syllables ? "H" + Self.signs(alter, sharp: "is", flat: "es") : "H" + Self.signs(alter, sharp: "#", flat: "b")
            }
        }
        guard syllables else { return letter + Self.signs(alter, sharp: "#", flat: "b") }
        if alter == -1, self.letter == 2 || self.letter == 5 { return letter + "s" } // Es, As
        return letter + Self.signs(alter, sharp: "is", flat: "es")
    }

    private static func signs(_ alter: Int, sharp: String, flat: String) -> String {
        String(repeating: alter > 0 ? sharp : flat, count: abs(alter))
    }
}

/// How far a chart moves: letters and semitones, as from one key's tonic to another's, so that
/// every note keeps its degree (the third of a secondary dominant stays a raised letter).
public struct ChordInterval: Hashable, Sendable {
    /// Letters up, 0–6.
    public var letters: Int
    /// Semitones up, 0–11.
    public var semitones: Int

    public static let none = ChordInterval(letters: 0, semitones: 0)

    public init(letters: Int, semitones: Int) {
        self.letters = (letters % 7 + 7) % 7
        self.semitones = (semitones % 12 + 12) % 12
    }

    /// The move from a chart in `key` to a record in `target`: between the tonics in one mode;
    /// none between a key and its parallel or relative key (the same song named the other way,
    /// ``Chart/move(from:to:)``); else between the keys of the same signature in `key`'s mode.
    public init(from key: MusicalKey, to target: MusicalKey) {
        var target = target
        if key.mode != target.mode {
            guard key.pitchClass != target.pitchClass else {
                self = .none
                return
            }
            target = MusicalKey(pitchClass: target.signaturePitchClass + (key.mode == .minor ? 9 : 0), mode: key.mode)
        }
        let from = ChordNote(tonicOf: key), to = ChordNote(tonicOf: target)
        self.init(letters: to.letter - from.letter, semitones: to.pitch - from.pitch)
    }

    /// `note` moved: its letter by ``letters``, its sound by ``semitones``.
    func moved(_ note: ChordNote) -> ChordNote {
        ChordNote(letter: note.letter + letters, pitch: note.pitch + semitones)
    }
}
