/// Moving a key by semitones. The result is spelled as musicians write that key, whatever the
/// spelling it came from: the tonic whose key signature has the fewest accidentals (D♭ major,
/// not C♯ major with seven sharps; G♯ minor, not A♭ minor with seven flats).
extension MusicalKey {
    /// The tonic of the usual major key on each pitch class, from C. On the tie of six
    /// accidentals F♯ major is chosen over G♭ major: it keeps the letter of its parallel minor,
    /// F♯ minor (G♭ minor would need a double flat), so a song that moves between the two modes
    /// reads the same.
    static let majorTonics = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]
    /// The tonic of the usual minor key on each pitch class. On the tie of six accidentals
    /// E♭ minor is chosen over D♯ minor: it keeps the letter of its parallel major, E♭ major.
    static let minorTonics = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"]

    /// The tonic's pitch class: semitones above C, 0–11 (C♭ is 11, B♯ is 0).
    public var pitchClass: Int {
        let natural = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11][String(tonic.prefix(1))] ?? 0
        let accidental = tonic.dropFirst()
        let shift = accidental == "#" ? 1 : accidental == "b" ? -1 : 0
        return ((natural + shift) % 12 + 12) % 12
    }

    /// The pitch class of the major key with this key's signature: the tonic of a major key,
    /// three semitones above the tonic of a minor one (F♯ minor has A major's three sharps).
    public var signaturePitchClass: Int { mode == .major ? pitchClass : (pitchClass + 3) % 12 }

    /// The key of `mode` on `pitchClass` (taken modulo 12), spelled as musicians write it.
    public init(pitchClass: Int, mode: Mode) {
        let index = (pitchClass % 12 + 12) % 12
        let tonics = mode == .major ? Self.majorTonics : Self.minorTonics
        self.init(tonic: tonics[index], mode: mode)!
    }

    /// This key moved up (positive) or down (negative) by `semitones`, in the same mode and
    /// spelled as musicians write the result: A major + 1 is B♭ major, never A♯ major.
    public func transposed(by semitones: Int) -> MusicalKey {
        MusicalKey(pitchClass: pitchClass + semitones, mode: mode)
    }

    /// The shortest move from this key's tonic to `other`'s: −5 … +6 semitones (a tritone
    /// counts as up).
    public func semitones(to other: MusicalKey) -> Int {
        let up = ((other.pitchClass - pitchClass) % 12 + 12) % 12
        return up > 6 ? up - 12 : up
    }
}
