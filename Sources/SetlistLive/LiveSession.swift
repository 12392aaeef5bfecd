import Foundation
import SetlistModel
import SetlistTerminal

/// Something that happened at the terminal.
public enum TerminalEvent: Hashable, Sendable {
    /// Bytes typed.
    case input([UInt8])
    /// The window changed size.
    case resize
    /// Nothing arrived within the wait asked for.
    case quiet
    /// The program was asked to stop (SIGINT, SIGTERM, SIGHUP).
    case stop
    /// The terminal is gone (end of input).
    case closed
}

/// The few things stage mode needs of a terminal, so the loop can run against a real one or a
/// scripted one in tests.
public protocol LiveTerminal: AnyObject {
    /// The size now.
    var size: TerminalSize { get }
    /// Replaces the whole screen with `lines` (already rendered, one per row from the top).
    func draw(_ lines: [String]) throws
    /// Waits for the next event; with a `timeout` (milliseconds) returns ``TerminalEvent/quiet``
    /// when nothing comes in time.
    func nextEvent(timeout: Int?) throws -> TerminalEvent
}

/// The loop of `setlist live`: draws the screen, reads keys and moves through the setlist until
/// the user quits, the program is stopped or the terminal goes away. With a ``PlaylistWatch``,
/// changes made to the playlist elsewhere show on the next key press (or within a second),
/// keeping the song shown. With a plan that has a start time, the screen follows the clock:
/// whether the band is ahead of the plan or behind it is redrawn every second.
public enum LiveSession {
    /// How long a lone Escape waits for the rest of a sequence, in milliseconds.
    static let escapeDelay = 40
    /// How often the library is looked at while no key comes, in milliseconds.
    static let watchInterval = 1000

    /// Runs stage mode on `terminal` and returns the position shown last. `zone` is the
    /// reader's time zone and `now` the clock, for the plan's times and the gig log (tests give
    /// their own). With a `recorder`, the songs played are logged as they go (``GigRecorder``):
    /// the song the band is on, which is the one shown unless the leader looks ahead.
    @discardableResult
    public static func run(
        playlist: Playlist, startingAt position: Int, appearance: Appearance, notation: KeyNotation = .english,
        on terminal: some LiveTerminal, watch: PlaylistWatch? = nil, zone: TimeZone = .current, now: () -> Date = Date.init,
        band: LiveBand? = nil, recorder: GigRecorder? = nil, remark: String? = nil
    ) throws -> Int {
        var playlist = playlist, notation = notation
        var navigator = LiveNavigator(count: playlist.copies.count, position: position)
        // Said on the stage screen itself (standard error is hidden under it), until the next key.
        if let remark { navigator.say(remark) }
        // Leading a band that follows: the band's song and message, and the address screen,
        // which shows first and on w until the next key.
        var lead = band.map { _ in BandLead(position: navigator.position) }
        var showingAddress = band != nil
        // Until the first key: the address screen says that key starts the show.
        var started = band == nil
        var decoder = KeyDecoder()
        var screen: LiveScreen?
        /// Lays the screen out for the navigator's state and tells it how far the notes scroll.
        func layout() {
            screen = LiveScreen(
                playlist: playlist, position: navigator.position, size: terminal.size,
                // A gig log that could not be saved stays said until a save reaches it.
                status: lead?.status ?? navigator.status ?? recorder?.problem ?? lead?.messageStatus,
                notation: notation,
                scroll: navigator.scroll, zone: zone, now: now())
            navigator.notes = screen?.notes ?? .none
        }
        func draw() throws {
            layout()
            if showingAddress, let band {
                try terminal.draw(band.addressScreen(terminal.size, started ? .during : .start))
            } else {
                try terminal.draw(screen?.drawn(appearance) ?? [])
            }
        }
        func publish() {
            guard let band, let lead else { return }
            band.publish(BandCue(playlist: playlist, position: lead.position, message: lead.message, notation: notation))
        }
        /// Takes in what changed in the library; a remark for the status line, nil when nothing did.
        func reload() -> String? {
            switch watch?.check() {
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
        /// Tells the recorder the song the band is on now; whether what the log lacks changed
        /// (a save failed, or reached it again), for the status line.
        @discardableResult
        func record() -> Bool {
            guard let recorder else { return false }
            let before = recorder.problem
            let index = (lead?.position ?? navigator.position) - 1
            if playlist.copies.indices.contains(index) { recorder.show(playlist.copies[index], at: now()) }
            return recorder.problem != before
        }
        /// Ends the show: the song on counts if it was on long enough, as it stands now (changed
        /// elsewhere since the last key, it is logged as changed).
        func stop() -> Int {
            record()
            recorder?.finish(at: now())
            return navigator.position
        }
        try draw()
        publish()
        if record() { try draw() }
        while true {
            let keys: [Key]
            let ticking = watch != nil || playlist.plan?.start != nil
            let timeout = decoder.isWaiting ? escapeDelay : ticking ? watchInterval : nil
            let shown = screen?.lines
            switch try terminal.nextEvent(timeout: timeout) {
            case .input(let bytes): keys = decoder.feed(bytes)
            case .quiet:
                keys = decoder.flush()
                // The clock moved: a plan with a start may say something else now.
                if playlist.plan?.start != nil {
                    layout()
                    if keys.isEmpty, !showingAddress, screen?.lines != shown { try terminal.draw(screen?.drawn(appearance) ?? []) }
                    publish()
                }
            case .resize:
                if let remark = reload() { navigator.say(remark) }
                try draw()
                publish()
                if record() { try draw() }
                continue
            case .stop, .closed: return stop()
            }
            let remark = reload()
            var changed = remark != nil
            // Laid out again before a key only when the screen changed: the key may scroll notes
            // the new screen shows. The last layout is draw's.
            var stale = changed
            for key in keys {
                if showingAddress {
                    // q quits there too, as the screen says; any other key leaves it (and does nothing else).
                    if LiveNavigator.quits(key) { return stop() }
                    showingAddress = false
                    started = true
                    changed = true
                    stale = true
                    continue
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
                        changed = true
                        stale = true
                        continue
                    }
                }
                switch navigator.handle(key) {
                case .quit: return stop()
                case .redraw:
                    changed = true
                    stale = true
                case .nothing: break
                }
                lead?.follow(navigator)
            }
            if let remark {
                navigator.say(remark)
                changed = true
            }
            if changed { try draw() }
            publish()
            if record() { try draw() }
        }
    }
}
