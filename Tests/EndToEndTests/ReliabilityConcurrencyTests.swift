import Foundation
import SetlistCore
import Testing

/// Many `setlist` processes changing one library at once: the lock serialises them, so every
/// change of every process is there afterwards and every file parses.
@Suite struct ReliabilityConcurrencyTests {
    /// Workers per kind, and commands per worker (`SETLIST_STRESS_WORKERS`, `SETLIST_STRESS_COMMANDS`).
    static let workers = ReliabilitySettings.integer("SETLIST_STRESS_WORKERS", default: 16)
    static let commands = ReliabilitySettings.integer("SETLIST_STRESS_COMMANDS", default: 25)

    @Test func concurrentProcessesLoseNoChange() throws {
        let library = try TemporaryLibrary()
        let workers = Self.workers, commands = Self.commands
        for worker in 1...workers { try library.ok("add-song", "Source \(worker)", "--author", "Worker \(worker)") }
        try library.ok("new", "Concert")

        // Half the workers add songs, the other half copy their own source song into one playlist.
        let jobs: [[String]] = (1...workers).flatMap { worker in
            (1...commands).map { ["add-song", "W\(worker) song \($0)", "--bpm", "\(60 + $0)"] }
        } + (1...workers).flatMap { worker in
            (1...commands).map { _ in ["add", "Concert", "Source \(worker)"] }
        }
        // Readers check the library while it changes: they must never see half a change.
        let readers = (1...max(1, workers / 4)).map { _ in Array(repeating: ["check"], count: commands) }
        let perWorker = stride(from: 0, to: jobs.count, by: commands).map { Array(jobs[$0..<min($0 + commands, jobs.count)]) } + readers
        let failures = Failures()
        // TemporaryLibrary holds only constants, so sharing it between threads is safe.
        nonisolated(unsafe) let shared = library
        DispatchQueue.concurrentPerform(iterations: perWorker.count) { index in
            for arguments in perWorker[index] {
                do {
                    let result = try shared.run(arguments)
                    if result.status != 0 { failures.add("\(arguments): \(result.stdout)\(result.stderr)") }
                } catch {
                    failures.add("\(arguments): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")

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
        print("concurrency: \(2 * workers) writing and \(readers.count) checking processes at once, \(2 * workers * commands) changes, all present, \(readers.count * commands) checks passed")
    }
}

/// Settings read from the environment, so the stress tests can be made longer by hand.
enum ReliabilitySettings {
    static func integer(_ name: String, default value: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap(Int.init).map { max(1, $0) } ?? value
    }

}

/// Failures collected from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ failure: String) {
        lock.lock()
        list.append(failure)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
