import CLITestSupport
import Foundation
import SetlistModel
import Testing

/// A set never ends up without songs (issue 13): two breaks at one place is a state `break`
/// refuses, so removing or moving the only song between two breaks takes its break along and
/// says so; `check` finds such a pair in a hand-edited or merged file and `--repair` fixes it.
@Suite struct EmptySetTests {
    /// A, B | Set 2: C | Encore: D, E
    func concert() throws -> TemporaryLibrary {
        try TemporaryLibrary.fixture("EmptySetTests") { lib in
            for title in ["A", "B", "C", "D", "E"] { try lib.ok("add-song", title) }
            try lib.ok("new", "Koncert", "A", "B", "C", "D", "E")
            try lib.ok("break", "--after", "2", "--label", "Set 2")
            try lib.ok("break", "--after", "3", "--label", "Encore")
        }
    }

    /// The playlist's items as `show --json` gives them: song names, and breaks as "|label".
    func items(_ lib: TemporaryLibrary) throws -> [String] {
        let show = try lib.json("show", "--json")
        let songs = try #require(show["songs"] as? [[String: Any]]).compactMap { ($0["copy"] as? [String: Any])?["name"] as? String }
        let breaks = try #require(show["breaks"] as? [[String: Any]])
        func labels(after position: Int) -> [String] {
            breaks.filter { $0["after"] as? Int == position }.compactMap { ($0["label"] as? String).map { "|" + $0 } }
        }
        return labels(after: 0) + songs.enumerated().flatMap { [$0.element] + labels(after: $0.offset + 1) }
    }

    @Test func removingTheOnlySongOfASetTakesItsBreakAlong() throws {
        let lib = try concert()
        let output = try lib.ok("remove", "C")
        #expect(output.contains("Removed 1 song from 'Koncert' ('C')."))
        #expect(output.contains("The set 'Set 2' had no songs, so its break is gone."), "\(output)")
        #expect(try items(lib) == ["A", "B", "|Encore", "D", "E"])
        #expect(try lib.ok("check").contains("No problems found."))
        // Undo brings the song and its set back together.
        try lib.ok("undo")
        #expect(try items(lib) == ["A", "B", "|Set 2", "C", "|Encore", "D", "E"])
    }

    @Test func movingTheOnlySongOfASetAwayTakesItsBreakAlong() throws {
        let lib = try concert()
        let output = try lib.ok("move", "3", "1")
        #expect(output.contains("Moved 'C' to position 1 in 'Koncert'."))
        #expect(output.contains("The set 'Set 2' had no songs, so its break is gone."), "\(output)")
        #expect(try items(lib) == ["C", "A", "B", "|Encore", "D", "E"])
    }

    /// The break that stays keeps its own length in the plan; the one that went takes its own along.
    @Test func theBreakThatStaysKeepsItsOwnLength() throws {
        let lib = try concert()
        try lib.ok("plan", "--start", "20:00")
        try lib.ok("break", "--after", "2", "--label", "Set 2", "--length", "10m")
        try lib.ok("break", "--after", "3", "--label", "Encore", "--length", "5m")
        try lib.ok("remove", "C")
        let plan = try #require(try lib.json("show", "--json")["plan"] as? [String: Any])
        let breaks = try #require(plan["breaks"] as? [[String: Any]])
        #expect(breaks.map { "\($0["break"] ?? "") \($0["length"] ?? "")" } == ["Encore 300"])
    }

    @Test func removingSongsThatLeaveOtherSetsWholeSaysNothingOfBreaks() throws {
        let lib = try concert()
        let output = try lib.ok("remove", "D")
        #expect(!output.contains("break"), "\(output)")
        #expect(try items(lib) == ["A", "B", "|Set 2", "C", "|Encore", "E"])
    }

    /// A document holding two breaks at one place (from an older setlist, or edited by hand).
    @Test func importingADocumentWithAnEmptySetLeavesItsBreakOut() throws {
        let lib = try concert()
        let data = try #require(try lib.run("export", "-o", "-").stdoutData)
        var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var playlist = try #require(document["playlist"] as? [String: Any])
        var items = try #require(playlist["items"] as? [[String: Any]])
        items.remove(at: 3) // C
        playlist["items"] = items
        document["playlist"] = playlist
        let member = try TemporaryLibrary()
        let result = try member.run(["import", "-"], stdin: try JSONSerialization.data(withJSONObject: document))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("The set 'Set 2' had no songs, so its break is gone."), "\(result.stdout)")
        #expect(try self.items(member) == ["A", "B", "|Encore", "D", "E"])
        #expect(try member.ok("check").contains("No problems found."))
    }

    /// Two breaks at one place, as a hand edit or a merge of two members' changes leaves them.
    @Test func checkFindsAnEmptySetAndRepairRemovesItsBreak() throws {
        let lib = try concert()
        let folder = lib.root.appendingPathComponent("playlists")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let url = folder.appendingPathComponent(file)
        var playlist = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var items = try #require(playlist["items"] as? [[String: Any]])
        items.remove(at: 3) // C, between "Set 2" and "Encore"
        playlist["items"] = items
        try JSONSerialization.data(withJSONObject: playlist, options: [.prettyPrinted, .sortedKeys]).write(to: url)

        let check = try lib.run("check")
        #expect(check.status == 1)
        #expect(
            check.stdout.contains(
                "playlists/\(file): items[2]: the break 'Set 2' opens a set without songs (the break 'Encore' follows it)."),
            "\(check.stdout)")
        #expect(check.stderr.contains("setlist check --repair"))
        let repair = try lib.run("check", "--repair")
        #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
        #expect(repair.stdout.contains("the break 'Set 2' opens a set without songs (the break 'Encore' follows it); removed that break."))
        #expect(try self.items(lib) == ["A", "B", "|Encore", "D", "E"])
    }

    /// A problem only a person can fix is not sent to `--repair`.
    @Test func checkSendsToRepairOnlyWhatRepairFixes() throws {
        let lib = try concert()
        var songs = try lib.file("songs.json")
        songs = songs.replacingOccurrences(of: "\"name\" : \"A\"", with: "\"bpm\" : 9999,\n      \"name\" : \"A\"")
        try Data(songs.utf8).write(to: lib.root.appendingPathComponent("songs.json"))
        let check = try lib.run("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("the tempo 9999 BPM is outside"), "\(check.stdout)")
        #expect(!check.stderr.contains("--repair"), "\(check.stderr)")
        #expect(check.stderr.contains("fix the files above by hand"), "\(check.stderr)")
    }
}
