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
        (["add-song", "X", "--length", "-3"], "A length cannot be negative (\"-3\")"),
        (["edit-song", "Highway to Hell", "--length", "-2:20"], "A length cannot be negative"),
        (["add-song", "X", "--bpm", "-120"], "\"-120\" is not a tempo"),
        (["break", "--after", "1", "--length", "-15m"], "A length cannot be negative"),
        (["plan", "--gap", "-20s"], "A length cannot be negative"),
        (["add-song", "X", "--length", "-0"], "\"-0\" is not a length"),
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

    /// "The notes" are plural; the messages say so, and name the character in full (U+0001).
    @Test func notesAreSpokenOfInThePlural() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "A")
        let control = try lib.run("edit-song", "A", "--notes", "a\u{1}b")
        #expect(control.stderr.contains("The notes contain the control character U+0001. Remove it"), "\(control.stderr)")
        let long = try lib.run("edit-song", "A", "--notes", String(repeating: "x", count: 100_001))
        #expect(long.stderr.contains("The notes are too long. Keep them to 100000 characters at most."), "\(long.stderr)")
        let name = try lib.run("add-song", "a\nb")
        #expect(name.stderr.contains("The song name contains the control character U+000A."), "\(name.stderr)")
    }

    /// An invisible character quoted in a message is named as the message names it (U+000A),
    /// not in a second, shorter notation.
    @Test func invisibleCharactersAreNamedOneWay() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "Koncert")
        let result = try lib.run("share", "--to", "a\nb@example.com", "--from", "c@example.com", "--eml", "x.eml")
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("Cannot use \"a[U+000A]b@example.com\" as an email address: it contains the control character U+000A."),
            "\(result.stderr)")
        #expect(try lib.run("add-contact", "X", "a\u{202E}b@example.com").stderr.contains("\"a[U+202E]b@example.com\""))
    }

    /// A field of the wrong type in a hand-edited file: the message names the file, the field and
    /// what is there, in words a person knows (not Swift's "Expected to decode Int…").
    @Test(arguments: [
        (#""bpm": "fast""#, #"at songs[0].bpm: expected a number, found the text "fast"."#),
        (#""bpm": true"#, "at songs[0].bpm: expected a number, found true."),
        (#""length": 2.5"#, "at songs[0].length: expected a whole number, found 2.5."),
        (#""name": 7"#, "at songs[0].name: expected text, found the number 7."),
        (#""key": ["C"]"#, "at songs[0].key: expected text, found a list."),
    ])
    func aFieldOfTheWrongTypeIsNamedInWords(field: String, message: String) throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "A")
        let path = lib.root.appendingPathComponent("songs.json")
        var text = try String(contentsOf: path, encoding: .utf8)
        text = text.replacingOccurrences(of: #""name" : "A""#, with: #""name" : "A", "# + field)
        if field.hasPrefix(#""name""#) { text = text.replacingOccurrences(of: #""name" : "A", "#, with: "") }
        try text.write(to: path, atomically: true, encoding: .utf8)
        for arguments in [["songs"], ["check"]] {
            let result = try lib.run(arguments)
            #expect(result.status == 1)
            let all = result.stdout + result.stderr
            #expect(all.contains(path.path), "\(all)")
            #expect(all.contains(message), "\(all)")
            #expect(!all.contains("decode"), "\(all)")
        }
    }

    /// Several wrong values in one file are named at once, by `check` and by any command that
    /// reads the file, so that one edit fixes them all; the file is left as it was.
    @Test func everyWrongValueOfAFileIsNamedAtOnce() throws {
        let lib = try TemporaryLibrary()
        for name in ["A", "B", "C"] { try lib.ok("add-song", name) }
        let path = lib.root.appendingPathComponent("songs.json")
        let text = try String(contentsOf: path, encoding: .utf8)
            .replacingOccurrences(of: #""name" : "A""#, with: #""name" : "A", "key" : "Q minor", "bpm" : "fast""#)
            .replacingOccurrences(of: #""name" : "C""#, with: #""name" : "C", "length" : 2.5"#)
        try text.write(to: path, atomically: true, encoding: .utf8)
        let check = try lib.run("check")
        #expect(check.status == 1)
        let lines = check.stdout.split(separator: "\n").filter { $0.hasPrefix("  - ") }
        #expect(lines.count == 3, "\(check.stdout)")
        #expect(check.stdout.contains("3 problems"), "\(check.stdout)")
        for message in [
            "songs[0].key: \"Q minor\" is not a key", "songs[0].bpm: expected a number", "songs[2].length: expected a whole number",
        ] {
            #expect(check.stdout.contains(message), "\(check.stdout)")
        }
        let songs = try lib.run("songs")
        #expect(
            songs.status == 1 && songs.stderr.contains("songs[2].length") && songs.stderr.contains("Fix or restore the files"),
            "\(songs.stderr)")
        #expect(try String(contentsOf: path, encoding: .utf8) == text)
    }

    /// One damaged setlist file does not hide the others from `playlists`: they are listed (as
    /// JSON too), the damaged one is named with what to do, and the exit status says the list is
    /// short. A damaged list of playlists still stops it.
    @Test func aDamagedPlaylistFileIsNamedAndTheOthersListed() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "A")
        try lib.ok("new", "Gig", "A")
        try lib.ok("new", "Other", "A")
        let folder = lib.root.appendingPathComponent("playlists")
        let damaged = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("gig-") })
        let file = folder.appendingPathComponent(damaged)
        let sound = try Data(contentsOf: file)
        try Data("{ \"broken".utf8).write(to: file)
        for arguments in [["playlists"], ["playlists", "--json"]] {
            let result = try lib.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout.contains("Other") && !result.stdout.contains("Gig"), "\(result.stdout)")
            #expect(result.stderr.contains("setlist: left out, \(file.path): it ends too early"), "\(result.stderr)")
            #expect(result.stderr.contains("Fix or restore the file"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: file) == Data("{ \"broken".utf8))
        // A file the order does not list (a sync tool brought it first): the rest are listed, and
        // it is named with what puts it back; one that does not read is said not to.
        try sound.write(to: file)
        let stray = folder.appendingPathComponent("new-0123abcd.json")
        try Data("{ \"format\": ".utf8).write(to: stray)
        let unread = try lib.run("playlists")
        #expect(unread.status == 1 && unread.stdout.contains("Gig") && unread.stdout.contains("Other"), "\(unread.stdout)")
        #expect(unread.stderr.contains("is not listed in playlists.json, and it ends too early"), "\(unread.stderr)")
        #expect(try lib.run("check").stdout.contains("is not listed in playlists.json, and it ends too early"))
        let other = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("other-") })
        let copied = try String(contentsOf: folder.appendingPathComponent(other), encoding: .utf8)
        let id = try #require(try lib.json("show", "Other", "--json")["id"] as? String)
        try copied.replacingOccurrences(of: id, with: "0123abcd" + String(id.dropFirst(8))).replacingOccurrences(
            of: "\"Other\"", with: "\"New\""
        )
        .write(to: stray, atomically: true, encoding: .utf8)
        let unlisted = try lib.run("playlists")
        #expect(unlisted.status == 1 && unlisted.stdout.contains("Gig") && !unlisted.stdout.contains("New"), "\(unlisted.stdout)")
        #expect(unlisted.stderr.contains("is not listed in playlists.json. `setlist check --repair` puts it back."), "\(unlisted.stderr)")
        try Data("[".utf8).write(to: lib.root.appendingPathComponent("playlists.json"))
        let stopped = try lib.run("playlists")
        #expect(stopped.status == 1 && stopped.stdout.isEmpty && stopped.stderr.contains("playlists.json"), "\(stopped.stderr)")
    }

    /// Every error begins the same way, whether setlist or the argument parser found it.
    @Test(arguments: [
        ["transpose", "1", "+13"], ["add-song"], ["songs", "--bogus"], ["move", "1"], ["edit-song", "Same"], ["frobnicate"],
        ["song", "Nothing"], ["add", "--all", "--bogus"],
    ])
    func everyErrorBeginsTheSameWay(arguments: [String]) throws {
        let result = try library().run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("setlist: error: "), "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("Error:"), "\(arguments): \(result.stderr)")
    }

    /// A usage error a command finds once it runs shows that command's usage, as one the parser
    /// finds does, not the root's.
    @Test func aCommandsOwnUsageErrorShowsItsUsage() throws {
        let result = try library().run("transpose", "1", "+13")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("setlist: error: Transpose by -11 to +11 semitones, not +13"), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: setlist transpose "), "\(result.stderr)")
        #expect(result.stderr.contains("See 'setlist transpose --help' for more information."), "\(result.stderr)")
        #expect(!result.stderr.contains("setlist <subcommand>"), "\(result.stderr)")
    }

    /// A character that may not stand in a name is called what it is: a control character, an
    /// unassigned code point, a direction override, an invisible formatting character; the same
    /// words when `check` finds it in a hand-edited file.
    @Test(arguments: [
        ("\u{1}", "the control character U+0001"), ("\u{378}", "the unassigned code point U+0378"),
        ("\u{202E}", "the direction override U+202E"), ("\u{200B}", "the invisible formatting character U+200B"),
        ("\u{2028}", "the line separator U+2028"),
    ])
    func invisibleCharactersAreNamedForWhatTheyAre(character: String, name: String) throws {
        let lib = try TemporaryLibrary()
        let typed = try lib.run("add-song", "a\(character)b")
        #expect(typed.status == 1)
        #expect(typed.stderr.contains("The song name contains \(name). Remove it"), "\(typed.stderr)")
        if name != "the control character U+0001" { #expect(!typed.stderr.contains("control character"), "\(typed.stderr)") }

        try lib.ok("add-song", "ab")
        let path = lib.root.appendingPathComponent("songs.json")
        let escaped = character.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
        let text = try String(contentsOf: path, encoding: .utf8).replacingOccurrences(
            of: #""name" : "ab""#, with: "\"name\" : \"a\(escaped)b\"")
        try text.write(to: path, atomically: true, encoding: .utf8)
        let check = try lib.run("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("the name holds \(name)."), "\(check.stdout)")
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
