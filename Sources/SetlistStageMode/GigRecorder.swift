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
/// show loses at most the song that was on; nothing is saved before the first song counts. A save
/// logs the songs this show saw played into the gig as the log holds it then
/// (``Library/logShow(_:in:mayCreate:minimum:)``): another stage mode on the same setlist logs
/// into the same gig without either losing the other's songs, and a gig removed or undone
/// elsewhere during the show is not put back. A save that fails (a full disk, the library's lock
/// held for over a second) is said (``problem``) and made again with the next song.
public final class GigRecorder {
    /// Seconds a song must be on to count as played.
    public static let minimum = 60

    /// Runs a change of the library (the gig log) and returns what it returned: the store's
    /// locked, atomic ``LibraryStore/modify(_:command:run:lockTimeout:_:)`` in stage mode.
    public typealias Save = ((inout Library) -> GigShowLogged) throws -> GigShowLogged

    /// The gig this show logs into: as the log held it after the last save; before one, as this
    /// show starts it (or as it was logged, when it goes on with an earlier gig).
    public private(set) var gig: Gig
    /// The songs this show counted, in the order played, each as its copy stood when it went off.
    public private(set) var played: [PlayedSong] = []
    /// The gig's number in `setlist gigs` after the last save; nil before one.
    public private(set) var number: Int?
    /// Why the last save failed, when it did; the next song saves again.
    public private(set) var failure: String?
    /// Whether the gig was removed from the log elsewhere (`gig --remove`, `undo`) during the
    /// show: no save puts it back (a `redo` does, and the next song is logged into it again).
    public private(set) var removed = false

    private let zone: TimeZone
    private let save: Save
    /// The song on now and when it came on.
    private var current: (copy: SongCopy, since: Date)?
    /// How many of ``played`` the log held after the last save.
    private var saved = 0
    /// Whether the log lacks something this show saw (a save failed, or found the gig removed).
    private var pending = false
    /// Whether the gig has been in the log during this show (it went on with one, or a save
    /// reached the log): once it has, it is never made anew.
    public private(set) var inLog: Bool
    /// The last song of the gig this show goes on with, when it does.
    private let earlierLast: PlayedSong?

    /// Logs a gig of `playlist` at `venue` through `save`. `zone` is the band's, for the gig's
    /// day. With `earlier` (``gigToContinue(in:playlist:venue:at:)``) the songs played are added
    /// to that gig, which keeps its day, start and id.
    public init(playlist: Playlist, venue: String? = nil, continuing earlier: Gig? = nil, zone: TimeZone, save: @escaping Save) {
        gig = earlier ?? Gig(date: "", playlist: playlist.name, playlistID: playlist.id, venue: venue, songs: [])
        if earlier != nil, gig.venue == nil { gig.venue = venue }
        continues = earlier != nil
        inLog = earlier != nil
        earlierLast = earlier?.songs.last
        self.zone = zone
        self.save = save
    }

    /// The songs this show played that the log does not hold: those played since a save failed,
    /// or all of them when the gig was removed elsewhere.
    public var unlogged: [PlayedSong] { removed ? played : Array(played[saved...]) }

    /// What the stage screen's status line says while the log lacks what was played; nil when
    /// it holds everything.
    public var problem: String? {
        if removed { return "The gig was removed from the log elsewhere: this show is no longer logged." }
        guard let failure else { return nil }
        let reason = failure.split(separator: "\n").first.map(String.init) ?? failure
        return "Not saved to the gig log (\(reason)); tried again with the next song."
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

    /// The song on from `moment`: when it is another than the one on, that one ends. The same
    /// copy again (changed elsewhere meanwhile) is the song on as it stands now.
    public func show(_ copy: SongCopy, at moment: Date) {
        if let current, current.copy.id == copy.id {
            self.current = (copy, current.since)
            return
        }
        end(at: moment)
        current = (copy, moment)
    }

    /// The show ends at `moment`: the song on then counts if it was on long enough, and what the
    /// log still lacks is saved once more.
    public func finish(at moment: Date) {
        end(at: moment)
        current = nil
        if pending { store() }
    }

    /// Saves again what the log lacks (the program calls it once more, waiting longer for the
    /// library's lock, after the show).
    public func retry() {
        if pending { store() }
    }

    private func end(at moment: Date) {
        guard let current else { return }
        let seconds = Int(moment.timeIntervalSince(current.since).rounded(.down))
        guard seconds >= Self.minimum else { return }
        let song = PlayedSong(current.copy, started: DateText.iso8601(current.since), shown: seconds)
        // The song before: this show's last, or, before its first, the last of the gig it goes on with.
        let last = played.last ?? (continues ? earlierLast : nil)
        if let last, last.copy == current.copy.id {
            // Stepped away by mistake and back (or started again on it): the time is added, the
            // song is as it stands now.
            var joined = song
            (joined.started, joined.shown) = (last.started, (last.shown ?? 0) + seconds)
            if played.isEmpty { played.append(joined) } else { played[played.count - 1] = joined }
        } else {
            played.append(song)
        }
        if gig.date.isEmpty {
            // The gig starts with its first song played, not when stage mode was opened.
            let date = GigDate(moment: current.since, zone: zone)
            (gig.date, gig.started) = (date.day, date.started)
        }
        store()
    }

    private func store() {
        let played = self.played, gig = self.gig, mayCreate = !inLog
        do {
            switch try save({ library in library.logShow(played, in: gig, mayCreate: mayCreate, minimum: Self.minimum) }) {
            case .logged(let logged, let number):
                (self.gig, self.number, inLog, removed, saved, pending) = (logged, number, true, false, played.count, false)
            case .removed:
                (removed, number, pending) = (true, nil, true)
            }
            failure = nil
        } catch {
            failure = "\(error)"
            pending = true
        }
    }
}
