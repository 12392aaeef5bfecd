import CLITestSupport
import Foundation
import Testing

@testable import SetlistCLI

/// Commands that say what they mean: the playlist-or-song ambiguity, notes as written, what
/// edit-song can change, mistyped commands, help and version, and the --help examples.
@Suite struct ClearCommandTests {
    @Test func aWordNamingBothAPlaylistAndASongIsRefusedWithBothSpellings() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Valerie")
        try lib.ok("add-song", "Zombie")
        try lib.ok("new", "Valerie")
        try lib.ok("new", "Koncert")
        let before = try lib.snapshot()
        let refused = try lib.run("add", "Valerie", "Zombie")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("'Valerie' names both a playlist and a song"))
        #expect(refused.stderr.contains("setlist add --to \"Valerie\" \"Zombie\""))
        #expect(refused.stderr.contains("setlist add --to \"Koncert\" \"Valerie\" \"Zombie\""))
        #expect(try lib.snapshot() == before)

        // Each spelling does what it says.
        try lib.ok("add", "--to", "Valerie", "Zombie")
        try lib.ok("add", "--to", "Koncert", "Valerie", "Zombie")
        let valerie = try lib.json("show", "Valerie", "--json")
        let koncert = try lib.json("show", "Koncert", "--json")
        #expect((valerie["count"] as? Int) == 1)
        #expect((koncert["count"] as? Int) == 2)
        // A playlist that is no song's title still works without --to.
        try lib.ok("add", "Koncert", "Zombie")
    }

    @Test func notesAreTakenAsWrittenOrReadFromAFile() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Cesta", "--notes", "C:\\new folder\\n is literal\nsecond line")
        var song = try lib.json("song", "Cesta", "--json")
        #expect((song["song"] as? [String: Any])?["notes"] as? String == "C:\\new folder\\n is literal\nsecond line")

        try Data("Intro: housle\nPak všichni\n".utf8).write(to: lib.folder.appendingPathComponent("notes.txt"))
        try lib.ok("edit-song", "Cesta", "--notes-file", "notes.txt")
        song = try lib.json("song", "Cesta", "--json")
        #expect((song["song"] as? [String: Any])?["notes"] as? String == "Intro: housle\nPak všichni")

        try lib.run(["edit-song", "Cesta", "--notes-file", "-"], stdin: Data("Ze vstupu\n".utf8))
        song = try lib.json("song", "Cesta", "--json")
        #expect((song["song"] as? [String: Any])?["notes"] as? String == "Ze vstupu")

        let before = try lib.snapshot()
        let missing = try lib.run("edit-song", "Cesta", "--notes-file", "nothing.txt")
        #expect(missing.status == 1 && missing.stderr.contains("Cannot read the notes file nothing.txt"))
        try Data([0x66, 0xFF, 0xFE]).write(to: lib.folder.appendingPathComponent("bad.txt"))
        let binary = try lib.run("edit-song", "Cesta", "--notes-file", "bad.txt")
        #expect(binary.status == 1 && binary.stderr.contains("not UTF-8"))
        let both = try lib.run("edit-song", "Cesta", "--notes", "x", "--notes-file", "notes.txt")
        #expect(both.status == 64)
        #expect(try lib.snapshot() == before)
    }

    @Test func editSongWithoutAFieldListsTheFields() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Cesta")
        let result = try lib.run("edit-song", "Cesta")
        #expect(result.status == 64)
        for option in ["--name", "--author", "--length", "--key", "--bpm", "--notes", "--notes-file", "--in"] {
            #expect(result.stderr.contains(option), "\(option)")
        }
    }

    @Test(arguments: [("shwo", "show"), ("sogns", "songs"), ("undoo", "undo"), ("playlist", "playlists"), ("exprot", "export")])
    func aMistypedCommandSuggestsTheClosest(typed: String, suggested: String) throws {
        let lib = try TemporaryLibrary()
        let result = try lib.run(typed)
        #expect(result.status == 64)
        #expect(result.stderr.contains("There is no command '\(typed)'"))
        #expect(result.stderr.contains("`setlist \(suggested)`"))
    }

    @Test(arguments: [("shwo", "show"), ("edit", "edit-song")])
    func eachSuggestionIsMadeOnce(typed: String, suggested: String) throws {
        let lib = try TemporaryLibrary()
        let result = try lib.run(typed)
        #expect(result.stderr.components(separatedBy: "`setlist \(suggested)`").count == 2, "\(result.stderr)")
        #expect(Set(CommandNames.all).count == CommandNames.all.count)
    }

    @Test func helpForAnUnknownCommandIsAnError() throws {
        let lib = try TemporaryLibrary()
        let result = try lib.run("help", "foo")
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("There is no command 'foo'"))
        #expect(try lib.run("help", "show").status == 0)
    }

    @Test(arguments: [["version"], ["-V"], ["--version"]])
    func versionPrintsTheVersion(arguments: [String]) throws {
        let lib = try TemporaryLibrary()
        let result = try lib.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+"#, options: .regularExpression) != nil, "\(result.stdout)")
    }

    /// Every example in `setlist --help` runs as printed, in order, on a fresh install.
    @Test func theHelpExamplesRunAsPrinted() throws {
        let lib = try TemporaryLibrary()
        let help = try lib.ok("--help")
        let examples = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("setlist ") }
        #expect(examples.count >= 8)
        for example in examples where !example.hasPrefix("setlist live") {
            let words = try shellWords(String(example.dropFirst("setlist ".count)))
            let result = try lib.run(words, environment: ["USER": "jirka"])
            #expect(result.status == 0, "\(example): \(result.stderr)")
        }
    }

    /// Splits a line as the shell does for the plain double-quoted words of the examples.
    private func shellWords(_ line: String) throws -> [String] {
        var words: [String] = [], word = "", quoted = false, inWord = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                inWord = true
            } else if character == " " && !quoted {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
