import SetlistCore

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
/// the user quits, the program is stopped or the terminal goes away.
public enum LiveSession {
    /// How long a lone Escape waits for the rest of a sequence, in milliseconds.
    static let escapeDelay = 40

    /// Runs stage mode on `terminal` and returns the position shown last.
    @discardableResult
    public static func run(
        playlist: Playlist, startingAt position: Int, appearance: Appearance, notation: KeyNotation = .english,
        on terminal: some LiveTerminal
    ) throws -> Int {
        var navigator = LiveNavigator(count: playlist.copies.count, position: position)
        var decoder = KeyDecoder()
        func draw() throws {
            let screen = LiveScreen(
                playlist: playlist, position: navigator.position, size: terminal.size, status: navigator.status, notation: notation)
            try terminal.draw(screen?.drawn(appearance) ?? [])
        }
        try draw()
        while true {
            let keys: [Key]
            switch try terminal.nextEvent(timeout: decoder.isWaiting ? escapeDelay : nil) {
            case .input(let bytes): keys = decoder.feed(bytes)
            case .quiet: keys = decoder.flush()
            case .resize:
                try draw()
                continue
            case .stop, .closed: return navigator.position
            }
            var changed = false
            for key in keys {
                switch navigator.handle(key) {
                case .quit: return navigator.position
                case .redraw: changed = true
                case .nothing: break
                }
            }
            if changed { try draw() }
        }
    }
}
