import CLITestSupport
import Foundation
import SetlistCLI
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A change that was saved, whose report could not be written (standard output on a full disk),
/// is not a failure to run again, which would make it twice: setlist says it was saved, with an
/// exit status of its own. A command that only reads still fails as before.
@Suite struct LostReportTests {
    /// Runs `arguments` in-process with standard output on /dev/full, where every write fails
    /// (ENOSPC).
    static func runOnAFullDisk(_ lib: TemporaryLibrary, _ arguments: String...) throws -> RunResult {
        try runOnAFullDisk(lib, arguments)
    }

    static func runOnAFullDisk(_ lib: TemporaryLibrary, _ arguments: [String]) throws -> RunResult {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        var context = lib.context(arguments)
        context.output = OutputSink(fileDescriptor: full)
        let status = SetlistMain.run(arguments, context: context)
        return RunResult(status: status, stdoutData: Data(), stderr: context.errorOutput.text)
    }

    @Test func aSavedChangeWhoseReportIsLostSaysItWasSaved() throws {
        let lib = try TemporaryLibrary()
        let result = try Self.runOnAFullDisk(lib, "add-song", "Tune", "--author", "B")
        #expect(result.status == 74, "\(result.stderr)")
        #expect(
            result.stderr.contains("the change was saved; its report could not be written (No space left on device)"), "\(result.stderr)")
        #expect(!result.stderr.contains("run the command again"), "running it again would add the song twice")
        #expect(!result.stderr.contains("error:"))
        let songs = try #require(try JSONSerialization.jsonObject(with: lib.run("songs", "--json").stdoutData) as? [[String: Any]])
        #expect(songs.map { $0["name"] as? String } == ["Tune"], "the song was added once")

        // Undo is a change too.
        let undone = try Self.runOnAFullDisk(lib, "undo")
        #expect(undone.status == 74, "\(undone.stderr)")
        #expect(try lib.ok("songs").contains("No songs yet"))
    }

    @Test func aCommandThatOnlyReadsStillFails() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Tune")
        try lib.ok("new", "P", "Tune")
        for arguments in [["songs"], ["show"], ["undo", "--list"]] {
            let result = try Self.runOnAFullDisk(lib, arguments)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("Could not write the output (No space left on device)"), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("was saved"))
        }
    }

    /// A command that changed nothing saved nothing: running it again is harmless, and it fails
    /// as a command that only reads does.
    @Test func aChangeThatChangedNothingSavedNothing() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "P")
        let result = try Self.runOnAFullDisk(lib, "use", "P")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Could not write the output"))
    }

    /// The status is documented where the others are.
    @Test func theStatusIsDocumented() throws {
        let help = try TemporaryLibrary().ok("--help")
        #expect(help.contains("74"), "\(help)")
    }
}
