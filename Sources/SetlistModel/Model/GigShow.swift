import Foundation

/// The songs one stage mode saw played, logged into a gig as the log holds it now: what another
/// stage mode on the same setlist logged meanwhile stays, and a gig removed elsewhere is not put
/// back (``Library/logShow(_:in:mayCreate:minimum:)``).
extension Gig {
    /// The gig with `played` logged into it. A song is the same performance as one logged when it
    /// is the same copy and came on while that one was on: it lengthens that one (and gives it its
    /// title and author, as the copy stood when it ended). Any other is placed by when it came on.
    /// A band plays one song at a time, so a song ends when the next one logged came on: a song
    /// that another stage mode took over ends there, and one on for less than `minimum` seconds
    /// that way is not logged.
    public func logging(_ played: [PlayedSong], minimum: Int) -> Gig {
        var gig = self
        for song in played {
            guard let start = song.startMoment else {
                gig.songs.append(song)
                continue
            }
            if let index = gig.songs.firstIndex(where: { $0.copy == song.copy && $0.covers(start) }) {
                gig.songs[index].lengthen(to: song)
            } else {
                let later = gig.songs.firstIndex { ($0.startMoment ?? .distantPast) > start } ?? gig.songs.count
                gig.songs.insert(song, at: later)
            }
        }
        gig.songs = Self.oneAtATime(gig.songs, minimum: minimum)
        if let first = gig.songs.compactMap(\.startMoment).min(),
            gig.started.flatMap(DateText.date(fromISO8601:)).map({ first < $0 }) ?? true
        {
            gig.started = DateText.iso8601(first)
        }
        return gig
    }

    /// `songs` with each song ending when the next came on: the next one is the same performance
    /// when it is the same copy (joined), else it cuts the one before short.
    private static func oneAtATime(_ songs: [PlayedSong], minimum: Int) -> [PlayedSong] {
        var result: [PlayedSong] = []
        for song in songs {
            // Only a song that came on after the one before and before it went off overlaps it
            // (songs logged by hand have no times; a log edited out of order is left so).
            guard let start = song.startMoment, let last = result.last, let end = last.endMoment, let lastStart = last.startMoment,
                lastStart <= start, start < end
            else {
                result.append(song)
                continue
            }
            if last.copy == song.copy {
                result[result.count - 1].lengthen(to: song)
                continue
            }
            guard lastStart < start else {
                result.append(song)
                continue
            }
            let cut = Int(start.timeIntervalSince(lastStart).rounded(.down))
            if cut < minimum { result.removeLast() } else { result[result.count - 1].shown = cut }
            result.append(song)
        }
        return result
    }
}

extension PlayedSong {
    /// When it came on, when recorded.
    var startMoment: Date? { started.flatMap(DateText.date(fromISO8601:)) }

    /// When it went off, when recorded.
    var endMoment: Date? { startMoment.map { $0.addingTimeInterval(TimeInterval(shown ?? 0)) } }

    /// Whether `moment` falls while this song was on (its ends included).
    func covers(_ moment: Date) -> Bool {
        guard let start = startMoment, let end = endMoment else { return false }
        return start <= moment && moment <= end
    }

    /// This song, on until `other` (the same copy, seen later) went off; with its record when
    /// that one ended later.
    mutating func lengthen(to other: PlayedSong) {
        guard let start = startMoment, let end = endMoment, let otherEnd = other.endMoment else { return }
        if otherEnd >= end {
            (name, author, length, original) = (other.name, other.author, other.length, other.original)
        }
        shown = Int(max(end, otherEnd).timeIntervalSince(start).rounded(.down))
    }
}

/// What logging a show's songs found (``Library/logShow(_:in:mayCreate:minimum:)``).
public enum GigShowLogged: Hashable, Sendable {
    /// The gig as the log holds it now, and its number in `setlist gigs`.
    case logged(Gig, number: Int)
    /// The gig is no longer in the log: removed (`gig --remove`) or undone elsewhere. Nothing was
    /// written, so that `setlist redo` can still bring it back.
    case removed
}

extension Library {
    /// Logs the songs a stage mode saw played (`played`) into the gig `gig` names by its id, as the
    /// log holds it now (``Gig/logging(_:minimum:)``). A gig not in the log is made from `gig`
    /// only when `mayCreate` (this show has not saved it yet); otherwise it was removed elsewhere,
    /// and is not put back.
    public mutating func logShow(_ played: [PlayedSong], in gig: Gig, mayCreate: Bool, minimum: Int) -> GigShowLogged {
        var base: Gig
        if let stored = gigs.first(where: { $0.id == gig.id }) {
            base = stored
            // A venue given to this show fills one the gig was logged without.
            if base.venue == nil { base.venue = gig.venue }
        } else if mayCreate {
            var fresh = gig
            fresh.songs = []
            base = fresh
        } else {
            return .removed
        }
        let logged = base.logging(played, minimum: minimum)
        return .logged(logged, number: save(logged))
    }
}
