import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real terminal on standard input and output: raw mode, the alternate screen and a hidden
/// cursor while it is open, all put back by ``restore()`` (also on SIGINT, SIGTERM and SIGHUP,
/// which end the session through ``nextEvent(timeout:)``). SIGWINCH becomes a resize event.
///
/// All the terminal's system calls are in this file. Signals reach the loop through a pipe: the
/// handler only writes the signal's number to it (the self-pipe trick). It is a plain handler,
/// in place at once: a Dispatch signal source (used before) installed its own later, on another
/// thread, and a signal in between met SIG_IGN and was lost.
public final class Terminal: StageTerminal {
    private let input = STDIN_FILENO, output = STDOUT_FILENO
    private var original = termios()
    private var active = false
    private var signalPipe: [Int32] = [-1, -1]
    private var handling = false
    private static let handledSignals = [SIGWINCH, SIGINT, SIGTERM, SIGHUP]

    /// The signal that ended the session, if one did (so the program can exit with 128 + it).
    public private(set) var stopSignal: Int32?

    /// Takes over the terminal.
    /// - Throws: ``StageModeError/notATerminal`` when standard input or output is not a terminal.
    public init() throws {
        guard isatty(input) == 1, isatty(output) == 1, tcgetattr(input, &original) == 0 else { throw StageModeError.notATerminal }
        guard pipe(&signalPipe) == 0 else { throw StageModeError.terminal("cannot create a pipe (errno \(errno))") }
        // A full pipe drops a signal's byte rather than block the handler.
        _ = fcntl(signalPipe[1], F_SETFL, fcntl(signalPipe[1], F_GETFL) | O_NONBLOCK)
        signalWriteEnd.store(signalPipe[1], ordering: .relaxed)
        for signalNumber in Self.handledSignals { signal(signalNumber, forwardSignal) }
        handling = true
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        active = true
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            restore()
            throw StageModeError.terminal("cannot switch the terminal to raw mode (errno \(errno))")
        }
        // The alternate screen, cursor hidden, screen cleared.
        send("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    deinit { restore() }

    /// Leaves the alternate screen, shows the cursor and puts the terminal's settings back.
    /// Safe to call more than once.
    public func restore() {
        guard active || handling else { return }
        if active {
            send("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
            _ = tcsetattr(input, TCSAFLUSH, &original)
            active = false
        }
        for signalNumber in Self.handledSignals { signal(signalNumber, SIG_DFL) }
        signalWriteEnd.store(-1, ordering: .relaxed)
        handling = false
        for fd in signalPipe where fd >= 0 { close(fd) }
        signalPipe = [-1, -1]
    }

    /// The window size from the terminal (TIOCGWINSZ), 80×24 when it does not say.
    public var size: TerminalSize {
        var window = winsize()
        if ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
        }
        return TerminalSize(columns: 80, rows: 24)
    }

    /// Draws `lines` from the top row down.
    public func draw(_ lines: [String]) throws {
        // Each row addressed and erased on its own, so a full-width row never wraps or scrolls.
        var frame = ""
        for (index, line) in lines.enumerated() { frame += "\u{1B}[\(index + 1);1H\u{1B}[2K" + line }
        // Rows below the last line are cleared (there are none when the lines fill the screen).
        if lines.count < size.rows { frame += "\u{1B}[\(lines.count + 1);1H\u{1B}[J" }
        send(frame)
    }

    /// Waits for keys or a signal; `timeout` in milliseconds, nil to wait as long as it takes.
    public func nextEvent(timeout: Int?) throws -> TerminalEvent {
        var fds = [pollfd(fd: signalPipe[0], events: Int16(POLLIN), revents: 0), pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&fds, 2, Int32(timeout ?? -1))
            if ready < 0 {
                if errno == EINTR { continue }
                throw StageModeError.terminal("cannot wait for keys (errno \(errno))")
            }
            if ready == 0 { return .quiet }
            break
        }
        var buffer = [UInt8](repeating: 0, count: 256)
        if fds[0].revents & Int16(POLLIN) != 0 {
            let n = read(signalPipe[0], &buffer, 1)
            if n == 1 && Int32(buffer[0]) == SIGWINCH { return .resize }
            stopSignal = n == 1 ? Int32(buffer[0]) : SIGTERM
            return .stop
        }
        let n = read(input, &buffer, buffer.count)
        if n > 0 { return .input(Array(buffer[0..<n])) }
        if n < 0 && (errno == EINTR || errno == EAGAIN) { return .input([]) }
        return .closed
    }

    private func send(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(n)
        }
    }
}

/// The write end of the open terminal's signal pipe (-1: none), for ``forwardSignal(_:)``.
private let signalWriteEnd = Atomic<Int32>(-1)

/// The signal handler: writes the signal's number to the pipe, keeping `errno` as it was (only
/// async-signal-safe calls here).
private func forwardSignal(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    let fd = signalWriteEnd.load(ordering: .relaxed)
    if fd >= 0 { _ = write(fd, &byte, 1) }
    errno = saved
}
