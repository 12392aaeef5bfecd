import Foundation
import Testing

@testable import SetlistModel
@testable import SetlistStore
@testable import SetlistSupport

/// Reading takes the library's shared lock without creating the lock file (issue 13), and stays
/// consistent with a writer that starts while it reads.
@Suite final class ReadLockTests {
    let folder: URL
    let store: LibraryStore
    var lock: URL { folder.appendingPathComponent(LibraryFiles.lock) }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-read-lock-" + UUID().uuidString)
        store = LibraryStore(root: folder)
        try store.modify { library in library.addSong(SongFields(name: "A")) }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func readingALibraryWithoutALockFileLeavesNoneBehind() throws {
        try FileManager.default.removeItem(at: lock)
        #expect(try store.load().songs.map(\.name) == ["A"])
        #expect(try store.check().isSound)
        #expect(!FileManager.default.fileExists(atPath: lock.path))
    }

    /// A writer that creates the lock file while an unlocked read runs: the read runs again, under
    /// the lock, so it never keeps a library read half-way through a change.
    @Test func aWriterStartingDuringAnUnlockedReadMakesTheReadRunAgainLocked() throws {
        try FileManager.default.removeItem(at: lock)
        var runs = 0
        let result = try store.reading { () throws(LibraryError) -> Int in
            runs += 1
            if runs == 1 { FileManager.default.createFile(atPath: lock.path, contents: nil) }
            return runs
        }
        #expect(result == 2)
    }

    /// With a lock file, the read waits for a writer holding it (released from a thread of its
    /// own, not a task: the read blocks its thread).
    @Test func aReadWaitsForAWriterThatHoldsTheLock() throws {
        nonisolated(unsafe) let writer = try FileLock(exclusive: lock)
        let started = Date()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.3)
            writer.unlock()
        }
        _ = try store.load()
        #expect(Date().timeIntervalSince(started) >= 0.25)
    }

    /// A change with a timeout (stage mode's gig log) does not wait for ever on a lock another
    /// program holds: it says so and changes nothing; once the lock is free it goes through.
    @Test func aChangeWithATimeoutGivesUpOnAHeldLock() throws {
        let before = try store.load()
        let writer = try FileLock(exclusive: lock)
        var run = ChangeRun()
        let error = #expect(throws: LibraryError.self) {
            try store.modify(.everything, command: "gig", run: &run, lockTimeout: 0.1) { library in library.addSong(SongFields(name: "B")) }
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("another setlist has held the library's lock for over 0.1 s"))
        writer.unlock()
        #expect(try store.load() == before)
        try store.modify(.everything, command: "gig", run: &run, lockTimeout: 0.1) { library in library.addSong(SongFields(name: "B")) }
        #expect(try store.load().songs.map(\.name) == ["A", "B"])
    }
}
