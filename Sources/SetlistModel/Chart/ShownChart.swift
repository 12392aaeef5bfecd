/// A song record's chart as every reader shows it (the terminal, stage mode, the phones' page and
/// the songbook): moved to the record's key, or, played with a capo, to the key of the shapes
/// that sound in it; in the reader's notation.
public struct ShownChart: Sendable, Hashable {
    /// The chart moved and named for the reader; its key is the one its chords are shown in.
    public var chart: Chart
    /// The fret of the capo its chords are shapes for; nil for chords as they sound.
    public var capo: Int?
    /// The key the chart is written in, when its chords are moved from it.
    public var writtenIn: MusicalKey?
    /// Whether the chart has chords but no key: its chords stay as written whatever key the
    /// record is in or is transposed to (``unmovedNote(song:position:playlist:record:notation:)``
    /// says so before the gig).
    public var cannotMove: Bool

    /// The key the chords are shown in: the record's, or with a capo the key of the shapes.
    public var key: MusicalKey? { chart.key }

    /// The chart of `record` for a reader of `notation`: with `capo` (a capo asked for, 0 for the
    /// chords as they sound), else with the chart's own capo; nil when the record has no chart.
    public init?(_ record: SongFields, notation: KeyNotation, capo asked: Int? = nil) {
        self.init(record, notation: notation, capo: asked, shift: 0)
    }

    /// The chart of `record` as `part` reads it (``Part``): for concert pitch as above; for a
    /// transposing instrument moved to its written key, no capo; for a capo, as its shapes; for
    /// the numbers part its chords as Nashville numbers (``Chart/numbered(shownIn:notation:)``); for the lyrics
    /// part its words alone (``Chart/wordsOnly()``).
    public init?(_ record: SongFields, notation: KeyNotation, part: Part) {
        switch part {
        case .concert: self.init(record, notation: notation)
        case .capo(let fret): self.init(record, notation: notation, capo: fret)
        case .transposing(let pitch): self.init(record, notation: notation, capo: 0, shift: pitch.writtenAbove)
        case .numbers:
            // Numbered as written, not after a move: the numbers are the same in every key.
            self.init(record, notation: notation, capo: 0, shift: 0, numbering: true)
            writtenIn = nil
        case .lyrics:
            self.init(record, notation: notation, capo: 0)
            chart = chart.wordsOnly()
            writtenIn = nil
        }
    }

    /// The chart moved `shift` semitones above the key that sounds (a transposing instrument's
    /// written key), then down by the capo's fret.
    private init?(_ record: SongFields, notation: KeyNotation, capo asked: Int?, shift: Int, numbering: Bool = false) {
        guard let chart = record.chart else { return nil }
        let capo = (asked ?? chart.capo).flatMap { $0 > 0 ? $0 : nil }
        let up = shift - (capo ?? 0)
        let moved = { (key: MusicalKey) in up == 0 ? key : key.transposed(by: up) }
        // The key the chords are shown in: the shapes' for a capo (without a record key, the
        // chart's own key is the shapes', as its capo counts from it).
        var target = record.key.map(moved)
        if target == nil, let sounding = chart.soundingKey, asked != nil || shift != 0 { target = moved(sounding) }
        self.chart = numbering ? chart.numbered(shownIn: target, notation: notation) : chart.shown(in: target, notation: notation)
        self.capo = capo
        writtenIn = target.flatMap { chart.isMoved(to: $0) ? chart.key : nil }
        cannotMove = chart.cannotMove
    }

    /// "Capo 2: G major shapes" (the key as `spell` writes keys), or "Capo 2" for a chart without
    /// a key; nil without a capo.
    public func capoText(_ spell: (MusicalKey) -> String) -> String? {
        capo.map { capo in "Capo \(capo)" + (key.map { ": " + spell($0) + " shapes" } ?? "") }
    }

    /// "'Song' (song 3): its chart has no key, so its chords stay as written, not in D major; it
    /// reads as C major: `setlist chart … --key C` says the key it is written in."
    public static func unmovedNote(song: String, position: Int? = nil, playlist: String? = nil, record: SongFields, notation: KeyNotation)
        -> String
    {
        let place = "'\(song)'" + (position.map { " (song \($0)\(playlist.map { " in '\($0)'" } ?? ""))" } ?? "")
        let inferred = record.chart?.inferredKey
        let name = position.map(String.init) ?? ShellWord.asNeeded(song)
        let command = "setlist chart \(name)" + (playlist.map { " --in \(ShellWord.asNeeded($0))" } ?? "")
        return "\(place): its chart has no key, so its chords stay as written"
            + (record.key.map { ", not moved to \($0.spelled(in: notation))" } ?? "")
            + (inferred.map { "; its chords read as \($0.spelled(in: notation))" } ?? "")
            + ": `\(command) --key KEY` says the key it is written in."
    }
}

extension Chart {
    /// Whether it has chords but no key, so that nothing can move it.
    public var cannotMove: Bool { key == nil && !ChartChordNames.chords(in: lines, notation: notation).isEmpty }
}

extension Playlist {
    /// What the leader is told before the gig (by `transpose`, `pdf --songbook` and `live`): each
    /// copy whose chart cannot be moved (``Chart/cannotMove``), by ``ShownChart/unmovedNote(song:position:playlist:record:notation:)``.
    public func unmovedChartNotes(notation: KeyNotation) -> [String] {
        copies.enumerated().compactMap { index, copy in
            guard copy.fields.chart?.cannotMove == true else { return nil }
            return ShownChart.unmovedNote(
                song: copy.fields.name, position: index + 1, playlist: name, record: copy.fields, notation: notation)
        }
    }
}
