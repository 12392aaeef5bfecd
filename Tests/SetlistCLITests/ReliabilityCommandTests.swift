import CLITestSupport
import Foundation
import SetlistModel
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `setlist check [--repair]` and `setlist undo [--list]` as a person uses them.
@Suite struct ReliabilityCommandTests {
    func seeded() throws -> TemporaryLibrary {
        try TemporaryLibrary.fixture("ReliabilityCommandTests") { library in
            try library.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--length", "2:20", "--bpm", "250", "--key", "C minor")
            try library.ok("add-song", "Stairway to Heaven", "--author", "Led Zeppelin")
            try library.ok("new", "Můj koncert", "Highway to Hell", "Stairway to Heaven")
        }
    }

    @Test func checkOfASoundLibrarySaysSoAndExitsZero() throws {
        let library = try seeded()
        let output = try library.ok("check")
        #expect(output.contains("2 songs, 1 playlist (2 copied songs)"))
        #expect(output.contains("No problems found."))
    }

    @Test func checkListsEveryProblemWithItsPlaceAndExitsOne() throws {
        let library = try seeded()
        try Data("{\n  \"format\": \"setlist-contacts\",\n  \"version\": 1,\n  \"contacts\": [,]\n}\n".utf8)
            .write(to: library.root.appendingPathComponent("contacts.json"))
        try Data("{\"format\":\"setlist-playlist\",\"version\":1,\"id\":\"0rphan00\",\"name\":\"Lost\",\"items\":[]}".utf8)
            .write(to: library.root.appendingPathComponent("playlists/lost-0rphan00.json"))
        let before = try library.snapshot()
        let result = try library.run("check")
        #expect(result.status == 1)
        #expect(result.stdout.contains("2 problems"))
        #expect(result.stdout.contains("contacts.json: it is not valid JSON at line 4, column"))
        #expect(result.stdout.contains("playlists/lost-0rphan00.json: is not listed in playlists.json"))
        #expect(result.stderr.contains("setlist check --repair"))

        // A change that reads the broken file is refused; one that does not read it leaves it alone.
        let change = try library.run("add-contact", "Pepa", "pepa@example.com")
        #expect(change.status == 1)
        #expect(change.stderr.contains("contacts.json"))
        #expect(try library.snapshot() == before, "no command overwrites a broken library")
        try library.ok("add-song", "Elsewhere")
        #expect(try library.snapshot()["contacts.json"] == before["contacts.json"])
    }

    @Test func repairSaysWhatItDidAndUndoRevertsIt() throws {
        let library = try seeded()
        let orphan = "{\"format\":\"setlist-playlist\",\"version\":1,\"id\":\"0rphan00\",\"name\":\"Lost\",\"items\":[]}"
        try Data(orphan.utf8).write(to: library.root.appendingPathComponent("playlists/lost-0rphan00.json"))
        let broken = try library.snapshot()

        let repair = try library.run("check", "--repair")
        #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
        #expect(repair.stdout.contains("Repaired:"))
        #expect(repair.stdout.contains("'Lost' (id 0rphan00) was missing from playlists.json; put it back at the end."))
        #expect(repair.stdout.contains("No problems found."))
        #expect(try library.ok("playlists").contains("Lost"))

        let list = try library.ok("undo", "--list")
        #expect(list.contains("setlist check --repair"))
        try library.ok("undo")
        #expect(try library.snapshot() == broken)
        #expect(try library.run("check").status == 1)
    }

    @Test func repairLeavesWhatItCannotFixAndExitsOne() throws {
        let library = try seeded()
        try Data("{ \"format\": \"setlist-songs\", \"version\": 1, \"songs\": [ }".utf8).write(
            to: library.root.appendingPathComponent("songs.json"))
        let result = try library.run("check", "--repair")
        #expect(result.status == 1)
        #expect(result.stdout.contains("songs.json"))
        #expect(try library.file("songs.json").hasSuffix("[ }"), "a file that does not parse is never touched")
        // It could not be repaired, and setlist says so and why, rather than that nothing needed it.
        #expect(!result.stdout.contains("Nothing needed repairing"), "\(result.stdout)")
        #expect(result.stdout.hasPrefix("Could not repair anything.\n"), "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "could not repair what remains: a file that cannot be read or does not parse is never rewritten, since what could not be read in it would be lost."
            ), "\(result.stderr)")
    }

    /// A truncated song list (a sync tool or a full disk cut it short) cannot be repaired.
    @Test func aTruncatedSongListIsNotRepairedAndSetlistSaysWhy() throws {
        let library = try seeded()
        let path = library.root.appendingPathComponent("songs.json")
        let whole = try Data(contentsOf: path)
        try whole.prefix(60).write(to: path)
        let result = try library.run("check", "--repair")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("Could not repair anything.\n"), "\(result.stdout)")
        #expect(result.stdout.contains("1 problem remains:"), "\(result.stdout)")
        #expect(result.stdout.contains("songs.json: it ends too early"), "\(result.stdout)")
        #expect(result.stderr.contains("is never rewritten"), "\(result.stderr)")
        #expect(result.stderr.contains("restore it from git, a backup or the sync tool"), "\(result.stderr)")
        #expect(try Data(contentsOf: path) == whole.prefix(60))
    }

    /// playlists.json that cannot be read says nothing of which files it lists: `check` reports it,
    /// not every playlist file as "not listed".
    @Test func anUnreadableOrderDoesNotMakeEveryPlaylistUnlisted() throws {
        let library = try seeded()
        try library.ok("new", "Druhý")
        try Data("{\"broken".utf8).write(to: library.root.appendingPathComponent("playlists.json"))
        let result = try library.run("check")
        #expect(result.status == 1)
        #expect(result.stdout.contains("playlists.json: it ends too early"), "\(result.stdout)")
        #expect(!result.stdout.contains("is not listed"), "\(result.stdout)")
        #expect(result.stdout.contains("1 problem:"), "\(result.stdout)")
    }

    /// A playlist file whose name is not UTF-8 (copied from a Latin-2 system) is put back like any
    /// other playlist file missing from playlists.json.
    @Test func repairTakesBackAPlaylistFileWhoseNameIsNotUTF8() throws {
        let library = try seeded()
        try library.ok("new", "Ztracený", "Highway to Hell")
        let folder = library.root.appendingPathComponent("playlists")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("ztraceny-") })
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        try library.ok("delete", "Ztracený")
        // "Ztracen\xFD.json": ý in ISO 8859-2, which is no UTF-8.
        let name = Array(folder.path.utf8) + Array("/Ztracen".utf8) + [0xFD] + Array(".json".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        try #require(descriptor >= 0)
        _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        #expect(try library.run("check").status == 1)

        let repair = try library.run("check", "--repair")
        #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
        #expect(repair.stdout.contains("is not UTF-8"), "\(repair.stdout)")
        #expect(repair.stdout.contains("No problems found."), "\(repair.stdout)")
        #expect(try library.ok("playlists").contains("Ztracený"))
        #expect(try library.run("check").status == 0)
    }

    @Test func checkJSONIsForScripts() throws {
        let library = try seeded()
        let result = try library.run("check", "--json")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(object["sound"] as? Bool == true)
        #expect((object["counts"] as? [String: Int])?["songs"] == 2)
        #expect((object["problems"] as? [Any])?.isEmpty == true)
    }

    @Test func undoRevertsOneChangeAtATimeAndListsThem() throws {
        let library = try seeded()
        let afterNew = try library.snapshot()
        try library.ok("edit-song", "Highway to Hell", "--bpm", "100")
        try library.ok("delete", "Můj koncert")

        let list = try library.ok("undo", "--list")
        let lines = list.split(separator: "\n").map(String.init)
        #expect(lines[1].contains("setlist delete \"Můj koncert\""))
        #expect(lines[2].contains("setlist edit-song \"Highway to Hell\" --bpm 100"))
        #expect(lines[2].contains("songs.json"))

        let undo = try library.ok("undo")
        #expect(undo.contains("Undid `setlist delete \"Můj koncert\"`"))
        #expect(try library.ok("playlists").contains("Můj koncert"))
        try library.ok("undo")
        #expect(try library.snapshot() == afterNew)
        let json = try library.run("undo", "--list", "--json")
        let entries = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
        #expect(entries.map { $0["undone"] as? Bool } == [false, false, false, true, true])
        #expect(entries[0]["command"] as? String == "setlist new \"Můj koncert\" \"Highway to Hell\" \"Stairway to Heaven\"")
        #expect(entries[3]["command"] as? String == "setlist edit-song \"Highway to Hell\" --bpm 100", "the next to redo first")

        // A command line of several lines (notes typed with a line break) is listed on one line.
        try library.ok("edit-song", "Highway to Hell", "--notes", "Intro\nthen loud")
        let listed = try library.ok("undo", "--list").split(separator: "\n")
        #expect(listed.contains { $0.hasPrefix("1 ") && $0.contains("--notes \"Intro then loud\"") }, "\(listed)")
        #expect(try library.ok("undo").hasPrefix("Undid `setlist edit-song \"Highway to Hell\" --notes \"Intro then loud\"`"))
    }

    /// Undoing a change that made a file removes it, and says so (it said "put back").
    @Test func undoSaysWhichFilesItRemovedAndWhichItPutBack() throws {
        let library = try seeded()
        try library.ok("new", "Zkouška")
        let undo = try library.ok("undo")
        #expect(undo.contains(": put back playlists.json; removed playlists/zkouska-"), "\(undo)")
        #expect(!undo.contains("put back playlists/"), "\(undo)")
        let redo = try library.ok("redo")
        #expect(redo.contains(": changed playlists.json, playlists/zkouska-"), "\(redo)")
        try library.ok("delete", "Zkouška")
        #expect(try library.ok("undo").contains(": put back playlists.json, playlists/zkouska-"))
        #expect(try library.ok("redo").contains("; removed playlists/zkouska-"))
    }

    @Test func redoMakesUndoneChangesAgainUntilANewChange() throws {
        let library = try seeded()
        try library.ok("edit-song", "Highway to Hell", "--bpm", "100")
        let edited = try library.snapshot()
        try library.ok("delete", "Můj koncert")
        let deleted = try library.snapshot()
        try library.ok("undo")
        try library.ok("undo")

        try library.ok("check") // the undone changes are no stray files
        let list = try library.ok("undo", "--list")
        #expect(list.contains("Undone command"))
        let lines = list.split(separator: "\n").map(String.init)
        #expect(lines[1].hasPrefix("R1") && lines[1].contains("setlist edit-song \"Highway to Hell\" --bpm 100"))
        #expect(lines[2].hasPrefix("R2") && lines[2].contains("setlist delete \"Můj koncert\""))
        #expect(list.contains("`setlist redo` makes R1 again"))

        let redo = try library.ok("redo")
        #expect(redo.contains("Redid `setlist edit-song \"Highway to Hell\" --bpm 100`"))
        #expect(redo.contains("1 more undone change can be redone."))
        #expect(try library.snapshot() == edited)
        try library.ok("redo")
        #expect(try library.snapshot() == deleted)
        let none = try library.run("redo")
        #expect(none.status == 1)
        #expect(none.stderr.contains("nothing to redo"))

        // A new change forgets what was undone.
        try library.ok("undo")
        try library.ok("add-song", "Extra")
        let after = try library.snapshot()
        let refused = try library.run("redo")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("nothing to redo"))
        #expect(try library.snapshot() == after)
        #expect(!(try library.ok("undo", "--list")).contains("Undone command"))
    }

    @Test func undoRefusesToLoseAHandEdit() throws {
        let library = try seeded()
        try library.ok("add-song", "Extra")
        let songs = try library.file("songs.json").replacingOccurrences(of: "\"Extra\"", with: "\"Extra, edited by hand\"")
        try Data(songs.utf8).write(to: library.root.appendingPathComponent("songs.json"))
        let result = try library.run("undo")
        #expect(result.status == 1)
        #expect(result.stderr.contains("songs.json changed since"))
        #expect(try library.file("songs.json") == songs)
    }

    @Test func undoWithNothingToUndoSaysSo() throws {
        let library = try TemporaryLibrary()
        let result = try library.run("undo")
        #expect(result.status == 1)
        #expect(result.stderr.contains("nothing to undo"))
        #expect(try library.ok("undo", "--list").contains("No changes are recorded yet."))
    }
}
