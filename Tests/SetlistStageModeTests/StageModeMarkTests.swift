import Foundation
import Testing

@testable import SetlistStageMode

/// Another stage mode on the same setlist is found by the lock its mark holds; a mark left by one
/// that ended is removed, and one of another setlist is not counted.
@Suite struct StageModeMarkTests {
    @Test func anotherStageModeIsFoundAndALeftoverMarkRemoved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mark = StageModeMark(folder: folder, library: "/band/library", playlistID: "koncert")
        defer { mark.remove() }
        #expect(mark.others().isEmpty)
        let own = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let prefix = String(own.dropLast(String(getpid()).count))
        // A stage mode still running (another process holds its lock), one that crashed (nobody
        // does), and one on another setlist.
        let running = folder.appendingPathComponent(prefix + "4242").path, crashed = folder.appendingPathComponent(prefix + "4343").path
        FileManager.default.createFile(atPath: running, contents: nil)
        FileManager.default.createFile(atPath: crashed, contents: nil)
        let other = StageModeMark(folder: folder, library: "/band/library", playlistID: "rehearsal")
        defer { other.remove() }
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [running, "sleep", "30"]
        try holder.run()
        defer { holder.terminate() }
        // Until flock holds the lock.
        let deadline = Date().addingTimeInterval(10)
        while mark.others().isEmpty, Date() < deadline {
            FileManager.default.createFile(atPath: crashed, contents: nil)
            usleep(20_000)
        }
        #expect(mark.others() == [4242])
        #expect(!FileManager.default.fileExists(atPath: crashed), "a mark nobody holds is removed")
        mark.remove()
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(own).path))
    }
}
