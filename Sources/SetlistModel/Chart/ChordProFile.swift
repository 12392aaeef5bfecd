import SetlistSupport

/// A song as a ChordPro file: the details as directives, then the chart.
public enum ChordProFile {
    /// How the notation of a chart was found.
    public enum NotationSource: Sendable, Hashable {
        /// Named by the user (`--notation`).
        case given
        /// Named in the file (`{meta: notation german}`).
        case file
        /// Told by the chords (``ChartNotation``).
        case chords
        /// Nothing told: the band's (`setlist config notation`).
        case band
    }

    /// The chart read from ChordPro lines, and what reading it found.
    public struct Reading: Sendable {
        /// The chart, in the key its first `{key}` names (nil when it names none), with the capo
        /// `{capo}` names; nil when nothing but details is left.
        public var chart: Chart?
        /// Every problem, each naming its line in the file: a `{key}` that is no key, a second
        /// song, a control character, a chart too long.
        public var problems: [ValueError] = []
        /// The line of the first `{key}`, when it is no key (the song's key, which an import
        /// reports as a detail).
        public var badKeyLine: Int?
        /// The notation the chords were read in, how it was found, and what the chords said.
        public var notation: KeyNotation
        public var source: NotationSource
        public var detected: ChartNotation
        /// How many lines of chords over lyrics became inline chords (``ChordsOverLyrics``).
        public var inlined = 0
        /// The fret `{capo}` names (also without a chart), and its line.
        public var capo: Int?, capoLine: Int?

        /// What the reader is told, each beginning with `place` (a file, a song): the notation
        /// found by the chords where it is not the band's, a chart mixing both, and chords over
        /// lyrics turned inline.
        public func notes(place: String, band: KeyNotation) -> [String] {
            var notes: [String] = []
            if detected.isMixed, let german = detected.german, let english = detected.english {
                notes.append(
                    "\(place): the chart mixes German chord names (\(german.chord), line \(german.line)) with English ones (\(english.chord), line \(english.line)); it is read as German, where H is B and B and Bb are both B♭."
                )
            } else if source == .chords, notation != band, let sign = notation == .german ? detected.german : detected.english {
                notes.append(
                    "\(place): its chords are read in \(notation.rawValue) notation (\(sign.chord), line \(sign.line)); give --notation \(band.rawValue) if they are not."
                )
            }
            if inlined > 0 {
                notes.append(
                    "\(place): \(inlined) line\(inlined == 1 ? "" : "s") of chords over the lyrics became chords in the lyrics (\(inlined == 1 ? "it" : "they") would otherwise show as lyrics and never move)."
                )
            }
            return notes
        }
    }

    /// The chart in a ChordPro `text` (a file, or what an editor saved): ``read(_:firstLine:notation:band:)``.
    public static func read(text: String, notation: KeyNotation?, band: KeyNotation) -> Reading {
        read(lines(of: text), notation: notation, band: band)
    }

    /// The lines of `text`, whatever its line ends.
    public static func lines(of text: String) -> [String] {
        Text.lines(of: text).map(String.init)
    }

    /// The chart of a song's ChordPro `lines`, the first of which is line `firstLine` of its
    /// file: every line but the directives that are the song's details
    /// (``ChordProDirective/details``), in the key its first `{key}` names and with the capo its
    /// `{capo}` names; a later `{key}` is a key change and stays. Its chords are read in the
    /// notation given, else the one the file names (`{meta: notation german}`), else the one its
    /// chords tell (``ChartNotation``), else the band's; lines of chords over lyrics become
    /// inline chords. The chart keeps its lines as written.
    public static func read(_ lines: [String], firstLine: Int = 1, notation given: KeyNotation?, band: KeyNotation) -> Reading {
        var numbered = lines.enumerated().map { (text: $1, line: firstLine + $0) }
        var named: KeyNotation?, capo: (frets: Int, line: Int)?
        for (text, line) in numbered {
            guard let directive = ChordProDirective(text) else { continue }
            if directive.name == "notation", named == nil { named = KeyNotation(parsing: directive.value) }
            if directive.name == "capo", capo == nil, let frets = Int(directive.value), Chart.capoFrets.contains(frets) {
                capo = (frets, line)
            }
        }
        let inlined = ChordsOverLyrics.inlined(numbered)
        numbered = inlined.lines
        let texts = numbered.map(\.text)
        let detected = ChartNotation.detect(in: texts)
        let (notation, source): (KeyNotation, NotationSource) =
            if let given { (given, .given) } else if let named { (named, .file) } else if let found = detected.notation {
                (found, .chords)
            } else { (band, .band) }
        var reading = Reading(
            notation: notation, source: source, detected: detected, inlined: inlined.turned, capo: capo?.frets, capoLine: capo?.line)
        var problems = Self.problems(in: numbered, notation: notation)
        var firstKey: MusicalKey?, key: MusicalKey?, body: [String] = [], removed = false
        for (text, line) in numbered {
            guard let directive = ChordProDirective(text), directive.isDetail else {
                if removed, text.isEmpty, body.last?.isEmpty ?? true { continue } // no gap of two lines after the details
                removed = false
                body.append(text)
                continue
            }
            if directive.name == "key", !directive.value.isEmpty {
                guard let parsed = MusicalKey(parsing: directive.value, notation: notation) else {
                    if key == nil, reading.badKeyLine == nil { reading.badKeyLine = line }
                    continue
                }
                if let current = key, parsed != current {
                    // The song changes key here.
                    body.append(keyDirective(parsed, notation: notation))
                    key = parsed
                    removed = false
                    continue
                }
                if key == nil { (firstKey, key) = (parsed, parsed) }
            }
            removed = true
        }
        do {
            reading.chart = try Chart(text: body.joined(separator: "\n"), key: firstKey, notation: notation, capo: capo?.frets)
        } catch {
            // Control characters are named above with their line in the file.
            if case .controlCharacter = error {} else { problems.append(error) }
        }
        reading.problems = problems
        return reading
    }

    /// What refuses a chart, from any source (a file, the editor, a `.plsts` document), each
    /// naming its line: a control character but a tab, a second song (`{new_song}`), a `{key}`
    /// that is no key in `notation`. (The chart's length is ``Chart/init(text:key:notation:capo:)``'s.)
    public static func problems(in lines: [(text: String, line: Int)], notation: KeyNotation) -> [ValueError] {
        var problems: [ValueError] = []
        for (text, line) in lines {
            guard let directive = ChordProDirective(text) else {
                if let bad = text.unicodeScalars.first(where: { $0 != "\t" && ControlCharacters.isForbiddenInNotes($0) }) {
                    problems.append(.controlCharacter(field: "chart (line \(line))", scalar: bad))
                }
                continue
            }
            if directive.startsNewSong { problems.append(.chartHoldsSeveralSongs(line: line)) }
            if directive.name == "key", !directive.value.isEmpty, MusicalKey(parsing: directive.value, notation: notation) == nil {
                problems.append(.invalidChartKey(line: line, text: directive.value))
            }
        }
        return problems
    }

    /// `{key: Am}`: ChordPro names keys as chords do ("Am", "F#", "Bb"), in German notation "H"
    /// for B and "B" for B♭ ("Hm", "B").
    public static func keyDirective(_ key: MusicalKey, notation: KeyNotation = .english) -> String {
        "{key: \(ChordNote(tonicOf: key).name(in: notation))\(key.mode == .minor ? "m" : "")}"
    }

    /// The directive that says a file's chords are in German notation, which `setlist` and a
    /// reader of English notation then read so; nil for English, ChordPro's own.
    public static func notationDirective(_ notation: KeyNotation) -> String? {
        notation == .german ? "{meta: notation german}" : nil
    }

    /// The ChordPro file of a song record: its title, author, key, tempo and length as
    /// directives, and its chart as the record shows it (in the record's key), in the notation
    /// the chart is written in, which the file names when it is German. A chart played with a
    /// capo keeps it: the file's key is then the key of the shapes, and `{capo}` says the fret.
    public static func text(of fields: SongFields) -> String {
        let chart = fields.chart
        let notation = chart?.notation ?? .english
        var lines = ["{title: \(Text.oneLine(fields.name))}"]
        if let author = fields.author { lines.append("{artist: \(Text.oneLine(author))}") }
        if let directive = notationDirective(notation) { lines.append(directive) }
        let capo = chart?.capo
        let key = (fields.key ?? chart?.soundingKey).map { key in capo.map { key.transposed(by: -$0) } ?? key }
        if let key { lines.append(keyDirective(key, notation: notation)) }
        if let capo { lines.append("{capo: \(capo)}") }
        if let bpm = fields.bpm { lines.append("{tempo: \(bpm)}") }
        if let length = fields.length { lines.append("{duration: \(SongLength.format(length))}") }
        if let chart {
            lines.append("")
            lines += chart.shown(in: key, notation: notation).lines
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
