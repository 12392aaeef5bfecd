import Foundation

/// One performance: the setlist played on a day, where, and the songs that were played in the
/// order they were played (the gig log, `setlist gigs`).
///
/// A gig keeps its own record of each song (title, author, length as they were that night), so
/// that renaming or deleting a song or the setlist later never changes what was played.
public struct Gig: Hashable, Sendable, Identifiable {
    /// Stable, unique; its first 8 digits name the gig's file.
    public var id: String
    /// The day of the gig as the band names it, "2026-03-14" (in the recorder's time zone).
    public var date: String
    /// When the show started, ISO 8601 in UTC ("2026-03-14T19:02:11Z"), when known: stage mode
    /// records it, and `gig --add --date "2026-03-14 20:00"` sets it.
    public var started: String?
    /// The setlist's name when the gig was played.
    public var playlist: String
    /// The setlist's id, when the gig was played from one.
    public var playlistID: String?
    public var venue: String?
    /// The songs played, in the order they were played.
    public var songs: [PlayedSong]

    public init(
        id: String = Identifier.make(), date: String, started: String? = nil, playlist: String, playlistID: String? = nil,
        venue: String? = nil, songs: [PlayedSong]
    ) {
        self.id = id
        self.date = date
        self.started = started
        self.playlist = playlist
        self.playlistID = playlistID
        self.venue = venue
        self.songs = songs
    }

    /// The length of the gig: the seconds each song was on when known (stage mode), else its
    /// length; nil when neither is known for any song.
    public var length: Int? {
        let known = songs.compactMap { $0.shown ?? $0.length }
        return known.isEmpty ? nil : known.reduce(0, +)
    }

    /// The order gigs are kept and listed in: by day, then start, then id, so that two members'
    /// logs list the same way.
    public static func precedes(_ first: Gig, _ second: Gig) -> Bool {
        (first.date, first.started ?? "", first.id) < (second.date, second.started ?? "", second.id)
    }
}

/// One song as it was played at a gig.
public struct PlayedSong: Hashable, Sendable {
    /// The copy in the setlist that was played, when played from one.
    public var copy: String?
    /// The original the copy came from, when known: what `songs --played` counts by.
    public var original: String?
    public var name: String
    public var author: String?
    /// The song's length in seconds, as the setlist had it.
    public var length: Int?
    /// When it came on, ISO 8601 in UTC, when recorded by stage mode.
    public var started: String?
    /// How many seconds it was on, when recorded by stage mode.
    public var shown: Int?

    public init(
        copy: String? = nil, original: String? = nil, name: String, author: String? = nil, length: Int? = nil, started: String? = nil,
        shown: Int? = nil
    ) {
        self.copy = copy
        self.original = original
        self.name = name
        self.author = author
        self.length = length
        self.started = started
        self.shown = shown
    }

    /// The song as the copy `copy` stands now.
    public init(_ copy: SongCopy, started: String? = nil, shown: Int? = nil) {
        self.init(
            copy: copy.id, original: copy.originalID, name: copy.name, author: copy.fields.author, length: copy.fields.length,
            started: started, shown: shown)
    }
}
