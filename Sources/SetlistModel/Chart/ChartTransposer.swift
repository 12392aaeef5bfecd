/// Moves the chords of ChordPro lines from the key a chart is written in to the key it is shown
/// in, and names them in the reader's notation: the chords in `[…]` over the lyrics and in
/// comments, chord groups (`[D-Dsus]`) and marked chords (`[D*]`, `[(G)]`) chord by chord, the
/// chord names of grids; tabs stay as written. A `{transpose: N}` moves the chords after it N
/// semitones more, as ChordPro does, and becomes a `{key}` line where the chart has a key.
struct ChartTransposer {
    let reading: KeyNotation, writing: KeyNotation
    /// The key the chart is written in, and the one it is shown in (nil: not moved).
    let written: MusicalKey?, shown: MusicalKey?
    /// Whether `{transpose}` lines are applied (as shown) or kept as they are (renamed only).
    let applyingTransposes: Bool
    /// Whether each chord is written as its Nashville number in the key in force (``Chord/number(in:)``).
    var numbering = false

    init(from written: MusicalKey?, to shown: MusicalKey?, reading: KeyNotation, writing: KeyNotation, applyingTransposes: Bool = true) {
        (self.written, self.shown, self.reading, self.writing) = (written, shown, reading, writing)
        self.applyingTransposes = applyingTransposes
    }

    /// Where the walk through the lines is: the key in force as written and as shown, and the
    /// `{transpose}` moves in force.
    private struct Place {
        var source: MusicalKey?, target: MusicalKey?
        /// The semitones the chart moves by, without `{transpose}`.
        let semitones: Int
        var transposes: [Int] = []

        /// The key the chords are shown in here, with the `{transpose}` moves.
        var shownKey: MusicalKey? {
            let extra = transposes.reduce(0, +) % 12
            guard extra != 0 else { return target }
            return (target ?? Self.plain).transposed(by: extra)
        }

        /// The move of the chords here; nil when they are not moved.
        var interval: ChordInterval? {
            guard semitones % 12 != 0 || transposes.reduce(0, +) % 12 != 0, let to = shownKey else { return nil }
            return ChordInterval(from: source ?? Self.plain, to: to)
        }

        /// The key a chart without one is spelled as when a `{transpose}` moves it.
        static let plain = MusicalKey(pitchClass: 0, mode: .major)
    }

    func lines(_ lines: [String]) -> [String] {
        let semitones = written.flatMap { written in shown.map { Chart.move(from: written, to: $0) } } ?? 0
        var place = Place(source: written, target: shown ?? written, semitones: semitones)
        var result: [String] = []
        for (line, directive, section) in ChartSection.walk(lines) {
            if let directive {
                switch directive.name {
                case "key":
                    // A key change moves with the chords, and the chords after it are spelled for it.
                    guard let key = MusicalKey(parsing: directive.value, notation: reading) else {
                        result.append(line)
                        continue
                    }
                    place.source = key
                    place.target = semitones % 12 == 0 ? key : key.transposed(by: semitones)
                    let shownKey = place.shownKey ?? key
                    let asWritten = place.interval == nil && reading == writing
                    result.append(asWritten ? line : ChordProFile.keyDirective(shownKey, notation: writing))
                case "transpose" where !applyingTransposes:
                    result.append(line)
                case "transpose":
                    let before = place.shownKey
                    if directive.value.isEmpty {
                        _ = place.transposes.popLast()
                    } else if let move = Int(directive.value.hasPrefix("+") ? String(directive.value.dropFirst()) : directive.value) {
                        place.transposes.append(move)
                    }
                    // Applied here; where the chart has a key, the key it changes to says so.
                    if place.source != nil, let after = place.shownKey, after != before {
                        result.append(ChordProFile.keyDirective(after, notation: writing))
                    }
                case _ where directive.isComment:
                    result.append(bracketed(line, at: place))
                default:
                    result.append(line)
                }
                continue
            }
            if line.hasPrefix("#") {
                result.append(line)
                continue
            }
            switch section {
            case .grid?: result.append(grid(line, at: place))
            case let section? where section.isVerbatim: result.append(line)
            default: result.append(bracketed(line, at: place))
            }
        }
        return result
    }

    /// One chord name moved and named in the reader's notation, or as written when it is no chord.
    private func chord(_ name: Substring, at place: Place) -> String {
        if numbering {
            // Counted from the key in force as written, with the chord as written: a number does
            // not depend on the key the song is played in, and a chord respelled for a far key
            // (E♯, B♭♭) would count wrong.
            guard let key = place.source ?? place.target else { return String(name) }
            return ChordGroup.map(name, notation: reading) { $0.number(in: key) } ?? String(name)
        }
        let interval = place.interval
        guard interval != nil || reading != writing else { return String(name) }
        return moved(name, by: interval, in: place.shownKey) ?? String(name)
    }

    /// `name` moved, or nil when it does not read as a chord or a group of chords (``ChordGroup``).
    private func moved(_ name: Substring, by interval: ChordInterval?, in key: MusicalKey?) -> String? {
        ChordGroup.map(name, notation: reading) { chord in
            guard let interval, let key else { return chord.written(in: writing) }
            return chord.moved(by: interval, in: key).written(in: writing)
        }
    }

    private func bracketed(_ line: String, at place: Place) -> String {
        guard line.contains("[") else { return line }
        var result = "", rest = Substring(line)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            result += rest[..<open] + "[" + chord(rest[rest.index(after: open)..<close], at: place) + "]"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    private func grid(_ line: String, at place: Place) -> String {
        var result = "", word = Substring()
        for character in line {
            if character == " " || character == "\t" {
                result += chord(word, at: place) + String(character)
                word = ""
            } else {
                word.append(character)
            }
        }
        return result + chord(word, at: place)
    }
}
