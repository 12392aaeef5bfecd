import SetlistSupport

/// A song's chord chart: the body of a ChordPro file (lyrics with `[C]` chords over their
/// syllables, sections such as `{start_of_chorus}`, `{comment: …}`, tabs and grids), the key it is
/// written in, the notation its chords are written in, and the capo they are played with. The
/// song's details (title, key, tempo, length) stay its fields.
///
/// The chart is kept as its author wrote it, and keeps its own key so that a copy played in
/// another key shows it moved from the key it is written in to the copy's (``shown(in:notation:)``),
/// however often the copy is transposed. A chart without a key is never moved. Each reader sees
/// its chords in their own notation.
public struct Chart: Hashable, Sendable {
    /// The ChordPro lines, without line ends; never empty, no blank line first or last.
    public private(set) var lines: [String]
    /// The key the chords are written in, when known; with a ``capo``, the key of the shapes.
    public var key: MusicalKey?
    /// How its chords name notes: in German B is B♭ and H is B (``ChartNotation``).
    public var notation: KeyNotation
    /// The fret of the capo its chords are played with (`{capo: N}`), when it names one: the
    /// chords are shapes in ``key`` and sound `capo` semitones higher (``soundingKey``).
    public var capo: Int?

    /// The longest chart kept, in characters: a long song with tabs is a few thousand.
    public static let maximumLength = 100_000
    /// The frets a capo goes on.
    public static let capoFrets = 1...11

    /// A chart of `text` (any line ends), with trailing spaces and blank lines at either end
    /// taken off; nil when nothing is left.
    /// - Throws: ``ValueError`` naming the line of a control character other than a tab, or a
    ///   chart too long.
    public init?(text: String, key: MusicalKey?, notation: KeyNotation = .english, capo: Int? = nil) throws(ValueError) {
        // Split at any line end ("\r\n" is one Character) and trimmed by UTF-8 bytes: reversing
        // each line as Characters took most of an import of 2 000 SongbookPro charts.
        var lines = Text.lines(of: Text.normalized(text))
            .map { line in
                let bytes = line.utf8
                var end = bytes.endIndex
                while end > bytes.startIndex {
                    let before = bytes.index(before: end)
                    guard bytes[before] == 0x20 || bytes[before] == 0x09 else { break }
                    end = before
                }
                return String(line[..<end])
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
        self.init(lines: lines, key: key, notation: notation, capo: capo)
    }

    /// A chart of lines as stored (read back from a file the library wrote).
    public init(lines: [String], key: MusicalKey?, notation: KeyNotation = .english, capo: Int? = nil) {
        self.lines = lines
        self.key = key
        self.notation = notation
        self.capo = capo
    }

    /// The ChordPro text, lines ending in "\n".
    public var text: String { lines.map { $0 + "\n" }.joined() }

    /// The key the chart sounds in: its key, with a capo moved up by its fret.
    public var soundingKey: MusicalKey? {
        guard let key, let capo else { return key }
        return key.transposed(by: capo)
    }

    /// The chart as a record in `target` shows it in `notation`: moved from the chart's key to
    /// `target` (``ChordInterval``, its chords spelled by ``ChordSpelling``), or as written when
    /// either key is unknown or the keys have the same notes (``isMoved(to:)``); its chords named
    /// as `notation` names them, and its `{transpose: N}` lines applied to the chords after them
    /// (a `{key}` line says where the key then changes).
    public func shown(in target: MusicalKey?, notation: KeyNotation = .english) -> Chart {
        let moving = key.flatMap { key in target.map { (key, $0) } }.flatMap { isMoved(to: $0.1) ? $0 : nil }
        guard moving != nil || notation != self.notation || hasTransposes else { return self }
        let transposer = ChartTransposer(from: key, to: moving?.1, reading: self.notation, writing: notation)
        return Chart(lines: transposer.lines(lines), key: moving?.1 ?? key, notation: notation, capo: capo)
    }

    /// The chart as a `.plsts` document carries it: its chords in English names, which every
    /// reader of the format reads, and beside them the notation it is written in, which
    /// ``fromExchange()`` turns it back to (as `H`, `B` and `#`/`b`; a `mi` minor becomes `m`).
    public var forExchange: Chart {
        guard notation != .english else { return self }
        var english = Chart(lines: renamed(to: .english).lines, key: key, notation: .english, capo: capo)
        english.notation = notation
        return english
    }

    /// A chart of a `.plsts` document (``forExchange``): its English names turned into the
    /// notation it says it is written in.
    public func fromExchange() -> Chart {
        guard notation != .english else { return self }
        var chart = Chart(lines: lines, key: key, notation: .english, capo: capo).renamed(to: notation)
        chart.notation = notation
        return chart
    }

    /// The chart with its chords named in `notation`, nothing else changed.
    private func renamed(to notation: KeyNotation) -> Chart {
        let transposer = ChartTransposer(from: key, to: nil, reading: self.notation, writing: notation, applyingTransposes: false)
        return Chart(lines: transposer.lines(lines), key: key, notation: notation, capo: capo)
    }

    /// Whether any line is a `{transpose}`, which showing the chart applies.
    private var hasTransposes: Bool {
        lines.contains { $0.contains("transpose") && ChordProDirective($0)?.name == "transpose" }
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
    /// With a capo, the key of its shapes for the song's key, as the key it sounds in compares.
    public func kept(forSongIn songKey: MusicalKey?) -> Chart {
        guard let sounding = soundingKey, let songKey, sounding.mode != songKey.mode, Self.move(from: sounding, to: songKey) % 12 == 0
        else { return self }
        var kept = self
        kept.key = capo.map { songKey.transposed(by: -$0) } ?? songKey
        return kept
    }
}
