import Foundation
import SetlistModel
import SetlistStageMode

/// What the band's phones show: the whole setlist, the song the leader sent the band to, the
/// leader's message and the plan. Every event carries all of it, so a phone that (re)connects is
/// whole at once.
public struct BandView: Codable, Hashable, Sendable {
    /// One song of the setlist as the page shows it.
    public struct Song: Codable, Hashable, Sendable {
        public var position: Int
        public var title: String
        public var author: String?
        /// "3:20".
        public var length: String?
        public var key: Key?
        public var bpm: Int?
        public var notes: String?
        /// The set's label ("Set 2"); nil for a setlist of one unlabelled set.
        public var set: String?
        /// The chart as the copy's key sounds, each chord also as every move of it (the page shows
        /// the move of its part and transpose, or as a capo's shapes); sent for the song the band
        /// is on only, to keep each event small.
        public var chart: [ChartRow]?
        /// The fret of the capo the chart's chords are shapes for (``ShownChart``).
        public var capo: Int?
        /// The chart as the lyrics part reads it (``Chart/wordsOnly()``); with ``chart``.
        public var words: [ChartRow]?
    }

    /// One line of a chart as the page sets it.
    public struct ChartRow: Codable, Hashable, Sendable {
        /// "lyrics", "heading", "comment", "key" (a key change), "verbatim" or "blank".
        public var kind: String
        /// The text of a heading, comment or verbatim line.
        public var text: String?
        /// A comment with chords in it, a grid's line or a key change's key, as each move shows it
        /// (``ChartSegmentView/moves``), when they differ.
        public var texts: [String]?
        /// A comment with chords in it, or a grid's line, as the numbers part reads it, when that
        /// differs from ``text``; ``numberedTexts`` when it differs between the moves.
        public var numbered: String?
        public var numberedTexts: [String]?
        /// The key a key change changes to.
        public var key: Key?
        /// The stretches of a lyrics line, each under its chord.
        public var segments: [ChartSegmentView]?
        /// Whether the line is in a chorus (set off as songbooks do).
        public var chorus: Bool?
    }

    /// A stretch of lyrics and its chord; for a chart with a key, the chord also as each part
    /// and transpose shows it, so that the page never spells a chord itself.
    public struct ChartSegmentView: Codable, Hashable, Sendable {
        /// The chord as the copy's key sounds.
        public var chord: String?
        public var text: String
        /// The chord moved up 0 to 11 semitones from the copy's key, by setlist's spelling
        /// (``ChordSpelling``): the page shows the one of its part and transpose (−1 is 11; a
        /// capo's shapes are its fret down); nil when it never changes (`N.C.`).
        public var moves: [String]?
        /// The chord as the numbers part reads it (``Chart/numbered(shownIn:notation:)``); ``numbers`` for each
        /// move when the moved chord's spelling changes its number.
        public var number: String?
        public var numbers: [String]?
    }

    /// A key as the page transposes it: its pitch class and mode, looked up in ``keyNames``.
    public struct Key: Codable, Hashable, Sendable {
        /// Semitones above C, 0–11.
        public var pitchClass: Int
        /// "major" or "minor".
        public var mode: String
        /// As the library's notation writes it ("B♭ minor", "H dur").
        public var name: String

        init(_ key: MusicalKey, notation: KeyNotation) {
            (pitchClass, mode, name) = (key.pitchClass, key.mode.rawValue, key.spelled(in: notation))
        }
    }

    /// A bar counted in (`c` in stage mode): the phones flash its beats in step.
    public struct CountIn: Codable, Hashable, Sendable {
        /// The first beat, on the laptop's clock (``BandClock``), in milliseconds.
        public var start: Double
        public var bpm: Int
        public var beats: Int

        public init(start: Double, bpm: Int, beats: Int) {
            (self.start, self.bpm, self.beats) = (start, bpm, beats)
        }
    }

    /// A break between sets, after the song at `after`.
    public struct Break: Codable, Hashable, Sendable {
        public var after: Int
        public var label: String
    }

    /// Orders events: a phone never shows an older one after a newer one.
    public var sequence = 0
    /// The run of stage mode that published it (``BandBroadcast``): a run started again numbers
    /// its events from 1, and a phone that followed the last one must not take them for old ones.
    public var run = ""
    public var playlist: String
    /// The 1-based position of the song the band is on.
    public var position: Int
    public var songs: [Song]
    public var breaks: [Break]
    /// The leader's message, shown until the next song.
    public var message: String?
    /// The bar being counted in, until it is over.
    public var countIn: CountIn?
    /// "Planned start 23:41 · 3:20 behind the plan"; nil without a plan.
    public var planned: String?
    /// The name of every key in the library's notation, by mode and then pitch class: the page
    /// transposes with these, so it spells keys exactly as `setlist transpose` does.
    public var keyNames: [String: [String]]

    /// The view of `playlist` with the band on `position`.
    public init(
        playlist: Playlist, position: Int, notation: KeyNotation, message: String? = nil, zone: TimeZone = .current,
        now: Date = Date()
    ) {
        self.init(playlist: playlist, position: position, notation: notation, message: message, zone: zone, now: now, charts: BandCharts())
    }

    /// The same, its song's chart read by `charts` (which keeps the last one read).
    init(
        playlist: Playlist, position: Int, notation: KeyNotation, message: String?, zone: TimeZone, now: Date, charts: BandCharts
    ) {
        self.playlist = playlist.name
        self.position = position
        self.message = message
        var songs: [Song] = [], breaks: [Break] = []
        let sets = playlist.sets
        for set in sets {
            let label = set.label ?? (sets.count > 1 ? "Set 1" : nil)
            if let label = set.label { breaks.append(Break(after: songs.count, label: label)) }
            for entry in set.entries {
                let fields = entry.copy.fields
                let chart = entry.position == position ? charts.rows(of: fields, notation: notation) : nil
                songs.append(
                    Song(
                        position: entry.position, title: fields.name, author: fields.author, length: fields.length.map(SongLength.format),
                        key: fields.key.map { Key($0, notation: notation) },
                        bpm: fields.bpm, notes: fields.notes, set: label,
                        chart: chart?.chart, capo: chart?.capo, words: chart?.words))
            }
        }
        self.songs = songs
        self.breaks = breaks
        let clock = playlist.plan.map { PlanClock(plan: $0, zone: zone, reference: now) }
        planned = PlannedStart(playlist: playlist, position: position, clock: clock)?.line(now: now).long
        keyNames = Dictionary(
            uniqueKeysWithValues: MusicalKey.Mode.allCases.map { mode in
                (mode.rawValue, (0..<12).map { MusicalKey(pitchClass: $0, mode: mode).spelled(in: notation) })
            })
    }

    /// The view as the page reads it: JSON on one line (an event's data is one line).
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
