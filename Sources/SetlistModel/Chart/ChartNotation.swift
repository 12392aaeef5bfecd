/// The notation a chart's chords are written in, read from the chords themselves.
///
/// Czech, Slovak, German, Polish and Scandinavian songbooks write `H` for B and `B` for B♭, and
/// often `mi` for minor (`Ami`, `Hmi`) and syllables for sharps and flats (`Fis`, `Es`). An `H`
/// chord or a `mi` or `moll` minor means German; a `Bb` or `A#` with no `H` means English; else
/// sharps and flats written as syllables mean German. Where nothing tells and the chart has B
/// chords, it is read the way its chords fit a key better (an English `Bm` among G, D and Em is
/// B minor, not B♭ minor); where that too is even, ``detect(in:)`` finds nothing and the band's
/// notation counts.
public struct ChartNotation: Sendable {
    /// The notation found, when anything tells.
    public var notation: KeyNotation?
    /// A chord that is written the German way and one written the English way, with their
    /// lines, when the chart has both: it mixes the two notations.
    public var german: (chord: String, line: Int)?, english: (chord: String, line: Int)?

    /// Whether the chart writes chords of both notations (read as German: there `Bb` and `A#` are
    /// B♭ too).
    public var isMixed: Bool { notation == .german && german != nil && english != nil }

    /// The notation of the chords of `lines` (numbered from 1), with the chords that show it.
    public static func detect(in lines: [String]) -> ChartNotation {
        var result = ChartNotation(), syllables: (String, Int)?, bChords: [String] = []
        for (name, line) in ChartChordNames.names(in: lines) {
            let text = String(name)
            for chord in ChordGroup.chords(in: name, notation: .german) where isGerman(chord, text) {
                if result.german == nil { result.german = (text, line) }
            }
            for chord in ChordGroup.chords(in: name, notation: .english) {
                if result.english == nil, isEnglish(chord, text) { result.english = (text, line) }
                if syllables == nil, chord.syllables { syllables = (text, line) }
                if chord.rootNote.letter == 6 || chord.bassNote?.letter == 6 { bChords.append(text) }
            }
        }
        if result.german != nil {
            result.notation = .german
        } else if result.english != nil {
            result.notation = .english
        } else if let syllables {
            (result.notation, result.german) = (.german, syllables)
        } else if !bChords.isEmpty {
            // B is the one chord the two read differently: the reading whose chords fit a key better.
            let english = ChartKeyInference.fit(lines, notation: .english), german = ChartKeyInference.fit(lines, notation: .german)
            result.notation = english > german ? .english : german > english ? .german : nil
        }
        return result
    }

    /// An `H` root or bass, a `mi` or `moll` minor, or a minor chord in a small letter.
    private static func isGerman(_ chord: Chord, _ text: String) -> Bool {
        chord.rootNote == ChordNote(letter: 6, alter: 0) && text.hasPrefix("H") || text.contains("/H")
            || (chord.quality.hasPrefix("mi") && !chord.quality.hasPrefix("min")) || chord.quality.hasPrefix("moll")
            || chord.smallMinor
    }

    /// B♭ written `Bb`, `B♭` or `Bes`, or A♯: what German notation writes `B`.
    private static func isEnglish(_ chord: Chord, _ text: String) -> Bool {
        let notes = [chord.rootNote] + (chord.bassNote.map { [$0] } ?? [])
        return notes.contains { $0 == ChordNote(letter: 6, alter: -1) || $0 == ChordNote(letter: 5, alter: 1) }
    }
}

/// The chord names of chart lines: what is in brackets over the lyrics and the words of grids,
/// with their line numbers; not tabs, comments or other blocks shown as written.
enum ChartChordNames {
    static func names(in lines: [String]) -> [(name: Substring, line: Int)] {
        var names: [(Substring, Int)] = []
        for (index, (line, directive, section)) in ChartSection.walk(lines).enumerated() {
            guard directive == nil, !line.hasPrefix("#") else { continue }
            if section == .grid {
                names += line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { ($0, index + 1) }
            } else if section?.isVerbatim != true {
                var rest = Substring(line)
                while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
                    names.append((rest[rest.index(after: open)..<close], index + 1))
                    rest = rest[rest.index(after: close)...]
                }
            }
        }
        return names
    }

    /// The chords of `lines` read in `notation`, in order.
    static func chords(in lines: [String], notation: KeyNotation) -> [Chord] {
        names(in: lines).flatMap { ChordGroup.chords(in: $0.name, notation: notation) }
    }
}
