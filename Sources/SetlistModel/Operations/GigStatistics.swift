/// How often and when an original was played, from the gig log.
public struct SongPlays: Hashable, Sendable {
    /// The number of times it was played (twice at one gig counts twice).
    public var count = 0
    /// The day it was last played, "2026-03-14"; nil when never.
    public var lastPlayed: String?

    public init(count: Int = 0, lastPlayed: String? = nil) {
        self.count = count
        self.lastPlayed = lastPlayed
    }
}

/// One time a song was played: the gig, its number in `setlist gigs`, and the song's place in it.
public struct SongPerformance: Hashable, Sendable {
    public var gig: Gig
    public var number: Int
    /// 1-based, among the songs played at that gig.
    public var position: Int
    public var played: PlayedSong
}

/// Which songs `setlist songs` lists with what was played, and in what order.
public struct PlayedSongsQuery: Hashable, Sendable {
    /// Only songs whose title or author contains this.
    public var search: String?
    /// Only songs not played on or after this day ("2025-01-01"), never played ones included.
    public var notPlayedSince: String?
    /// Only songs never played.
    public var neverPlayed = false
    /// By the day last played, the longest unplayed first (never played before any), rather than
    /// in the user's order.
    public var byLastPlayed = false

    public init(search: String? = nil, notPlayedSince: String? = nil, neverPlayed: Bool = false, byLastPlayed: Bool = false) {
        self.search = search
        self.notPlayedSince = notPlayedSince
        self.neverPlayed = neverPlayed
        self.byLastPlayed = byLastPlayed
    }
}

extension Library {
    /// How often and when each original was played, by original id. A song of the log counts
    /// for the original its copy came from; one without (logged from elsewhere) counts for none.
    public func songPlays() -> [String: SongPlays] {
        var plays: [String: SongPlays] = [:]
        for gig in gigs {
            for song in gig.songs {
                guard let id = song.original else { continue }
                var entry = plays[id] ?? SongPlays()
                entry.count += 1
                // Gigs are in order, so the last one seen is the latest.
                entry.lastPlayed = max(entry.lastPlayed ?? gig.date, gig.date)
                plays[id] = entry
            }
        }
        return plays
    }

    /// The originals `query` asks for, each with its 1-based position in the song list and what
    /// the log says of it.
    public func playedSongs(_ query: PlayedSongsQuery) -> [(position: Int, song: Song, plays: SongPlays)] {
        let plays = songPlays()
        var rows = numberedSongs(searching: query.search).map { ($0.position, $0.song, plays[$0.song.id] ?? SongPlays()) }
        if let since = query.notPlayedSince { rows.removeAll { ($0.2.lastPlayed ?? "") >= since } }
        if query.neverPlayed { rows.removeAll { $0.2.count > 0 } }
        if query.byLastPlayed {
            // Stable: songs last played on one day keep the user's order.
            rows = rows.enumerated().sorted { ($0.element.2.lastPlayed ?? "", $0.offset) < ($1.element.2.lastPlayed ?? "", $1.offset) }
                .map(\.element)
        }
        return rows.map { (position: $0.0, song: $0.1, plays: $0.2) }
    }

    /// Every time the original `id` was played, oldest first.
    public func performances(of id: String) -> [SongPerformance] {
        gigs.enumerated().flatMap { index, gig in
            gig.songs.enumerated().filter { $0.element.original == id }.map {
                SongPerformance(gig: gig, number: index + 1, position: $0.offset + 1, played: $0.element)
            }
        }
    }
}
