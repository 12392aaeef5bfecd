import CLITestSupport
import Foundation
import Testing

/// Bad input gets one clear line on standard error, exit status 1 (64 for usage), and the library
/// unchanged.
@Suite struct BadInputTests {
    func library() throws -> TemporaryLibrary {
        try TemporaryLibrary.fixture("BadInputTests") { lib in
            try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC")
            try lib.ok("add-song", "Same", "--author", "One")
            try lib.ok("add-song", "Same", "--author", "Two")
            try lib.ok("new", "Koncert", "Highway to Hell")
        }
    }

    @Test(arguments: [
        (["add-song", "X", "--length", "2:75"], "is not a length"),
        (["add-song", "X", "--key", "Hx"], "is not a key"),
        (["add-song", "X", "--bpm", "fast"], "is not a tempo"),
        (["add-song", "", "--author", "x"], "empty"),
        (["song", "Nothing"], "No song matches 'Nothing'"),
        (["song", "same"], "matches 2 songs"),
        (["show", "Nope"], "No playlist named 'Nope'"),
        (["new", "KONCERT"], "already exists"),
        (["add", "Koncert", "Nothing"], "No song matches"),
        (["remove", "Koncert", "5"], "out of range"),
        (["move", "Koncert", "1", "9"], "out of range"),
        (["break", "--after", "7"], "out of range"),
        (["edit-song", "Highway to Hell", "--in", "Koncert", "--key", "Q"], "is not a key"),
        (["move-song", "Same", "--to", "1"], "matches 2 songs"),
        (["move-playlist", "Koncert", "--to", "3"], "out of range"),
        (["remove-contact", "Nobody"], "No contact matches"),
        (["rename", "Koncert", "a\u{1B}[31mred"], "control character"),
    ])
    func failsWithOneClearLineAndChangesNothing(arguments: [String], message: String) throws {
        let lib = try library()
        let before = try lib.snapshot()
        let result = try lib.run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.hasPrefix("setlist: error: "))
        #expect(result.stdout.isEmpty)
        #expect(try lib.snapshot() == before)
    }

    @Test func everyBadValueIsReportedAtOnce() throws {
        let lib = try library()
        let result = try lib.run("add-song", "X", "--length", "abc", "--key", "Q", "--bpm", "0")
        #expect(result.status == 1)
        #expect(result.stderr.contains("not a length"))
        #expect(result.stderr.contains("not a key"))
        #expect(result.stderr.contains("not a tempo"))
    }

    @Test(arguments: [
        ["add-song"], ["move", "1"], ["frobnicate"], ["songs", "--bogus"], ["edit-song", "Same"], ["remove-song"],
        ["add-song", "X", "--at", "2"],
    ])
    func usageErrorsExit64(arguments: [String]) throws {
        let lib = try library()
        let before = try lib.snapshot()
        let result = try lib.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(!result.stderr.isEmpty)
        #expect(try lib.snapshot() == before)
    }

    @Test func brokenLibraryFileIsReportedAndNeverOverwritten() throws {
        let lib = try library()
        let path = lib.root.appendingPathComponent("songs.json")
        let broken = "{ \"format\": \"setlist-songs\", \"version\": 1, \"songs\": [ { \"id\": \n"
        try broken.write(to: path, atomically: true, encoding: .utf8)
        let result = try lib.run("add-song", "New")
        #expect(result.status == 1)
        #expect(result.stderr.contains(path.path))
        #expect(result.stderr.contains("line "))
        #expect(try String(contentsOf: path, encoding: .utf8) == broken)
    }

    @Test func helpListsEveryCommand() throws {
        let lib = try TemporaryLibrary()
        let help = try lib.run("--help")
        #expect(help.status == 0)
        for command in [
            "add-song", "songs", "song", "edit-song", "remove-song", "move-song", "new", "playlists", "show", "add", "remove", "move",
            "break", "rename", "duplicate", "delete", "move-playlist", "use", "add-contact", "contacts", "remove-contact",
        ] {
            #expect(help.stdout.contains("  \(command) "), "\(command) missing from --help")
        }
    }
}
