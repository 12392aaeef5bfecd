import CLITestSupport
import Foundation
import Testing

/// The real program exits with the status the command returned (SetlistCLITests check every
/// status in-process): 0, 1 with one line on standard error, 64 for a usage error.
@Suite struct ProgramExitTests {
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
@Suite struct OutputFailureTests {
    @Test func aFullDiskIsReported() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Highway to Hell")
        let process = Process()
        process.executableURL = try SetlistBinary.url()
        process.arguments = ["songs", "--json"]
        process.environment = ["SETLIST_HOME": lib.root.path, "PATH": "/usr/bin:/bin"]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.contains("Could not write the output"))
    }
}

/// `import -` stops reading at the size limit, so an endless stream is refused, not read forever.
@Suite struct EndlessInputTests {
    @Test func importFromAnEndlessStreamStopsAtTheLimit() throws {
        let lib = try TemporaryLibrary()
        let process = Process()
        process.executableURL = try SetlistBinary.url()
        process.arguments = ["import", "-"]
        process.environment = ["SETLIST_HOME": lib.root.path, "PATH": "/usr/bin:/bin"]
        process.standardInput = FileHandle(forReadingAtPath: "/dev/zero")
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.contains("standard input is more than 16.0 MiB"))
        #expect(!FileManager.default.fileExists(atPath: lib.root.path))
    }
}
