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
public protocol StageTerminal: AnyObject {
    /// The size now.
    var size: TerminalSize { get }
    /// Replaces the whole screen with `lines` (already rendered, one per row from the top).
    func draw(_ lines: [String]) throws
    /// Waits for the next event; with a `timeout` (milliseconds) returns ``TerminalEvent/quiet``
    /// when nothing comes in time.
    func nextEvent(timeout: Int?) throws -> TerminalEvent
}

/// Stage mode on a terminal: a ``StageSession`` fed the terminal's events, its actions done there:
/// the screen drawn, the band page told what the band sees, the songs played logged. With a
/// ``PlaylistWatch``, changes made to the playlist elsewhere show on the next key press (or within
/// a second), keeping the song shown. With a plan that has a start time, the screen follows the
/// clock: whether the band is ahead of the plan or behind it is redrawn every second.
public enum StageMode {
    /// Runs stage mode on `terminal` and returns the position shown last. `zone` is the
    /// reader's time zone and `now` the clock, for the plan's times and the gig log (tests give
    /// their own). With a `recorder`, the songs played are logged as they go (``GigRecorder``):
    /// the song the band is on, which is the one shown unless the leader looks ahead.
    @discardableResult
    public static func run(
        playlist: Playlist, startingAt position: Int, appearance: Appearance, notation: KeyNotation = .english,
        on terminal: some StageTerminal, watch: PlaylistWatch? = nil, zone: TimeZone = .current, now: () -> Date = Date.init,
        band: BandPageLink? = nil, recorder: GigRecorder? = nil, remark: String? = nil
    ) throws -> Int {
        var session = StageSession(
            playlist: playlist, position: position, notation: notation, size: terminal.size, zone: zone, leadsBand: band != nil,
            watching: watch != nil, remark: remark)
        let stage = Stage(terminal: terminal, appearance: appearance, band: band, recorder: recorder)
        var event = StageEvent.start
        while true {
            // The library is looked at whenever the session may show it: not when the show ends.
            let change = event == .end || event == .start ? nil : watch?.check()
            let moment = now()
            if let last = try stage.perform(session.handle(event, library: change, at: moment), at: moment) { return last }
            // A save of the gig log that failed, or reached it again, is said on the status line.
            if stage.logChanged, let last = try stage.perform(session.handle(.gigLog(problem: recorder?.problem), at: moment), at: moment) {
                return last
            }
            event = try stage.nextEvent(timeout: session.timeout)
        }
    }
}

/// Where stage mode's actions are done: the terminal, the band page, the gig log.
private final class Stage<Terminal: StageTerminal> {
    let terminal: Terminal
    let appearance: Appearance
    let band: BandPageLink?
    let recorder: GigRecorder?
    /// Whether what the gig log lacks changed with the last actions.
    private(set) var logChanged = false

    init(terminal: Terminal, appearance: Appearance, band: BandPageLink?, recorder: GigRecorder?) {
        (self.terminal, self.appearance, self.band, self.recorder) = (terminal, appearance, band, recorder)
    }

    /// Does `actions`; the position shown last when one ends the show.
    func perform(_ actions: [StageAction], at moment: Date) throws -> Int? {
        logChanged = false
        for action in actions {
            switch action {
            case .draw(let lines): try terminal.draw(lines.map { $0.rendered(appearance) })
            case .showAddress(let moment): try terminal.draw(band?.addressScreen(terminal.size, moment) ?? [])
            case .publish(let cue): band?.publish(cue)
            case .record(let copy):
                guard let recorder else { continue }
                let before = recorder.problem
                recorder.show(copy, at: moment)
                logChanged = logChanged || recorder.problem != before
            case .quit(let position):
                recorder?.finish(at: moment)
                return position
            }
        }
        return nil
    }

    /// The terminal's next event, as the session takes it.
    func nextEvent(timeout: Int?) throws -> StageEvent {
        switch try terminal.nextEvent(timeout: timeout) {
        case .input(let bytes): .input(bytes)
        case .quiet: .quiet
        case .resize: .resized(terminal.size)
        case .stop, .closed: .end
        }
    }
}
