import CLITestSupport
import Foundation
import SeededRandom
import SetlistModel
import SetlistStore
import TestLevels
import Testing

@testable import SetlistSupport

/// Write-heavy commands killed with SIGKILL at random moments (a few dozen times by default,
/// hundreds with SETLIST_STRESS=1): after every kill the library loads and passes `setlist check`,
/// and every change whose command exited 0 is there at the end. The seed is printed;
/// SETLIST_SEED repeats the same choice of commands and moments.
@Suite(.tags(.endToEnd)) struct ReliabilityCrashTests {
    /// How many commands are started and killed (`SETLIST_CRASH_ITERATIONS`, else 24, or 400 at full size).
    static let iterations = TestSize.count(small: 24, full: 400, overriddenBy: "SETLIST_CRASH_ITERATIONS")

    /// What the test knows of a playlist it created.
    enum PlaylistState {
        case present(String)
        case absent, unknown
    }

    @Test func killedCommandsNeverDamageTheLibrary() throws {
        var random = seededGenerator(for: "killedCommandsNeverDamageTheLibrary")
        let library = try TemporaryLibrary()
        // A library large enough that reading, encoding and writing take a good part of a run.
        // Its ids come from the seed (those the killed commands make, in their own processes, do not).
        try withSeededIdentifiers(random.next()) {
            try LibraryStore(root: library.root).modify(command: "seed") { seed in
                for n in 1...400 {
                    seed.addSong(SongFields(name: "Seed \(n)", author: "Band \(n % 7)", length: 120 + n, bpm: 90, notes: "Notes \(n)"))
                }
                let index = try seed.addPlaylist(named: "Crash")
                try seed.insertCopies(of: Array(seed.songs.prefix(100)), into: index, at: nil)
            }
        }
        // The kill time adapts so that about half the commands are killed and half end first:
        // the kills then cluster around the moment commands write their files.
        var window = try Self.typicalDuration(library)
        // A small run adapts in bigger steps: a calibration slowed by other tests running beside it
        // must not leave every command finishing before its kill.
        let step = Self.iterations < 100 ? 0.15 : 0.04

        var songsAdded: [String] = [] // Names of songs whose add-song exited 0.
        var playlists: [Int: PlaylistState] = [:]
        var killed = 0, completed = 0, finished = 0, leftovers = 0
        for n in 1...Self.iterations {
            let known = playlists.compactMap { key, value in if case .present = value { key } else { nil } }.sorted()
            let command: [String]
            let kind = Int.random(in: 0..<10, using: &random)
            var onSuccess: () -> Void = {}
            var onKill: () -> Void = {}
            switch kind {
            case 0..<4:
                command = ["add-song", "K\(n)", "--to", "Crash", "--bpm", "100"]
                onSuccess = { songsAdded.append("K\(n)") }
            case 4..<6:
                command = ["new", "P\(n)", "Seed \(1 + n % 400)"]
                onSuccess = { playlists[n] = .present("P\(n)") }
                onKill = { playlists[n] = .unknown }
            case 6 where !known.isEmpty:
                let m = known.randomElement(using: &random)!
                guard case .present(let name) = playlists[m]! else { fatalError() }
                command = ["delete", name]
                onSuccess = { playlists[m] = .absent }
                onKill = { playlists[m] = .unknown }
            case 7 where !known.isEmpty:
                let m = known.randomElement(using: &random)!
                guard case .present(let name) = playlists[m]! else { fatalError() }
                command = ["rename", name, "R\(n)"]
                onSuccess = { playlists[m] = .present("R\(n)") }
                onKill = { playlists[m] = .unknown }
            default:
                command = ["edit-song", "Seed \(1 + n % 400)", "--bpm", "\(60 + n % 100)", "--notes", "Edited \(n)"]
            }
            let delay = window * Double.random(in: 0.5...1.1, using: &random)
            let status = try Self.runAndKill(command, library: library, after: delay)
            if status == 0 {
                completed += 1
                onSuccess()
                window *= 1 - step
            } else {
                #expect(status == -Int32(SIGKILL), "\(command) failed on its own with status \(status)")
                killed += 1
                onKill()
                window *= 1 + step
            }
            if n % 2 == 1 || n == Self.iterations {
                let check = try library.run("check", "--json")
                #expect(check.status == 0, "after \(command): \(check.stdout) \(check.stderr)")
                let report = try JSONSerialization.jsonObject(with: check.stdoutData) as? [String: Any] ?? [:]
                if report["finishedChange"] is String { finished += 1 }
                leftovers += (report["leftovers"] as? [Any])?.count ?? 0
            }
        }

        let loaded = try LibraryStore(root: library.root).load()
        let names = Set(loaded.songs.map(\.name))
        let crash = try #require(loaded.playlists.first { $0.name == "Crash" })
        let copied = Set(crash.copies.map(\.name))
        for name in songsAdded {
            #expect(names.contains(name), "\(name) was added (exit 0) but is missing")
            #expect(copied.contains(name), "\(name) was copied into Crash (exit 0) but is missing there")
        }
        let playlistNames = Set(loaded.playlists.map(\.name))
        for (n, state) in playlists {
            switch state {
            case .present(let name): #expect(playlistNames.contains(name), "playlist \(name) (from P\(n)) is missing")
            case .absent: #expect(!playlistNames.contains("P\(n)"), "playlist P\(n) was deleted but is back")
            case .unknown: break
            }
        }
        #expect(killed > 0 && completed > 0, "the kills should land both before and after commands end")
        print(
            "crash: \(Self.iterations) commands, \(killed) killed with SIGKILL, \(completed) finished first; "
                + "\(finished) interrupted changes finished by check, \(leftovers) temporary files left; "
                + "\(songsAdded.count) added songs all present")
    }

    /// How long an ordinary write command takes here, in seconds: the quickest of three, as the
    /// others may have waited for tests running beside this one.
    static func typicalDuration(_ library: TemporaryLibrary) throws -> Double {
        var quickest = Double.infinity
        for n in 1...3 {
            let start = Date()
            try library.okBinary("add-song", "Calibration \(n)", "--to", "Crash")
            quickest = min(quickest, Date().timeIntervalSince(start))
        }
        return quickest
    }

    /// Starts `setlist` and kills it with SIGKILL after `delay` seconds unless it ended first.
    /// Returns its exit status, or minus the signal that ended it.
    static func runAndKill(_ arguments: [String], library: TemporaryLibrary, after delay: Double) throws -> Int32 {
        let process = Process()
        process.executableURL = try SetlistBinary.url()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SETLIST_HOME"] = library.root.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try ChildProcess.start(process)
        usleep(useconds_t(delay * 1_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
    }
}
