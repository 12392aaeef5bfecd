import Foundation
import SetlistModel

/// Logs the gig stage mode plays: which songs were played, when each came on and how long it
/// was on (``Gig``).
///
/// The rule: a song counts when it was on for at least ``minimum`` seconds, whether the band
/// stepped past it or the show ended on it; a song stepped past sooner was skipped (looked at,
/// passed over, or stepped to by mistake) and is not logged. When the band steps away from a song
/// and back to it before another song counts, its time is added to it rather than counting it
/// twice. With `--serve`, what counts is the song the band was shown (``BandLead/position``),
/// not what the leader looks ahead at.
///
/// The gig is saved (``save``) each time a song counts, so that a crash or SIGKILL during the
/// show loses at most the song that was on; nothing is saved before the first song counts.
public final class GigRecorder {
    /// Seconds a song must be on to count as played.
    public static let minimum = 60

    /// The gig as logged so far; its songs are those that counted.
    public private(set) var gig: Gig
    /// The gig's number in `setlist gigs` after the last save; nil before one.
    public private(set) var number: Int?
    /// Why the last save failed, when it did; the next song saves the whole gig again.
    public private(set) var failure: String?

    private let zone: TimeZone
    private let save: (Gig) throws -> Int
    /// The song on now and when it came on.
    private var current: (copy: SongCopy, since: Date)?

    /// Logs a gig of `playlist` at `venue`; `save` writes the gig to the log and returns its
    /// number. `zone` is the band's, for the gig's day. With `earlier` (``gigToContinue(in:playlist:venue:at:)``)
    /// the songs played are added to that gig, which keeps its day, start and id.
    public init(
        playlist: Playlist, venue: String? = nil, continuing earlier: Gig? = nil, zone: TimeZone, save: @escaping (Gig) throws -> Int
    ) {
        gig = earlier ?? Gig(date: "", playlist: playlist.name, playlistID: playlist.id, venue: venue, songs: [])
        if earlier != nil, gig.venue == nil { gig.venue = venue }
        continues = earlier != nil
        self.zone = zone
        self.save = save
    }

    /// Whether the songs are added to a gig logged before (``init(playlist:venue:continuing:zone:save:)``).
    public let continues: Bool

    /// How soon after the last song of a gig stage mode may start again on its setlist for the
    /// show to go on in the same gig: a restart after a crash or a q pressed by mistake, or the
    /// second set after a break.
    public static let restartWindow: TimeInterval = 60 * 60

    /// The gig a show of `playlist` that starts at `moment` goes on with: the last gig of the log
    /// when stage mode logged it from this setlist, at `venue` when one is given, and its last song
    /// went off less than ``restartWindow`` before. A gig logged by hand, or one of another setlist
    /// in between, starts a new gig.
    public static func gigToContinue(in gigs: [Gig], playlist: Playlist, venue: String?, at moment: Date) -> Gig? {
        guard let last = gigs.last, last.playlistID == playlist.id, venue == nil || last.venue == nil || last.venue == venue,
            let song = last.songs.last, let started = song.started.flatMap(DateText.date(fromISO8601:)), let shown = song.shown
        else { return nil }
        let pause = moment.timeIntervalSince(started.addingTimeInterval(TimeInterval(shown)))
        return pause >= 0 && pause < restartWindow ? last : nil
    }

    /// The song on from `moment`: when it is another than the one on, that one ends.
    public func show(_ copy: SongCopy, at moment: Date) {
        if let current, current.copy.id == copy.id { return }
        end(at: moment)
        current = (copy, moment)
    }

    /// The show ends at `moment`: the song on then counts if it was on long enough.
    public func finish(at moment: Date) {
        end(at: moment)
        current = nil
    }

    private func end(at moment: Date) {
        guard let current else { return }
        let seconds = Int(moment.timeIntervalSince(current.since).rounded(.down))
        guard seconds >= Self.minimum else { return }
        if gig.songs.last?.copy == current.copy.id {
            gig.songs[gig.songs.count - 1].shown = (gig.songs[gig.songs.count - 1].shown ?? 0) + seconds
        } else {
            if gig.songs.isEmpty {
                // The gig starts with its first song played, not when stage mode was opened.
                let date = GigDate(moment: current.since, zone: zone)
                (gig.date, gig.started) = (date.day, date.started)
            }
            gig.songs.append(PlayedSong(current.copy, started: DateText.iso8601(current.since), shown: seconds))
        }
        do {
            number = try save(gig)
            failure = nil
        } catch {
            failure = "\(error)"
        }
    }
}
