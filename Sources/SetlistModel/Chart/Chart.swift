import SetlistSupport

/// A song's chord chart: the body of a ChordPro file (lyrics with `[C]` chords over their
/// syllables, sections such as `{start_of_chorus}`, `{comment: …}`, tabs and grids), and the key
/// it is written in. The song's details (title, key, tempo, length) stay its fields.
///
/// The chart keeps its own key so that a copy played in another key shows it moved from the key
/// it is written in to the copy's (``shown(in:notation:)``), however often the copy is transposed.
/// A chart without a key is never moved.
///
/// Its chords are kept in English names, as ChordPro writes them (B is B natural, B♭ is Bb), so
/// that a chart means the same to every member whatever notation each reads: one typed in German
/// notation is turned into English as it comes in (``inEnglish(from:)``) and shown in the
/// reader's notation (``shown(in:notation:)``).
public struct Chart: Hashable, Sendable {
    /// The ChordPro lines, without line ends; never empty, no blank line first or last.
    public private(set) var lines: [String]
    /// The key the chords are written in, when known.
    public var key: MusicalKey?

    /// The longest chart kept, in characters: a long song with tabs is a few thousand.
    public static let maximumLength = 100_000

    /// A chart of `text` (any line ends), with trailing spaces and blank lines at either end
    /// taken off; nil when nothing is left.
    /// - Throws: ``ValueError`` naming the line of a control character other than a tab, or a
    ///   chart too long.
    public init?(text: String, key: MusicalKey?) throws(ValueError) {
        let unified = Text.normalized(text).replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var lines = unified.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard !lines.isEmpty else { return nil }
        for (index, line) in lines.enumerated() {
            if let bad = line.unicodeScalars.first(where: { $0 != "\t" && ControlCharacters.isForbiddenInNotes($0) }) {
                throw .controlCharacter(field: "chart (line \(index + 1))", scalar: bad)
            }
        }
        guard lines.reduce(0, { $0 + $1.count + 1 }) <= Self.maximumLength else {
            throw .tooLong(field: "chart", limit: Self.maximumLength)
        }
        self.lines = lines
        self.key = key
    }

    /// A chart of lines as stored (read back from a file the library wrote).
    public init(lines: [String], key: MusicalKey?) {
        self.lines = lines
        self.key = key
    }

    /// The ChordPro text, lines ending in "\n".
    public var text: String { lines.map { $0 + "\n" }.joined() }

    /// The chart as a record in `target` shows it in `notation`: moved from the chart's key to
    /// `target` with its chords spelled for `target`, or as written when either key is unknown or
    /// the keys have the same notes (``isMoved(to:)``); in German notation its chords renamed so.
    public func shown(in target: MusicalKey?, notation: KeyNotation = .english) -> Chart {
        guard let key, let target, isMoved(to: target) else { return renamed(from: .english, to: notation) }
        let semitones = (Self.move(from: key, to: target) % 12 + 12) % 12
        return Chart(lines: ChartTransposer(by: semitones, to: target, reading: .english, writing: notation).lines(lines), key: target)
    }

    /// The chart of text typed in `notation`, its chords in the English names it is kept in.
    public func inEnglish(from notation: KeyNotation) -> Chart {
        renamed(from: notation, to: .english)
    }

    /// The chart with its chords read in one notation and named in another, each spelled for
    /// the chart's key (C major's names for a chart without one).
    private func renamed(from reading: KeyNotation, to writing: KeyNotation) -> Chart {
        guard reading != writing else { return self }
        let spelling = key ?? MusicalKey(pitchClass: 0, mode: .major)
        return Chart(lines: ChartTransposer(by: 0, to: spelling, reading: reading, writing: writing).lines(lines), key: key)
    }

    /// Whether a record in `target` shows this chart moved: both keys known, and a move between them.
    public func isMoved(to target: MusicalKey?) -> Bool {
        guard let key, let target else { return false }
        return Self.move(from: key, to: target) % 12 != 0
    }

    /// The semitones a chart written in `key` moves for a record in `target`. In one mode, the
    /// move between the tonics. Across modes a song list may name the same song either way: a
    /// minor song by its relative major (F♯ minor as A major) or a key without its "m" (C for
    /// C minor); neither moves the chart, and any other pair moves by the keys' signatures.
    static func move(from key: MusicalKey, to target: MusicalKey) -> Int {
        if key.mode == target.mode || key.pitchClass == target.pitchClass { return target.pitchClass - key.pitchClass }
        return target.signaturePitchClass - key.signaturePitchClass
    }

    /// The chart as kept for a song in `songKey`: a chart written in the song's relative or
    /// parallel key (the same song named the other way, ``move(from:to:)``) is kept as in the
    /// song's key, so that a copy in another key moves it as the copy's key moved from the song's.
    public func kept(forSongIn songKey: MusicalKey?) -> Chart {
        guard let key, let songKey, key.mode != songKey.mode, !isMoved(to: songKey) else { return self }
        return Chart(lines: lines, key: songKey)
    }
}

/// Moves the chords of ChordPro lines: those in `[…]` over the lyrics and the chord names in
/// grids; tabs stay as written.
struct ChartTransposer {
    let semitones: Int
    /// The notation the chords are read in, and the one they are named in.
    let reading: KeyNotation, writing: KeyNotation
    /// The note names of the target key, worked out once for every chord of the chart (and
    /// again after a key change, for the key the song changes to).
    private(set) var names: [String]

    init(by semitones: Int, to target: MusicalKey, reading: KeyNotation, writing: KeyNotation) {
        (self.semitones, self.reading, self.writing) = (semitones, reading, writing)
        names = ChordSpelling.names(for: target, notation: writing)
    }

    func lines(_ lines: [String]) -> [String] {
        var moving = self
        return ChartSection.walk(lines).map { line, directive, section in
            if let directive {
                // A key change moves with the chords, and the chords after it are spelled for it.
                guard directive.name == "key", let key = MusicalKey(parsing: directive.value) else { return line }
                let moved = key.transposed(by: semitones)
                moving.names = ChordSpelling.names(for: moved, notation: writing)
                return ChordProFile.keyDirective(moved)
            }
            if line.hasPrefix("#") { return line }
            switch section {
            case .grid?: return moving.grid(line)
            case let section? where section.isVerbatim: return line
            default: return moving.bracketed(line)
            }
        }
    }

    /// One chord name moved, or as written when it is not one.
    func chord(_ name: Substring) -> String {
        // An optional chord is written in parentheses: "(G)".
        if name.hasPrefix("("), name.hasSuffix(")"), name.count > 2 {
            return "(" + chord(name.dropFirst().dropLast()) + ")"
        }
        guard let chord = Chord(String(name), notation: reading) else { return String(name) }
        return chord.transposed(by: semitones).spelled(with: names)
    }

    private func bracketed(_ line: String) -> String {
        guard line.contains("[") else { return line }
        var result = "", rest = Substring(line)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            result += rest[..<open] + "[" + chord(rest[rest.index(after: open)..<close]) + "]"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    private func grid(_ line: String) -> String {
        var result = "", word = Substring()
        for character in line {
            if character == " " || character == "\t" {
                result += chord(word) + String(character)
                word = ""
            } else {
                word.append(character)
            }
        }
        return result + chord(word)
    }
}
