import Foundation
import Testing

/// The library is found through --library (before or after the command), then $SETLIST_HOME,
/// then $XDG_DATA_HOME/setlist, then ~/.local/share/setlist.
@Suite struct LibraryLocationTests {
    @Test func optionBeforeOrAfterTheCommand() throws {
        let lib = try TemporaryLibrary()
        let other = lib.folder.appendingPathComponent("other").path
        try lib.ok("--library", other, "add-song", "Before")
        try lib.ok("add-song", "After", "--library", other)
        try lib.ok("--library=\(other)", "add-song", "Equals")
        let songs = try lib.ok("songs", "--library", other)
        #expect(songs.contains("Before") && songs.contains("After") && songs.contains("Equals"))
        #expect(!FileManager.default.fileExists(atPath: lib.root.path), "SETLIST_HOME was not used")
    }

    @Test func xdgAndHomeFallbacks() throws {
        let lib = try TemporaryLibrary()
        let xdg = lib.folder.appendingPathComponent("xdg")
        try #require(try lib.run(["add-song", "In XDG"], environment: ["SETLIST_HOME": "", "XDG_DATA_HOME": xdg.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: xdg.appendingPathComponent("setlist/songs.json").path))
        let home = lib.folder.appendingPathComponent("home")
        try #require(try lib.run(["add-song", "In home"], environment: ["SETLIST_HOME": "", "XDG_DATA_HOME": "", "HOME": home.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/setlist/songs.json").path))
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
