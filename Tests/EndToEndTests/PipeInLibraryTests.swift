import CLITestSupport
import Foundation
import TestLevels
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A named pipe where a library file belongs (made by mistake, or by a hostile hand): every command
/// says so and ends at once, never waiting for a writer nor writing into the pipe. In a process of
/// its own, so that a command that does wait is killed and the test fails instead of hanging.
@Suite(.tags(.endToEnd)) struct PipeInLibraryTests {
    /// The library after `changes`, with `file` (created by the last of them) replaced by a pipe.
    func library(_ changes: [[String]], pipeFor file: String) throws -> TemporaryLibrary {
        let lib = try TemporaryLibrary()
        for change in changes { try #require(try lib.run(change).status == 0, "setlist \(change)") }
        let path = lib.root.appendingPathComponent(file).path
        try FileManager.default.removeItem(atPath: path)
        try #require(mkfifo(path, 0o644) == 0)
        return lib
    }

    /// Runs the binary and gives what it did, or nil when it was still running after 20 s (then killed).
    func finished(_ lib: TemporaryLibrary, _ arguments: [String], _ name: String) throws -> RunResult? {
        let run = try lib.startBinary(arguments, output: name)
        let deadline = Date().addingTimeInterval(20)
        while run.process.isRunning && Date() < deadline { usleep(20_000) }
        if run.process.isRunning { kill(run.process.processIdentifier, SIGKILL) }
        let result = try run.wait()
        return run.process.terminationReason == .uncaughtSignal ? nil : result
    }

    @Test(arguments: [
        ([["add-song", "Highway to Hell"]], "songs.json", ["songs"]),
        // show skims the song list for the originals of its copies.
        ([["add-song", "Highway to Hell"], ["new", "Koncert", "Highway to Hell"]], "songs.json", ["show", "Koncert"]),
        ([["add-song", "Highway to Hell"], ["new", "Koncert", "Highway to Hell"]], "playlists.json", ["show", "Koncert"]),
        ([["add-song", "Highway to Hell"], ["new", "Koncert", "Highway to Hell"]], "playlists.json", ["playlists"]),
    ])
    func aReadingCommandNamesThePipe(changes: [[String]], file: String, command: [String]) throws {
        let lib = try library(changes, pipeFor: file)
        let result = try #require(try finished(lib, command, "read"), "setlist \(command) waited on the pipe")
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(file): It is a named pipe, not a file."), "\(result.stderr)")
    }

    /// The last change created the file, so a pipe taken for a missing file would be a change to
    /// finish (by writing into the pipe), and the order file one to rebuild.
    @Test(arguments: ["songs.json", "playlists.json"])
    func checkRepairAndUndoLeaveThePipeAlone(file: String) throws {
        let changes = file == "songs.json" ? [["add-song", "Highway to Hell"]] : [["add-song", "Highway to Hell"], ["new", "Koncert"]]
        let lib = try library(changes, pipeFor: file)
        let repair = try #require(try finished(lib, ["check", "--repair"], "repair"), "check --repair waited on the pipe")
        #expect(repair.status == 1)
        #expect(repair.stdout.contains("\(file): It is a named pipe, not a file."), "\(repair.stdout)")
        let undo = try #require(try finished(lib, ["undo"], "undo"), "undo waited on the pipe")
        #expect(undo.status == 1)
        #expect(undo.stderr.contains("\(file) changed since"), "\(undo.stderr)")
        var info = stat()
        #expect(stat(lib.root.appendingPathComponent(file).path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }
}
