/// The key a chart's chords are in, for a chart that names none and a song without a key: the
/// key signature its chords' notes fit best, and of that signature's major and minor key the one
/// whose tonic chord ends the chart (or, else, starts it); the major key where neither does.
enum ChartKeyInference {
    private static let majorScale: Set<Int> = [0, 2, 4, 5, 7, 9, 11]

    /// The key of the chords of `lines` read in `notation`; nil when the chart has no chords.
    static func key(of lines: [String], notation: KeyNotation) -> MusicalKey? {
        let chords = ChartChordNames.chords(in: lines, notation: notation)
        guard let first = chords.first, let last = chords.last else { return nil }
        let fits = (0..<12).map { fit(chords, signature: $0) }
        var best: (key: MusicalKey, score: [Int])?
        for signature in 0..<12 {
            for mode in MusicalKey.Mode.allCases {
                let tonic = mode == .major ? signature : (signature + 9) % 12
                func isTonic(_ chord: Chord) -> Bool { chord.root == tonic && isMinor(chord) == (mode == .minor) }
                // The fit first; then the tonic chord at the end, then at the start; then major.
                let score = [fits[signature], isTonic(last) ? 1 : 0, isTonic(first) ? 1 : 0, mode == .major ? 1 : 0]
                if best.map({ $0.score.lexicographicallyPrecedes(score) }) ?? true {
                    best = (MusicalKey(pitchClass: tonic, mode: mode), score)
                }
            }
        }
        guard let key = best?.key else { return nil }
        // Named as the chart names its tonic (C♯ minor where it writes C♯m, not D♭).
        if let written = chords.first(where: { $0.root == key.pitchClass })?.rootNote, written.isPlain,
            let tonic = MusicalKey(tonic: written.name(in: .english), mode: key.mode)
        {
            return tonic
        }
        return key
    }

    /// How well the chords of `lines`, read in `notation`, fit their best key signature.
    static func fit(_ lines: [String], notation: KeyNotation) -> Int {
        let chords = ChartChordNames.chords(in: lines, notation: notation)
        return (0..<12).map { fit(chords, signature: $0) }.max() ?? 0
    }

    /// How many notes of `chords` are in the major scale on `signature`, less those that are not.
    private static func fit(_ chords: [Chord], signature: Int) -> Int {
        chords.reduce(0) { total, chord in
            total + tones(of: chord).reduce(0) { $0 + (majorScale.contains((($1 - signature) % 12 + 12) % 12) ? 1 : -1) }
        }
    }

    private static func isMinor(_ chord: Chord) -> Bool {
        let quality = chord.quality
        return (quality.hasPrefix("m") && !quality.hasPrefix("maj")) || quality.hasPrefix("-")
    }

    /// The notes of a chord as its quality says them: root, third, fifth, a seventh, and the bass.
    static func tones(of chord: Chord) -> [Int] {
        let quality = chord.quality
        let diminished =
            quality.contains("dim") || quality.hasPrefix("°") || (quality.hasPrefix("o") && !quality.hasPrefix("omit"))
            || quality.contains("ø")
            || quality.contains("m7b5") || quality.contains("m7(b5)")
        var intervals: [Int]
        if quality.hasPrefix("5") {
            intervals = [0, 7]
        } else if quality.contains("sus") {
            intervals = [0, quality.contains("sus2") ? 2 : 5, 7]
        } else if diminished {
            intervals = [0, 3, 6]
        } else if quality.hasPrefix("+") || quality.contains("aug") {
            intervals = [0, 4, 8]
        } else {
            intervals = [0, isMinor(chord) ? 3 : 4, 7]
        }
        if quality.contains("7") {
            let major = quality.contains("maj7") || quality.contains("M7") || quality.contains("Δ") || quality.contains("j7")
            intervals.append(major ? 11 : quality.contains("dim7") || quality.contains("°7") ? 9 : 10)
        }
        return intervals.map { (chord.root + $0) % 12 } + (chord.bass.map { [$0] } ?? [])
    }
}

extension Chart {
    /// The key its chords are in, worked out from them (``ChartKeyInference``); nil without chords.
    public var inferredKey: MusicalKey? { ChartKeyInference.key(of: lines, notation: notation) }

    /// The chart with the key it is written in settled by the one rule every way of setting a
    /// chart follows: its own `{key}`; else the key of the song it is set for (less a capo: the
    /// key of the shapes); else, when the song has no key either, the key its chords are in,
    /// which is returned as `inferred` so that the user is told.
    public func settled(forSongIn songKey: MusicalKey?) -> (chart: Chart, inferred: MusicalKey?) {
        guard key == nil else { return (self, nil) }
        var settled = self
        if let songKey {
            settled.key = capo.map { songKey.transposed(by: -$0) } ?? songKey
            return (settled, nil)
        }
        settled.key = inferredKey
        return (settled, settled.key)
    }
}

extension Chart {
    /// What the user is told, once, when a chart's key was read from its chords: "the chart of
    /// 'Song' is read as D major; `setlist chart Song --key …` to change it".
    public static func inferredKeyNote(song: String, key: MusicalKey, notation: KeyNotation, playlist: String? = nil) -> String {
        let command = "setlist chart \(ShellWord.asNeeded(song))" + (playlist.map { " --in \(ShellWord.asNeeded($0))" } ?? "")
        return
            "the chart of '\(song)' has no {key}: read as \(key.spelled(in: notation)) from its chords; `\(command) --key KEY` sets the key it is written in."
    }
}
