import CLITestSupport
import Foundation
import Testing

/// A command that asks for what is already so says that nothing changed, writes nothing and
/// leaves no step to undo (issue 13: it used to print "Changed …" or "Moved …").
@Suite struct NothingChangedTests {
    func band() throws -> TemporaryLibrary {
        try TemporaryLibrary.fixture("NothingChangedTests") { lib in
            try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--bpm", "250", "--key", "C minor")
            try lib.ok("add-song", "Stairway to Heaven", "--bpm", "80")
            try lib.ok("new", "Koncert", "Highway to Hell", "Stairway to Heaven")
            try lib.ok("new", "Zkouška")
        }
    }

    @Test(arguments: [
        (["edit-song", "Highway to Hell", "--bpm", "250"], "Nothing changed: 'Highway to Hell' by AC/DC already has the bpm asked for."),
        (
            ["edit-song", "Highway to Hell", "--key", "Cm", "--everywhere"],
            "Nothing changed: 'Highway to Hell' by AC/DC already has the key asked for."
        ),
        (["edit-song", "Stairway to Heaven", "--notes", ""], "Nothing changed: 'Stairway to Heaven' already has the notes asked for."),
        (["edit-song", "1", "--in", "Koncert", "--bpm", "250"], "Nothing changed: song 1 in 'Koncert' already has the bpm asked for."),
        (["move", "Koncert", "2", "2"], "Nothing changed: 'Stairway to Heaven' is already at position 2 in 'Koncert'."),
        (["move-song", "Highway to Hell", "--to", "1"], "Nothing changed: 'Highway to Hell' by AC/DC is already at position 1."),
        (["move-playlist", "Zkouška", "--to", "2"], "Nothing changed: 'Zkouška' is already at position 2."),
        (["rename", "Koncert", "Koncert"], "Nothing changed: the playlist is already named 'Koncert'."),
        (
            ["transpose", "Koncert", "1", "--to", "Cm"],
            "Nothing changed: 'Highway to Hell' (song 1 in 'Koncert') is already in C minor."
        ),
    ])
    func sayingNothingChangedWritesNothing(arguments: [String], message: String) throws {
        let lib = try band()
        let before = try lib.snapshot()
        let steps = try lib.ok("undo", "--list")
        let result = try lib.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == message + "\n")
        #expect(try lib.snapshot() == before)
        #expect(try lib.ok("undo", "--list") == steps)
    }

    /// Part of an edit that changes something names only what changed.
    @Test func anEditNamesOnlyTheFieldsThatChanged() throws {
        let lib = try band()
        let output = try lib.ok("edit-song", "Highway to Hell", "--bpm", "250", "--key", "D minor")
        #expect(output.hasPrefix("Changed key of 'Highway to Hell' by AC/DC"), "\(output)")
    }

    /// The end of a playlist is a place to copy songs to: one past the last song.
    @Test func copyingInAtTheEndIsAcceptedAndThePositionsAreNamed() throws {
        let lib = try band()
        try lib.ok("add", "Koncert", "Stairway to Heaven", "--at", "3")
        #expect(try lib.json("show", "Koncert", "--json")["count"] as? Int == 3)
        for arguments in [["add", "Koncert", "Stairway to Heaven", "--at", "5"], ["add-song", "New", "--to", "Koncert", "--at", "0"]] {
            let result = try lib.run(arguments)
            #expect(result.status == 1)
            #expect(
                result.stderr.contains("'Koncert' has 3 songs. Type a position from 1 to 4 (4 adds at the end)."), "\(result.stderr)")
        }
        // Moving has no such place: the positions are the songs'.
        #expect(try lib.run("move", "Koncert", "1", "4").stderr.contains("Type a position from 1 to 3."))
    }
}
