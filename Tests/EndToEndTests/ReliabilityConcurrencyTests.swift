import CLITestSupport
import Foundation
import SeededRandom
import SetlistModel
import SetlistStore
import TestLevels
import Testing

/// Many `setlist` processes changing one library at once: the lock serialises them, so every
/// change of every process is there afterwards and every file parses. Every process is started
/// before the test waits for any, so they really run at the same time even on two cores.
@Suite(.tags(.endToEnd)) struct ReliabilityConcurrencyTests {
    /// Workers per kind, and commands per worker (`SETLIST_STRESS_WORKERS`, `SETLIST_STRESS_COMMANDS`;
    /// else 4 and 2, or 12 and 10 with SETLIST_STRESS=1).
    static let workers = TestSize.count(small: 4, full: 12, overriddenBy: "SETLIST_STRESS_WORKERS")
    static let commands = TestSize.count(small: 2, full: 10, overriddenBy: "SETLIST_STRESS_COMMANDS")

    @Test func concurrentProcessesLoseNoChange() throws {
        let library = try TemporaryLibrary()
        let workers = Self.workers, commands = Self.commands
        // The starting library is written in-process: only the concurrent changes need processes.
        for worker in 1...workers { try library.ok("add-song", "Source \(worker)", "--author", "Worker \(worker)") }
        try library.ok("new", "Concert")

        // Half the workers add songs, the other half copy their own source song into one playlist.
        let jobs: [[String]] =
            (1...workers).flatMap { worker in
                (1...commands).map { ["add-song", "W\(worker) song \($0)", "--bpm", "\(60 + $0)"] }
            }
            + (1...workers).flatMap { worker in
                (1...commands).map { _ in ["add", "Concert", "Source \(worker)"] }
            }
        // Readers check the library while it changes: they must never see half a change.
        let readers = max(1, workers / 4) * commands
        // Checks spread among the writes, so they start while the library changes.
        let spacing = max(1, jobs.count / readers)
        var all: [[String]] = []
        for (index, job) in jobs.enumerated() {
            all.append(job)
            if (index + 1) % spacing == 0 { all.append(["check"]) }
        }
        let started = try all.enumerated().map { index, arguments in try library.startBinary(arguments, output: "run-\(index)") }
        var failures: [String] = []
        for (arguments, run) in zip(all, started) {
            let result = try run.wait()
            if result.status != 0 { failures.append("\(arguments): \(result.stdout)\(result.stderr)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")

        let check = try library.run("check")
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let loaded = try LibraryStore(root: library.root).load()
        let names = Set(loaded.songs.map(\.name))
        for worker in 1...workers {
            for n in 1...commands { #expect(names.contains("W\(worker) song \(n)"), "lost W\(worker) song \(n)") }
        }
        #expect(loaded.songs.count == workers + workers * commands)
        let copies = try #require(loaded.playlists.first { $0.name == "Concert" }).copies
        #expect(copies.count == workers * commands)
        for worker in 1...workers {
            #expect(copies.filter { $0.name == "Source \(worker)" }.count == commands, "copies of Source \(worker)")
        }
        let checks = all.count - jobs.count
        print("concurrency: \(all.count) processes started at once, \(jobs.count) changes all present, \(checks) checks passed")
    }
}
