import Foundation
import SetlistModel
import SetlistStore
import SetlistSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One program run as a whole process, as a user would run it.
struct Job {
    var executable: String
    var arguments: [String]
    /// Run (not timed) before every timed run: puts back what the job changes.
    var prepare: [String]? = nil
    /// Runs on a terminal of its own (`setlist live`), which types `q` until it quits.
    var terminal = false

    var commandLine: String { commandLineWords.map(ShellWord.asNeeded).joined(separator: " ") }
}

/// The figures of one job: wall-clock milliseconds of each run, and the peak resident memory.
struct Timing: Encodable {
    var milliseconds: [Double]
    var peakMegabytes: Double

    var median: Double {
        let sorted = milliseconds.sorted()
        return sorted.isEmpty
            ? 0 : sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// Runs jobs: hyperfine when it is installed (and the job needs no terminal), else a loop of our
/// own that starts each run with posix_spawn and reads its time and peak memory back from wait4.
/// Either way the jobs of one comparison take turns, one run each, in an order reversed every
/// round (A B, B A, …): a shared machine drifts by a third within a minute, and runs of a command
/// and of its reference taken in blocks one after the other measured the drift as much as the
/// ratio.
struct Runner {
    var runs: Int
    var warmup: Int
    /// hyperfine's path, or nil for the loop of our own.
    var hyperfine: String?

    /// Times `jobs` together (a command and its reference). Each must succeed once first.
    func time(_ jobs: [Job]) throws -> [Timing] {
        for job in jobs { try check(job) }
        if let hyperfine, !jobs.contains(where: \.terminal) {
            let times = try timeWithHyperfine(jobs, hyperfine)
            // hyperfine 1.15 does not report memory: one more run of each for its peak.
            return try zip(jobs, times).map { job, times in Timing(milliseconds: times, peakMegabytes: try peak(job)) }
        }
        var timings = jobs.map { _ in Timing(milliseconds: [], peakMegabytes: 0) }
        for round in 0..<(warmup + runs) {
            for index in Self.order(of: jobs.count, inRound: round) {
                let run = try runOnce(jobs[index])
                guard round >= warmup else { continue }
                timings[index].milliseconds.append(run.milliseconds)
                timings[index].peakMegabytes = max(timings[index].peakMegabytes, run.peak)
            }
        }
        if Self.time != nil {
            for index in jobs.indices { timings[index].peakMegabytes = try peak(jobs[index]) }
        }
        return timings
    }

    /// Runs the job once, showing what went wrong when it fails.
    private func check(_ job: Job) throws {
        if let prepare = job.prepare { try Shell.run(prepare[0], Array(prepare.dropFirst()), what: "preparing \(job.commandLine)") }
        guard !job.terminal else { return }
        let result = try ChildProcess.run(job.executable, job.arguments)
        guard result.succeeded else {
            throw BenchmarkError("\(job.commandLine) failed (\(result.ending)): \(result.errorText)\(result.outputText.prefix(500))")
        }
    }

    /// The jobs' indices in the order round `round` runs them: reversed every other round.
    static func order(of count: Int, inRound round: Int) -> [Int] {
        round % 2 == 0 ? Array(0..<count) : Array((0..<count).reversed())
    }

    /// One hyperfine call per round, each job run once in it (after the warm-up, in the first).
    private func timeWithHyperfine(_ jobs: [Job], _ hyperfine: String) throws -> [[Double]] {
        let export = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-benchmarks-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: export) }
        struct Export: Decodable {
            struct Result: Decodable { var times: [Double] }
            var results: [Result]
        }
        var times = jobs.map { _ in [Double]() }
        for round in 0..<runs {
            let order = Self.order(of: jobs.count, inRound: round)
            var arguments = ["-N", "--style", "none", "--runs", "1", "--export-json", export.path]
            if round == 0 { arguments += ["--warmup", String(warmup)] }
            if jobs.contains(where: { $0.prepare != nil }) {
                for index in order {
                    arguments += ["--prepare", (jobs[index].prepare ?? ["true"]).map(ShellWord.asNeeded).joined(separator: " ")]
                }
            }
            arguments += order.map { jobs[$0].commandLine }
            try Shell.run(hyperfine, arguments, what: "hyperfine")
            let results = try JSONDecoder().decode(Export.self, from: Data(contentsOf: export)).results
            guard results.count == jobs.count else {
                throw BenchmarkError("hyperfine reported \(results.count) of \(jobs.count) commands.")
            }
            for (index, result) in zip(order, results) { times[index] += result.times.map { $0 * 1000 } }
        }
        return times
    }

    /// GNU time, which reports a program's own peak: a program started from this one would count
    /// this one's peak as its own (Linux carries it over the exec), time's child starts afresh.
    static let time: String? = FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil

    /// The peak resident memory of one run, in megabytes: through GNU time when it is there.
    func peak(_ job: Job) throws -> Double {
        guard let time = Self.time else { return try runOnce(job).peak }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-benchmarks-peak-\(getpid())")
        defer { try? FileManager.default.removeItem(at: report) }
        var timed = job
        timed.executable = time
        timed.arguments = ["-f", "%M", "-o", report.path, "--", job.executable] + job.arguments
        _ = try runOnce(timed)
        let text = try String(contentsOf: report, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let kilobytes = Double(text.split(separator: "\n").last ?? "") else { throw BenchmarkError("GNU time printed \(text)") }
        return kilobytes / 1024
    }

    /// One run: its wall-clock time from start to exit and its peak resident memory.
    func runOnce(_ job: Job) throws -> (milliseconds: Double, peak: Double) {
        if let prepare = job.prepare { try Shell.run(prepare[0], Array(prepare.dropFirst()), what: "preparing \(job.commandLine)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var terminal: PseudoTerminal?
        if job.terminal {
            let pty = try PseudoTerminal()
            for descriptor: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, descriptor, pty.name, O_RDWR, 0) }
            terminal = pty
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([job.executable] + job.arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let status = posix_spawn(&pid, job.executable, &actions, nil, argv, environ)
        guard status == 0 else { throw BenchmarkError("cannot start \(job.executable): \(String(cString: strerror(status)))") }
        var usage = rusage()
        var waitStatus: Int32 = 0
        if let terminal {
            // Types q every half millisecond: the first one after setlist took the terminal ends it.
            while wait4(pid, &waitStatus, WNOHANG, &usage) == 0 {
                terminal.type("q")
                usleep(500)
            }
        } else {
            while wait4(pid, &waitStatus, 0, &usage) < 0 && errno == EINTR {}
        }
        let end = DispatchTime.now().uptimeNanoseconds
        guard waitStatus & 0x7f == 0, (waitStatus >> 8) & 0xff == 0 else {
            throw BenchmarkError("\(job.commandLine) failed (wait status \(waitStatus)).")
        }
        return (Double(end - start) / 1_000_000, Double(usage.ru_maxrss) / 1024)
    }
}

/// A pseudo-terminal of 80 × 24 whose output is read and thrown away.
final class PseudoTerminal {
    let master: Int32
    let name: String

    init() throws {
        // posix_openpt, unlockpt and ptsname are hidden from Swift by Glibc's headers: their Linux ioctls.
        let unlock: UInt = 0x4004_5431, number: UInt = 0x8004_5430 // TIOCSPTLCK, TIOCGPTN
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var locked: Int32 = 0, index: UInt32 = 0
        guard master >= 0, ioctl(master, unlock, &locked) == 0, ioctl(master, number, &index) == 0 else {
            throw BenchmarkError("cannot open a pseudo-terminal.")
        }
        name = "/dev/pts/\(index)"
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(master) }

    /// Sends a key, after reading what the program drew (so it never blocks on a full terminal).
    func type(_ key: String) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while read(master, &buffer, buffer.count) > 0 {}
        _ = key.withCString { write(master, $0, strlen($0)) }
    }
}

/// Starting the tools the benchmark builds with.
enum Shell {
    static func run(_ program: String, _ arguments: [String], what: String) throws {
        _ = try output(program, arguments, what: what)
    }

    static func output(_ program: String, _ arguments: [String], what: String) throws -> String {
        guard let path = program.contains("/") ? program : find(program) else {
            throw BenchmarkError("\(what): \(program) is not installed.")
        }
        let result = try ChildProcess.run(path, arguments)
        guard result.succeeded else { throw BenchmarkError("\(what) failed (\(result.ending)):\n\(result.errorText)\(result.outputText)") }
        return result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The program's path on the PATH.
    static func find(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
