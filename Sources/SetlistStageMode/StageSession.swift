import Foundation
import SetlistModel
import SetlistTerminal

/// What happens to stage mode: the show starts, keys come, time passes, the terminal changes size,
/// the show is stopped, or what the gig log lacks changed.
public enum StageEvent: Hashable, Sendable {
    /// The show starts: the first screen.
    case start
    /// Bytes typed at the terminal.
    case input([UInt8])
    /// Nothing came within ``StageSession/timeout``: the clock moved, and a lone Escape is a key now.
    case quiet
    /// The terminal is this size now.
    case resized(TerminalSize)
    /// The program was asked to stop, or the terminal is gone.
    case end
    /// What the gig log lacks changed: a save failed (what the status line says), or reached it again (nil).
    case gigLog(problem: String?)
}

/// What stage mode does after an event, in order.
public enum StageAction: Hashable, Sendable {
    /// Draw the song's screen.
    case draw([ScreenLine])
    /// Draw the band page's address screen.
    case showAddress(AddressMoment)
    /// Send the band page what the band sees (sent whenever it may have changed; the band page
    /// sends the phones only what is new).
    case publish(BandCue)
    /// The band is on this copy now (for the gig log).
    case record(SongCopy)
    /// The show is over; the position shown last.
    case quit(Int)
}

/// Stage mode as a value: the setlist, the song shown and the band's song, what is typed and said,
/// and the screen last laid out. ``handle(_:library:at:)`` takes an event and returns what to do;
/// ``StageMode/run(playlist:startingAt:appearance:notation:on:watch:zone:now:band:recorder:remark:)``
/// does it on a terminal, so every rule here is tested without one.
///
/// With a band following (`leadsBand`), the band page's address shows first, until any key starts
/// the show (that key does nothing else), and again on w.
public struct StageSession: Sendable {
    /// How long a lone Escape waits for the rest of a sequence, in milliseconds.
    public static let escapeDelay = 40
    /// How often the library and the clock are looked at while no key comes, in milliseconds.
    public static let watchInterval = 1000

    /// The setlist as it stands now (edits made elsewhere are followed).
    public private(set) var playlist: Playlist
    public private(set) var notation: KeyNotation
    /// The song shown, its notes' scroll, what is typed for a jump and said on the status line.
    public private(set) var navigator: StageNavigator
    /// The band's song and message, when a band follows.
    public private(set) var lead: BandLead?
    /// The bar being counted in (c), until it is over or the band moves to another song.
    public private(set) var countIn: CountIn?
    private var size: TerminalSize
    private let zone: TimeZone
    /// Whether the library is watched: the session then wakes every ``watchInterval``.
    private let watching: Bool
    private var decoder = KeyDecoder()
    private var showingAddress: Bool
    /// Whether a key has put the first address screen away.
    private var started: Bool
    private var gigLogProblem: String?
    /// The screen laid out last (the one drawn, or about to be).
    private var screen: StageScreen?
    /// The time of the event being handled.
    private var now = Date.distantPast

    /// Stage mode on `position` of `playlist`, for a terminal of `size`; `remark` is said on the
    /// status line until the first key (standard error is hidden under the stage screen).
    public init(
        playlist: Playlist, position: Int, notation: KeyNotation = .english, size: TerminalSize, zone: TimeZone = .current,
        leadsBand: Bool = false, watching: Bool = false, remark: String? = nil
    ) {
        self.playlist = playlist
        self.notation = notation
        self.size = size
        self.zone = zone
        self.watching = watching
        navigator = StageNavigator(count: playlist.copies.count, position: position)
        if let remark { navigator.say(remark) }
        lead = leadsBand ? BandLead(position: navigator.position) : nil
        showingAddress = leadsBand
        started = !leadsBand
    }

    /// How long to wait for the next event, in milliseconds; nil: as long as it takes.
    public var timeout: Int? {
        if decoder.isWaiting { return Self.escapeDelay }
        // Each beat is drawn when it comes.
        if let countIn {
            let wait = Int((countIn.next(after: now).timeIntervalSince(now) * 1000).rounded(.up))
            return min(max(wait, 1), Self.watchInterval)
        }
        return watching || playlist.plan?.start != nil ? Self.watchInterval : nil
    }

    /// The position the band is on: the leader's song, unless the leader looks ahead.
    public var bandPosition: Int { lead?.position ?? navigator.position }

    /// Takes `event`, which came at `now` with `change`, what the library watch found changed since
    /// it last looked (looked at for keys, quiet and a resize only), and returns what to do.
    public mutating func handle(_ event: StageEvent, library change: PlaylistWatch.Change? = nil, at now: Date) -> [StageAction] {
        self.now = now
        switch event {
        case .start:
            return draw() + update()
        case .input(let bytes):
            return keys(decoder.feed(bytes), change: change)
        case .quiet:
            let keys = decoder.flush()
            return tick(drawing: keys.isEmpty) + self.keys(keys, change: change)
        case .resized(let size):
            self.size = size
            if let remark = follow(change) { navigator.say(remark) }
            return draw() + update()
        case .end:
            return end()
        case .gigLog(let problem):
            gigLogProblem = problem
            return draw()
        }
    }

    /// The clock moved: a plan with a start may say something else now, and a count-in counts on.
    private mutating func tick(drawing: Bool) -> [StageAction] {
        let counting = countIn != nil
        if let countIn, countIn.beat(at: now) == nil { self.countIn = nil }
        guard playlist.plan?.start != nil || counting else { return [] }
        let shown = screen?.lines
        layout()
        let redraw = drawing && !showingAddress && screen?.lines != shown
        return (redraw ? [.draw(screen?.lines ?? [])] : []) + [publish()].compactMap { $0 }
    }

    /// Applies `keys` after taking in `change`; the screen is drawn once, after the last.
    private mutating func keys(_ keys: [Key], change: PlaylistWatch.Change?) -> [StageAction] {
        let remark = follow(change)
        var changed = remark != nil
        // Laid out again before a key only when the screen changed: the key may scroll notes the
        // new screen shows.
        var stale = changed
        for key in keys {
            switch apply(key, stale: &stale) {
            case .quit: return end()
            case .redraw: changed = true
            case .nothing: break
            }
        }
        if let remark {
            navigator.say(remark)
            changed = true
        }
        return (changed ? draw() : []) + update()
    }

    /// Applies one key: the address screen's, the band lead's, or the navigator's.
    private mutating func apply(_ key: Key, stale: inout Bool) -> StageNavigator.Outcome {
        if showingAddress {
            // q quits there too, as the screen says; any other key leaves it (and does nothing else).
            if StageNavigator.quits(key) { return .quit }
            (showingAddress, started, stale) = (false, true, true)
            return .redraw
        }
        if stale {
            layout()
            stale = false
        }
        if var leading = lead {
            let outcome = leading.handle(key, navigator: &navigator)
            lead = leading
            if outcome == .showAddress { showingAddress = true }
            if outcome != .pass {
                stale = true
                return .redraw
            }
        }
        let outcome = navigator.handle(key)
        if outcome == .quit { return .quit }
        if outcome == .redraw { stale = true }
        lead?.follow(navigator)
        if key == .character("c") {
            countInBandSong()
            stale = true
            return .redraw
        }
        // A count-in is for its song: the band moved on, so it stops (on the phones too).
        if let countIn, countIn.position != bandPosition { self.countIn = nil }
        return outcome
    }

    /// Starts counting the band's song in, or says why it cannot.
    private mutating func countInBandSong() {
        let index = bandPosition - 1
        guard playlist.copies.indices.contains(index) else { return }
        let copy = playlist.copies[index]
        countIn = CountIn(copy, position: bandPosition, at: now)
        if countIn == nil {
            navigator.say("'\(copy.fields.name)' has no tempo to count in: give it one with edit-song --bpm.")
        }
    }

    /// Takes in what changed in the library; a remark for the status line, nil when nothing did.
    private mutating func follow(_ change: PlaylistWatch.Change?) -> String? {
        switch change {
        case nil: return nil
        case .updated(let changed, let newNotation):
            notation = newNotation
            guard !changed.copies.isEmpty else { return "'\(changed.name)' has no songs now; showing it as it was." }
            let remark = navigator.follow(from: playlist, to: changed)
            lead?.follow(navigator, from: playlist, to: changed)
            playlist = changed
            return remark
        case .deleted: return "'\(playlist.name)' was deleted elsewhere; showing it as it was."
        case .unreadable(let reason): return "The library cannot be read now (\(reason)); showing the setlist as it was."
        }
    }

    /// Lays the screen out for the navigator's state and tells the navigator how far the notes scroll.
    private mutating func layout() {
        screen = StageScreen(
            playlist: playlist, position: navigator.position, size: size,
            // A gig log that could not be saved stays said until a save reaches it.
            status: lead?.status ?? navigator.status ?? countIn?.status(at: now) ?? gigLogProblem ?? lead?.messageStatus,
            notation: notation,
            scroll: navigator.scroll, zone: zone, now: now)
        navigator.notes = screen?.notes ?? .none
    }

    private mutating func draw() -> [StageAction] {
        layout()
        if showingAddress { return [.showAddress(started ? .during : .start)] }
        return [.draw(screen?.lines ?? [])]
    }

    /// What follows any event that may have moved the band: the band's view, and its song for the log.
    private func update() -> [StageAction] {
        [publish(), record()].compactMap { $0 }
    }

    private func publish() -> StageAction? {
        guard let lead else { return nil }
        return .publish(
            BandCue(playlist: playlist, position: lead.position, message: lead.message, notation: notation, countIn: countIn))
    }

    private func record() -> StageAction? {
        let index = bandPosition - 1
        return playlist.copies.indices.contains(index) ? .record(playlist.copies[index]) : nil
    }

    /// Ends the show: the song on counts if it was on long enough, as it stands now.
    private func end() -> [StageAction] {
        [record(), .quit(navigator.position)].compactMap { $0 }
    }
}
