/// A chord name in a chart, such as `Am7`, `F#m7b5`, `Bbsus4`, `D/F#`, `Emadd9`, or in German
/// notation `Hmi` (B minor), `Fis`, `a` (A minor): a root, a quality as written, and a bass note
/// after a slash, each note with the letter it was written with.
///
/// Only names that read as chords are moved when a chart is transposed; anything else (`N.C.`,
/// `x`, an annotation such as `*Coda`, a quality this does not know) is kept as written.
public struct Chord: Hashable, Sendable {
    public var rootNote: ChordNote
    /// What follows the root as written: `m7b5`, `sus4`, `madd9`, `6/9`; empty for a major triad.
    public var quality: String
    /// The bass note, when the chord names one (`D/F#`).
    public var bassNote: ChordNote?
    /// The notation it was read in, and whether it was written the Czech and German way: sharps
    /// and flats as syllables (`Fis`, `Es`), a minor chord in a small letter (`a`, `fis`).
    var notation: KeyNotation, syllables = false, smallMinor = false

    /// The root's pitch class, 0–11 from C.
    public var root: Int { rootNote.pitch }
    /// The bass note's pitch class, when the chord names one.
    public var bass: Int? { bassNote?.pitch }

    /// Reads `text` as a chord, with B and H as `notation` means them (in German, B is B♭ and H
    /// is B). Sharps and flats written as syllables (Fis, Cis, Es, As, Bes), which Czech, German
    /// and Dutch charts write and ChordPro reads in every notation, are read in both; nil when
    /// `text` is not a chord.
    public init?(_ text: String, notation: KeyNotation = .english) {
        guard text.count <= 32 else { return nil }
        // German charts may write a minor chord in small letters: a, fis, h7.
        if notation == .german, let first = text.first, "abcdefgh".contains(first) {
            guard var chord = Self(first.uppercased() + text.dropFirst(), notation: notation),
                chord.quality.first != "m" || chord.quality.hasPrefix("maj")
            else { return nil }
            chord.quality = "m" + chord.quality
            chord.smallMinor = true
            self = chord
            return
        }
        // "Asus4" is A with sus4, not As with "us4": the syllables count where the rest reads.
        guard let chord = Self(text, notation: notation, syllables: true) ?? Self(text, notation: notation, syllables: false) else {
            return nil
        }
        self = chord
    }

    private init?(_ text: String, notation: KeyNotation, syllables: Bool) {
        var rest = Substring(text)
        guard let root = Self.note(&rest, notation: notation, syllables: syllables) else { return nil }
        var quality = rest, bass: ChordNote?, bassSyllables = false
        if let slash = rest.lastIndex(of: "/") {
            let after = rest[rest.index(after: slash)...]
            for syllables in syllables ? [true, false] : [false] {
                var trying = after
                if let note = Self.note(&trying, notation: notation, syllables: syllables), trying.isEmpty {
                    (bass, bassSyllables) = (note.note, note.syllables)
                    quality = rest[..<slash]
                    break
                }
            }
        }
        guard Self.isQuality(quality) else { return nil }
        rootNote = root.note
        self.quality = String(quality)
        bassNote = bass
        self.notation = notation
        self.syllables = root.syllables || bassSyllables
    }

    /// The chord moved by `interval` into `key` (the key it is shown in there), its notes spelled
    /// by ``ChordSpelling/move(_:by:in:)``; a bass note keeps its letter distance from the root.
    public func moved(by interval: ChordInterval, in key: MusicalKey) -> Chord {
        var moved = self
        moved.rootNote = ChordSpelling.move(rootNote, by: interval, in: key)
        if let bassNote {
            moved.bassNote = ChordSpelling.moveBass(bassNote, of: rootNote, to: moved.rootNote, by: interval, in: key)
        }
        return moved
    }

    /// The chord as written in `notation`: its letters as they are, B and H named as that notation
    /// names them, and written the German way (Fis, a small letter for minor) only where it was
    /// and still is German. In English a German `mi` minor is written `m`.
    public func written(in notation: KeyNotation) -> String {
        let german = notation == .german && self.notation == .german
        var quality = self.quality
        if notation == .english, self.notation == .german, quality.hasPrefix("mi"), !quality.hasPrefix("min") {
            quality = "m" + quality.dropFirst(2)
        }
        var root = rootNote.name(in: notation, syllables: german && syllables)
        if german && smallMinor, quality.hasPrefix("m") {
            root = root.lowercased()
            quality.removeFirst()
        }
        return root + quality + (bassNote.map { "/" + $0.name(in: notation, syllables: german && syllables) } ?? "")
    }

    /// The chord as a Nashville number in `key`: the root's degree (`1`–`7`, `♭7` for a note a
    /// semitone below the major scale's, `♯4` above), then the quality as written (`6m`, `5sus4`,
    /// `2m7`), then the bass's degree after a slash (`1/3`). In a minor key the numbers count
    /// from its tonic (`1m`, `♭3`, `♭7`), as a Nashville chart of a minor song does.
    public func number(in key: MusicalKey) -> String {
        var quality = self.quality
        if notation == .german, quality.hasPrefix("mi"), !quality.hasPrefix("min") { quality = "m" + quality.dropFirst(2) }
        return Self.degree(of: rootNote, in: key) + Self.raised(quality) + (bassNote.map { "/" + Self.degree(of: $0, in: key) } ?? "")
    }

    /// A quality's leading digits raised (`7sus4` → `⁷sus4`), as number charts write them: after
    /// a number, a plain 7 would read as part of it (57 for 5⁷).
    static func raised(_ quality: String) -> String {
        let superscripts: [Character: Character] = [
            "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹",
        ]
        let digits = quality.prefix { superscripts[$0] != nil }
        return String(digits.map { superscripts[$0]! }) + quality.dropFirst(digits.count)
    }

    /// The degree of `note` in `key` counted by letters from the tonic, with a ♭ or ♯ for each
    /// semitone it stands off the major scale's note of that letter.
    static func degree(of note: ChordNote, in key: MusicalKey) -> String {
        let tonic = ChordNote(tonicOf: key)
        let letters = ((note.letter - tonic.letter) % 7 + 7) % 7
        let up = ((note.pitch - tonic.pitch) % 12 + 12) % 12
        var off = up - ChordSpelling.majorScale[letters]
        if off > 6 { off -= 12 } else if off < -6 { off += 12 }
        return String(repeating: off < 0 ? "♭" : "♯", count: abs(off)) + String(letters + 1)
    }

    /// Takes a note name (a letter and an accidental; with `syllables`, also -is, -es and the
    /// s of As and Es) off the front of `text`, saying whether it was written with syllables.
    static func note(_ text: inout Substring, notation: KeyNotation, syllables: Bool = false) -> (note: ChordNote, syllables: Bool)? {
        guard let letter = text.first else { return nil }
        var note: ChordNote
        switch letter {
        case "C": note = ChordNote(letter: 0, alter: 0)
        case "D": note = ChordNote(letter: 1, alter: 0)
        case "E": note = ChordNote(letter: 2, alter: 0)
        case "F": note = ChordNote(letter: 3, alter: 0)
        case "G": note = ChordNote(letter: 4, alter: 0)
        case "A": note = ChordNote(letter: 5, alter: 0)
        case "B": note = ChordNote(letter: 6, alter: notation == .german ? -1 : 0)
        case "H" where notation == .german: note = ChordNote(letter: 6, alter: 0)
        default: return nil
        }
        text.removeFirst()
        if syllables {
            if text.hasPrefix("is") {
                text.removeFirst(2)
                note.alter += 1
                return (note, true)
            }
            if text.hasPrefix("es") || ((letter == "A" || letter == "E") && text.hasPrefix("s")) {
                text.removeFirst(text.hasPrefix("es") ? 2 : 1)
                // German B is already B♭: "Bes" is the Dutch name of the same note.
                if !(notation == .german && letter == "B") { note.alter -= 1 }
                return (note, true)
            }
        }
        if let sign = text.first, "#♯b♭".contains(sign) {
            // German B is already B♭: a flat after it is the same note, as people write it.
            if !(notation == .german && letter == "B" && (sign == "b" || sign == "♭")) {
                note.alter += sign == "#" || sign == "♯" ? 1 : -1
            }
            text.removeFirst()
        }
        return (note, false)
    }

    /// The words and signs a chord's quality is made of.
    private static let qualityWords = [
        "maj", "min", "moll", "dim", "aug", "sus", "add", "alt", "omit", "no", "ma", "mi", "m", "M", "j",
        "+", "-", "°", "o", "ø", "Δ", "^", "#", "♯", "b", "♭", "(", ")", ",", "/",
    ]

    /// Whether `text` is a quality made of chord words and numbers (`m7b5`, `maj7(#11)`, `6/9`,
    /// `madd9`, where `m` and `add` are read though `ma` starts it too), so that a word such as
    /// `Aha` is not read as A with a quality `ha`.
    static func isQuality(_ text: Substring) -> Bool {
        guard let first = text.first else { return true }
        if first.isASCII, first.isNumber { return isQuality(text.dropFirst()) }
        return qualityWords.contains { text.hasPrefix($0) && isQuality(text.dropFirst($0.count)) }
    }
}

/// What a chart writes in one pair of brackets where it is not one chord: a chord in
/// parentheses (`(G)`, optional), a chord with a mark after it (`D*`), or chords joined by `-` or
/// spaces (`D-Dsus`, `Dsus-D-Asus`), as real charts write them.
enum ChordGroup {
    /// `name` with each of its chords replaced by `transform`'s text for it, its marks and joins
    /// kept; nil when any part of it is no chord.
    static func map(_ name: Substring, notation: KeyNotation, _ transform: (Chord) -> String) -> String? {
        if let chord = Chord(String(name), notation: notation) { return transform(chord) }
        if name.count > 2, name.hasPrefix("("), name.hasSuffix(")") {
            return map(name.dropFirst().dropLast(), notation: notation, transform).map { "(" + $0 + ")" }
        }
        if name.count > 1, let mark = name.last, "*!'~.".contains(mark) {
            return map(name.dropLast(), notation: notation, transform).map { $0 + String(mark) }
        }
        let parts = name.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == " " }
        guard parts.count > 1, parts.contains(where: { !$0.isEmpty }) else { return nil }
        var result = "", rest = name[...]
        for part in parts {
            if !part.isEmpty {
                guard let chord = map(part, notation: notation, transform) else { return nil }
                result += chord
            }
            rest = rest.dropFirst(part.count)
            if let separator = rest.first {
                result.append(separator)
                rest = rest.dropFirst()
            }
        }
        return result
    }

    /// The chords `name` holds, in order; empty when it is no chord or group of chords.
    static func chords(in name: Substring, notation: KeyNotation) -> [Chord] {
        var found: [Chord] = []
        let read = map(name, notation: notation) { chord in
            found.append(chord)
            return ""
        }
        return read == nil ? [] : found
    }
}
