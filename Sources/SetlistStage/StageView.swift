import Foundation
import SetlistLive
import SetlistModel

/// What the band's phones show: the whole setlist, the song the leader sent the band to, the
/// leader's message and the plan. Every event carries all of it, so a phone that (re)connects is
/// whole at once.
public struct StageView: Codable, Hashable, Sendable {
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
    }

    /// A key as the page transposes it: its pitch class and mode, looked up in ``keyNames``.
    public struct Key: Codable, Hashable, Sendable {
        /// Semitones above C, 0–11.
        public var pitchClass: Int
        /// "major" or "minor".
        public var mode: String
        /// As the library's notation writes it ("B♭ minor", "H dur").
        public var name: String
    }

    /// A break between sets, after the song at `after`.
    public struct Break: Codable, Hashable, Sendable {
        public var after: Int
        public var label: String
    }

    /// Orders events: a phone never shows an older one after a newer one.
    public var sequence = 0
    public var playlist: String
    /// The 1-based position of the song the band is on.
    public var position: Int
    public var songs: [Song]
    public var breaks: [Break]
    /// The leader's message, shown until the next song.
    public var message: String?
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
                songs.append(
                    Song(
                        position: entry.position, title: fields.name, author: fields.author, length: fields.length.map(SongLength.format),
                        key: fields.key.map { Key(pitchClass: $0.pitchClass, mode: $0.mode.rawValue, name: $0.spelled(in: notation)) },
                        bpm: fields.bpm, notes: fields.notes, set: label))
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
