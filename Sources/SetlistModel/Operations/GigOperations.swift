import Foundation

/// A day and optional time typed for a gig (`--date 2026-03-14` or `--date "2026-03-14 20:00"`).
public struct GigDate: Hashable, Sendable {
    /// "2026-03-14".
    public var day: String
    /// The moment the time names in the zone it was read in, ISO 8601 in UTC; nil for a day alone.
    public var started: String?

    public init(day: String, started: String? = nil) {
        self.day = day
        self.started = started
    }

    /// Reads what was typed for the option `field`, a time in `zone`.
    public init(parsing raw: String, field: String, zone: TimeZone) throws(ValueError) {
        let text = Text.trimmedSpaces(raw)
        if let day = PlanStart.Day(parsing: text) {
            self.day = day.description
            return
        }
        guard let start = PlanStart(parsing: text), let day = start.date,
            let moment = PlanClock.calendar(zone).date(
                from: DateComponents(
                    year: day.year, month: day.month, day: day.day, hour: start.minuteOfDay / 60, minute: start.minuteOfDay % 60))
        else { throw .invalidDate(field: field, text: raw) }
        self.day = day.description
        started = DateText.iso8601(moment)
    }

    /// The day `moment` falls on in `zone` and the moment itself: a gig recorded as it starts.
    public init(moment: Date, zone: TimeZone) {
        day = PlanStart.Day(of: moment, in: zone).description
        started = DateText.iso8601(moment)
    }
}

/// A gig added to the log: it and its number in `setlist gigs`.
public struct GigLogged: Hashable, Sendable {
    public var gig: Gig
    public var number: Int
}

/// What the gig commands ask of the log. Gigs are named by their number in `setlist gigs`
/// (1 the oldest), their day, or their id; none names the last one.
extension Library {
    /// The index in ``gigs`` of the gig `reference` names; nil: the last one.
    public func gigIndex(matching reference: String?) throws(LibraryError) -> Int {
        guard let reference else {
            guard !gigs.isEmpty else { throw .gigNotFound("", count: 0) }
            return gigs.count - 1
        }
        let text = Text.trimmedSpaces(reference)
        if let number = Int(text), text.count < 5 {
            guard (1...max(gigs.count, 1)).contains(number), !gigs.isEmpty else { throw .gigNotFound(reference, count: gigs.count) }
            return number - 1
        }
        let matches: [Int]
        if let day = PlanStart.Day(parsing: text) {
            matches = gigs.indices.filter { gigs[$0].date == day.description }
        } else if let exact = gigs.firstIndex(where: { $0.id == text.lowercased() }) {
            matches = [exact]
        } else {
            matches = Identifier.looksLikePrefix(text) ? gigs.indices.filter { gigs[$0].id.hasPrefix(text.lowercased()) } : []
        }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty { throw .gigNotFound(reference, count: gigs.count) }
        throw .ambiguousGig(reference, candidates: matches.map { gigs[$0] })
    }

    /// The gig `reference` names (nil: the last one).
    public func gig(matching reference: String?) throws(LibraryError) -> Gig {
        gigs[try gigIndex(matching: reference)]
    }

    /// The gig `reference` names (nil: the last one) and its number in `setlist gigs`.
    public func numberedGig(matching reference: String?) throws(LibraryError) -> GigLogged {
        let index = try gigIndex(matching: reference)
        return GigLogged(gig: gigs[index], number: index + 1)
    }

    /// Logs a gig played without stage mode: every song of the setlist `playlist` names (nil: the
    /// current one) as it stands, on `date`, at `venue`; with `played`, only the songs those
    /// references name (positions, titles or ids in the setlist), in that order.
    public mutating func logGig(from playlist: String?, date: GigDate, venue: String?, played: [String]? = nil) throws(LibraryError)
        -> GigLogged
    {
        let chosen = try self.playlist(matching: playlist)
        let venue = try venue.map { (text) throws(LibraryError) in
            do throws(ValueError) { return try Text.cleanName(text, field: "venue") } catch { throw .invalidValues([error]) }
        }
        let copies = try played.map { (references) throws(LibraryError) in try Self.copies(references, in: chosen) } ?? chosen.copies
        let gig = Gig(
            date: date.day, started: date.started, playlist: chosen.name, playlistID: chosen.id, venue: venue,
            songs: copies.map { PlayedSong($0) })
        return GigLogged(gig: gig, number: save(gig))
    }

    /// Adds to the gig `reference` names (nil: the last one) the songs of its setlist that
    /// `played` names (positions, titles or ids), in that order, after its songs: the songs
    /// stage mode could not log (its report names this).
    public mutating func addPlayed(_ played: [String], toGig reference: String?) throws(LibraryError) -> GigLogged {
        var gig = try self.gig(matching: reference)
        guard let playlist = playlists.first(where: { $0.id == gig.playlistID }) else {
            throw .playlistNotFound(gig.playlist, suggestions: [])
        }
        gig.songs += try Self.copies(played, in: playlist).map { PlayedSong($0) }
        return GigLogged(gig: gig, number: save(gig))
    }

    /// The copies of `playlist` that `references` name, in that order.
    static func copies(_ references: [String], in playlist: Playlist) throws(LibraryError) -> [SongCopy] {
        var copies: [SongCopy] = []
        for reference in references { copies.append(playlist.copies[try position(of: reference, in: playlist) - 1]) }
        return copies
    }

    /// Puts `gig` into the log, in place of the gig with its id if there is one, and returns its
    /// number: stage mode saves its gig so after every song.
    @discardableResult
    public mutating func save(_ gig: Gig) -> Int {
        gigs.removeAll { $0.id == gig.id }
        let index = gigs.firstIndex { Gig.precedes(gig, $0) } ?? gigs.count
        gigs.insert(gig, at: index)
        return index + 1
    }

    /// Removes the gig `reference` names from the log.
    public mutating func removeGig(_ reference: String) throws(LibraryError) -> GigLogged {
        let index = try gigIndex(matching: reference)
        return GigLogged(gig: gigs.remove(at: index), number: index + 1)
    }
}
