import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs another program to the end: what it gets on standard input, what it says on standard
/// output and error (both drained while it runs, so a talkative program cannot block), and how
/// it ended. The one place setlist and its tests start a program and wait for it.
public enum ChildProcess {
    /// How a program ended and what it said.
    public struct Result: Sendable, Equatable {
        /// The exit status, or the number of the signal that ended it.
        public var status: Int32
        /// Whether it exited by itself (else a signal ended it).
        public var exited: Bool
        public var output: Data
        public var errorOutput: Data
        /// Why setlist ended the program before it finished, if it did.
        public var stopped: Stop?

        public init(status: Int32, exited: Bool, output: Data, errorOutput: Data, stopped: Stop? = nil) {
            self.status = status
            self.exited = exited
            self.output = output
            self.errorOutput = errorOutput
            self.stopped = stopped
        }

        /// Exited with status 0 by itself.
        public var succeeded: Bool { exited && status == 0 && stopped == nil }
        /// "exit status 75" or "signal 9", for messages.
        public var ending: String { exited ? "exit status \(status)" : "signal \(status)" }
        /// Standard output as text.
        public var outputText: String { String(decoding: output, as: UTF8.self) }
        /// Standard error as text.
        public var errorText: String { String(decoding: errorOutput, as: UTF8.self) }
    }

    /// Why setlist ended a program (and its process group) before it finished.
    public enum Stop: Sendable, Equatable, CustomStringConvertible {
        /// It ran longer than the timeout, in seconds.
        case timedOut(seconds: Double)
        /// setlist itself was interrupted (Ctrl-C) or told to end, with this signal.
        case interrupted(signal: Int32)

        public var description: String {
            switch self {
            case .timedOut(let seconds):
                "it did not finish within \(seconds.formatted(.number.precision(.fractionLength(0...1)))) seconds"
            case .interrupted(let signal):
                "setlist was \(signal == SIGINT ? "interrupted (Ctrl-C)" : "told to stop (signal \(signal))") while it ran"
            }
        }
    }

    /// How long a stopped program's process group gets between SIGTERM and SIGKILL.
    public static let gracePeriod = 2.0

    /// A program that could not be started: which, and why.
    public struct StartError: Error, Equatable, Sendable, CustomStringConvertible {
        public var program: String
        public var reason: String
        public var description: String { "Cannot run \(program): \(reason)" }
    }

    /// Runs `executable` with `arguments` and waits for it to end.
    /// - Parameters:
    ///   - input: written to its standard input, which is then closed; without it, standard
    ///     input is empty (/dev/null). A program that exits without reading it all is fine.
    ///   - environment: its whole environment; nil for this process's own.
    ///   - folder: its working folder; nil for this process's own.
    ///   - timeout: seconds it may run; nil to wait as long as it takes. The program runs in a
    ///     process group of its own; when the time passes, or when setlist gets SIGINT or
    ///     SIGTERM meanwhile, the whole group is ended (SIGTERM, then SIGKILL after a grace
    ///     period) and ``Result/stopped`` says why: nothing it started is left behind.
    ///   - gracePeriod: seconds between that SIGTERM and the SIGKILL.
    /// - Throws: ``StartError`` when it cannot be started (not found, not executable).
    public static func run(
        _ executable: String, _ arguments: [String] = [], input: Data? = nil,
        environment: [String: String]? = nil, folder: URL? = nil,
        timeout: Double? = nil, gracePeriod: Double = gracePeriod
    ) throws(StartError) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe(), errors = Pipe()
        let inputPipe = input.map { _ in Pipe() }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        if inputPipe != nil {
            // A program may exit without reading everything: the write must then fail, not kill us.
            signal(SIGPIPE, SIG_IGN)
        }
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        // While it runs, Ctrl-C and SIGTERM end it rather than leave it behind as an orphan
        // (Foundation starts it in a process group of its own, which the terminal's Ctrl-C misses).
        if timeout != nil { SignalWatcher.begin() }
        do {
            try start(process)
        } catch {
            if timeout != nil { SignalWatcher.end() }
            throw StartError(program: executable, reason: error.localizedDescription)
        }
        // Each pipe on a thread of its own, not on Dispatch's shared pool: these block until the
        // program ends, and with many programs running at once (tests run in parallel) the pool's
        // threads can all be taken, leaving a program waiting for the end of its input forever.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        onThread(group) { outData = output.fileHandleForReading.readDataToEndOfFile() }
        onThread(group) { errData = errors.fileHandleForReading.readDataToEndOfFile() }
        if let inputPipe, let input {
            // Written aside: a program that never reads must not block the wait below.
            let writer = inputPipe.fileHandleForWriting
            onThread(nil) {
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
        }
        var stopped: Stop?
        if let timeout {
            let deadline = DispatchTime.now() + timeout
            while ended.wait(timeout: min(deadline, .now() + 0.05)) == .timedOut {
                if let signal = SignalWatcher.received {
                    stopped = .interrupted(signal: signal)
                } else if DispatchTime.now() >= deadline {
                    stopped = .timedOut(seconds: timeout)
                }
                guard stopped == nil else { break }
            }
            if stopped != nil { endGroup(of: process, ended: ended, gracePeriod: gracePeriod) }
            SignalWatcher.end()
        } else {
            ended.wait()
        }
        // A grandchild that left the group may still hold the pipes open; do not wait for it forever.
        _ = group.wait(timeout: stopped == nil ? .distantFuture : .now() + gracePeriod)
        return Result(
            status: process.terminationStatus, exited: process.terminationReason == .exit,
            output: outData, errorOutput: errData, stopped: stopped)
    }

    /// Runs `body` on a new thread, in `group` when one is given.
    private static func onThread(_ group: DispatchGroup?, _ body: @escaping @Sendable () -> Void) {
        group?.enter()
        Thread.detachNewThread {
            body()
            group?.leave()
        }
    }

    /// Runs `executable` on setlist's own terminal and waits for it: a program the user works in,
    /// like an editor. It runs in setlist's process group, the terminal's foreground one, so that
    /// it may read the keyboard (Foundation starts a program in a group of its own, where an
    /// editor reading the terminal is stopped). Ctrl-C goes to it, and setlist lives on until it
    /// ends, as git does for an editor: the program decides what Ctrl-C means, and setlist tidies
    /// up after it. Its output is not captured; ``Result/stopped`` tells of a SIGTERM meanwhile.
    /// - Throws: ``StartError`` when it cannot be started.
    public static func runOnTerminal(
        _ executable: String, _ arguments: [String], environment: [String: String]
    ) throws(StartError) -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Only the terminal is passed on: a library's lock must not live on in a program the
        // editor leaves behind (glibc passes over the descriptors closed meanwhile).
        for descriptor in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap({ Int32($0) }) ?? []
        where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), usual = sigset_t()
        sigemptyset(&none)
        sigemptyset(&usual)
        for number in [SIGINT, SIGQUIT, SIGTERM, SIGPIPE] { sigaddset(&usual, number) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &usual)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // Caught, not ignored: a program started meanwhile would inherit an ignored signal.
        SignalWatcher.begin()
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            SignalWatcher.end()
            throw StartError(program: executable, reason: String(cString: strerror(spawned)))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Ctrl-C is the program's; being told to stop, or the terminal closing, is setlist's too.
        let received = SignalWatcher.received
        let stopped = received.flatMap { $0 == SIGTERM || $0 == SIGHUP ? Stop.interrupted(signal: $0) : nil }
        SignalWatcher.end()
        // A closed terminal sends its hang-up more than once: the next must not end setlist before
        // it has tidied up after the program.
        if received == SIGHUP { signal(SIGHUP, SIG_IGN) }
        // WIFEXITED and friends, which Swift does not import: the low 7 bits are the signal.
        let signal = status & 0x7F
        return Result(
            status: signal == 0 ? (status >> 8) & 0xFF : signal, exited: signal == 0, output: Data(), errorOutput: Data(),
            stopped: stopped)
    }

    /// Starts `process` with no signal blocked, whatever the calling thread blocks: a child
    /// inherits its starter's signal mask, and a mail program started with SIGTERM blocked
    /// cannot be ended before the grace period runs out. (Foundation spawns on this thread.)
    public static func start(_ process: Process) throws {
        var none = sigset_t(), previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
    }

    /// Whether process `pid` still runs, waiting up to two seconds for one just killed to go (a
    /// zombie waiting for its parent counts as gone). For checking that nothing was left behind.
    public static func isRunning(_ pid: Int32) -> Bool {
        func runningNow() -> Bool {
            guard kill(pid, 0) == 0 else { return false }
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            guard let close = stat.lastIndex(of: ")") else { return false }
            return !stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
        }
        for _ in 0..<40 where runningNow() { usleep(50_000) }
        return runningNow()
    }

    /// Ends the program's process group: SIGTERM, then SIGKILL if it is still there after the
    /// grace period, and waits for the program itself.
    private static func endGroup(of process: Process, ended: DispatchSemaphore, gracePeriod: Double) {
        let group = process.processIdentifier
        kill(-group, SIGTERM)
        if ended.wait(timeout: .now() + gracePeriod) == .timedOut {
            kill(-group, SIGKILL)
            ended.wait()
        } else {
            // The leader is gone; anything else in its group still gets the final word.
            kill(-group, SIGKILL)
        }
    }
}

/// Catches SIGINT, SIGTERM and SIGHUP while a child runs, instead of dying and leaving it behind.
///
/// A plain handler that stores the signal, in place before the child starts: a Dispatch signal
/// source (used before) installs its handler later, on another thread, and a signal arriving in
/// between met SIG_IGN and was lost. Runs side by side (tests start children at once) share the
/// handler: the first ``begin()`` installs it, the last ``end()`` puts the previous ones back.
private enum SignalWatcher {
    private struct Shared {
        var watchers = 0
        var previous: [(Int32, sighandler_t?)] = []
    }
    private static let shared = Mutex(Shared())

    static func begin() {
        shared.withLock { shared in
            shared.watchers += 1
            guard shared.watchers == 1 else { return }
            caughtSignal.store(0, ordering: .relaxed)
            for number in [SIGINT, SIGTERM, SIGHUP] {
                let before = Glibc.signal(number, recordSignal)
                // A signal ignored already (a job started with nohup or in the background) stays so.
                if let before, unsafeBitCast(before, to: Int.self) == 1 {
                    Glibc.signal(number, SIG_IGN)
                    continue
                }
                shared.previous.append((number, before))
            }
        }
    }

    /// The first signal received since the first ``begin()``, if any.
    static var received: Int32? {
        let number = caughtSignal.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    static func end() {
        shared.withLock { shared in
            shared.watchers -= 1
            guard shared.watchers == 0 else { return }
            for (number, handler) in shared.previous { Glibc.signal(number, handler) }
            shared.previous = []
        }
    }
}

/// The signal `recordSignal` caught (0: none); an atomic store is safe in a signal handler.
private let caughtSignal = Atomic<Int32>(0)

private func recordSignal(_ number: Int32) {
    _ = caughtSignal.compareExchange(expected: 0, desired: number, ordering: .relaxed)
}
