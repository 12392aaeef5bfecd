import CLITestSupport
import Foundation
import SetlistModel
import SetlistStore
import TestLevels
import Testing

@testable import SetlistSupport

/// The real program exits with the status the command returned (SetlistCLITests check every
/// status in-process): 0, 1 with one line on standard error, 64 for a usage error.
@Suite(.tags(.endToEnd)) struct ProgramExitTests {
    @Test func exitStatusesOfTheRealProgram() throws {
        let lib = try TemporaryLibrary()
        let added = try lib.runBinary("add-song", "Highway to Hell")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Added 'Highway to Hell'"))
        let before = try lib.snapshot()
        let failed = try lib.runBinary("song", "Nothing")
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("setlist: error: No song matches 'Nothing'"))
        #expect(failed.stdout.isEmpty)
        let usage = try lib.runBinary("frobnicate")
        #expect(usage.status == 64)
        #expect(!usage.stderr.isEmpty)
        #expect(try lib.snapshot() == before)
    }
}

/// Output that cannot be written (a full disk) is an error, not a silent success.
@Suite(.tags(.endToEnd)) struct OutputFailureTests {
    @Test func aFullDiskIsReported() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Highway to Hell")
        let (status, message) = try runWithDevices(
            lib, ["songs", "--json"], input: nil, output: try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full")))
        #expect(status == 1)
        #expect(message.contains("Could not write the output"))
    }
}

/// `import -` stops reading at the size limit, so an endless stream is refused, not read forever.
@Suite(.tags(.endToEnd)) struct EndlessInputTests {
    @Test func importFromAnEndlessStreamStopsAtTheLimit() throws {
        let lib = try TemporaryLibrary()
        let (status, message) = try runWithDevices(
            lib, ["import", "-"], input: FileHandle(forReadingAtPath: "/dev/zero"), output: FileHandle.nullDevice)
        #expect(status == 1)
        #expect(message.contains("standard input is more than 16.0 MiB"))
        #expect(!FileManager.default.fileExists(atPath: lib.root.path))
    }
}

/// Runs the binary with a device as standard input or output (what `runBinary`'s pipes cannot
/// stand in for) and returns its exit status and standard error.
private func runWithDevices(
    _ lib: TemporaryLibrary, _ arguments: [String], input: FileHandle?, output: FileHandle
) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = try SetlistBinary.url()
    process.arguments = arguments
    process.environment = ["SETLIST_HOME": lib.root.path, "PATH": "/usr/bin:/bin"]
    if let input { process.standardInput = input }
    process.standardOutput = output
    let err = Pipe()
    process.standardError = err
    try ChildProcess.start(process)
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, message)
}
