import CLITestSupport
import Foundation
import Testing

@Suite struct PlaylistCommandTests {
    func library(songs: [String] = ["A", "B", "C", "D"]) throws -> TemporaryLibrary {
        try TemporaryLibrary.fixture("PlaylistCommandTests " + songs.joined(separator: ",")) { lib in
            for (index, name) in songs.enumerated() { try lib.ok("add-song", name, "--length", "\(index + 1):00") }
        }
    }

    @Test func newMakesCurrentAndShowUsesIt() throws {
        let lib = try library()
        try lib.ok("new", "Koncert v Praze 15.2.2010", "A", "B")
        let show = try lib.ok("show")
        #expect(show.hasPrefix("Koncert v Praze 15.2.2010 (current) — 2 songs, 3:00"))
        try lib.ok("new", "Druhý")
        #expect(try lib.ok("show").hasPrefix("Druhý (current)"))
        try lib.ok("use", "koncert v praze 15.2.2010")
        #expect(try lib.ok("show").hasPrefix("Koncert v Praze"))
        let list = try lib.ok("playlists")
        #expect(list.contains("*  1  Koncert v Praze 15.2.2010      2    3:00"))
        #expect(list.contains("   2  Druhý"))
    }

    @Test func addRemoveMoveInCurrentAndNamedPlaylists() throws {
        let lib = try library()
        try lib.ok("new", "P")
        try lib.ok("add", "A", "B", "C")
        try lib.ok("add", "P", "D", "--at", "2")
        var json = try lib.json("show", "--json")
        #expect(names(json) == ["A", "D", "B", "C"])
        try lib.ok("move", "1", "4")
        json = try lib.json("show", "P", "--json")
        #expect(names(json) == ["D", "B", "C", "A"])
        try lib.ok("move", "P", "A", "1")
        try lib.ok("remove", "P", "2", "c")
        json = try lib.json("show", "--json")
        #expect(names(json) == ["A", "B"])
        #expect(json["totalLength"] as? Int == 180)
    }

    @Test func breaksShowAsSets() throws {
        let lib = try library()
        try lib.ok("new", "P", "A", "B", "C", "D")
        try lib.ok("break", "--after", "2")
        try lib.ok("break", "P", "--after", "3", "--label", "Encore")
        let show = try lib.ok("show")
        #expect(show.contains("2  B       2:00\n   — Set 2 —\n3  C"))
        #expect(show.contains("— Encore —\n4  D"))
        let json = try lib.json("show", "--json")
        let breaks = json["breaks"] as! [[String: Any]]
        #expect(breaks.map { $0["after"] as! Int } == [2, 3])
        try lib.ok("remove-break", "--after", "2")
        #expect(!(try lib.ok("show")).contains("Set 2"))
        let again = try lib.run("remove-break", "--after", "2")
        #expect(again.status == 1)
        #expect(again.stderr.contains("no break after song 2"))
    }

    @Test func renameDuplicateMoveAndDelete() throws {
        let lib = try library()
        try lib.ok("new", "One", "A")
        try lib.ok("new", "Two", "B")
        try lib.ok("rename", "One", "Jedna")
        try lib.ok("rename", "Dva")
        try lib.ok("duplicate", "Jedna", "Tři")
        let playlists = try lib.ok("playlists")
        #expect(playlists.range(of: "Jedna")!.lowerBound < playlists.range(of: "Tři")!.lowerBound)
        #expect(playlists.range(of: "Tři")!.lowerBound < playlists.range(of: "Dva")!.lowerBound)
        try lib.ok("move-playlist", "Dva", "--to", "1")
        #expect(try lib.ok("playlists").contains("*  1  Dva"))
        try lib.ok("delete", "Dva")
        let after = try lib.ok("playlists")
        #expect(!after.contains("Dva"))
        let show = try lib.run("show")
        #expect(show.status == 1)
        #expect(show.stderr.contains("setlist use"))
        let files = try FileManager.default.contentsOfDirectory(atPath: lib.root.appendingPathComponent("playlists").path)
        #expect(files.count == 2)
    }

    @Test func searchPlaylists() throws {
        let lib = try library()
        try lib.ok("new", "Koncert v Praze")
        try lib.ok("new", "Zkouška")
        let out = try lib.ok("playlists", "--search", "zkouska")
        #expect(out.contains("Zkouška"))
        #expect(!out.contains("Praze"))
        let json = try JSONSerialization.jsonObject(with: try lib.run("playlists", "--json").stdoutData) as! [[String: Any]]
        #expect(json.map { $0["name"] as! String } == ["Koncert v Praze", "Zkouška"])
    }

    /// `new --new-song` with the title of a song already in the repertoire makes a second song of
    /// that title; like add-song it says so, since that title is ambiguous from now on.
    @Test func newSongWithATakenTitleWarns() throws {
        let lib = try library()
        let result = try lib.run("new", "P", "--new-song", "a", "--new-song", "Fresh")
        #expect(result.status == 0)
        #expect(result.stderr.contains("another song has this title too: 'A'"))
        #expect(!result.stderr.contains("Fresh"))
        #expect(names(try lib.json("show", "--json")) == ["a", "Fresh"])
    }

    /// A copy's changed length or tempo is marked with *, and the digits of the column still
    /// line up (the marked cell used to stick out one place to the left).
    @Test func markedLengthsAndTemposStayAligned() throws {
        let lib = try library()
        try lib.ok("edit-song", "A", "--bpm", "96")
        try lib.ok("edit-song", "B", "--bpm", "120")
        try lib.ok("new", "P", "A", "B")
        try lib.ok("edit-song", "A", "--in", "P", "--length", "10:30", "--bpm", "100")
        let lines = try lib.ok("show").split(separator: "\n").map(String.init)
        let a = try #require(lines.first { $0.hasPrefix("1  A") })
        let b = try #require(lines.first { $0.hasPrefix("2  B") })
        #expect(a.contains("10:30*"))
        #expect(a.contains("100*"))
        #expect(a.range(of: "10:30")!.upperBound.utf16Offset(in: a) == b.range(of: "2:00")!.upperBound.utf16Offset(in: b))
        #expect(a.range(of: "100")!.upperBound.utf16Offset(in: a) == b.range(of: "120")!.upperBound.utf16Offset(in: b))
    }

    /// Removing every song of a set takes its break along (two breaks at one place would be a set
    /// without songs); moving the songs of the first set away leaves a break before the first
    /// song, which show reports and remove-break removes.
    @Test func emptiedSetsGoAndALeadingBreakStaysVisibleAndRemovable() throws {
        let lib = try library()
        try lib.ok("new", "P", "A", "B", "C", "D")
        try lib.ok("break", "--after", "1")
        try lib.ok("break", "--after", "3", "--label", "Encore")
        #expect(try lib.ok("remove", "2", "3").contains("The set 'Set 2' had no songs, so its break is gone."))
        let show = try lib.ok("show")
        #expect(show.contains("   — Encore —\n2  D"), "\(show)")
        #expect(!show.contains("Set 2"))
        var breaks = try lib.json("show", "--json")["breaks"] as! [[String: Any]]
        #expect(breaks.map { $0["after"] as! Int } == [1])
        #expect(breaks.map { $0["label"] as! String } == ["Encore"])
        try lib.ok("move", "1", "2")
        breaks = try lib.json("show", "--json")["breaks"] as! [[String: Any]]
        #expect(breaks.map { $0["after"] as! Int } == [0])
        try lib.ok("remove-break", "--after", "0")
        #expect(!(try lib.ok("show")).contains("Encore"))
    }

    /// `remove 3 5` takes positions in the current playlist; the first number is no playlist name.
    /// Nor is a song of the playlist whose original was deleted, or an ambiguous title.
    @Test func leadingWordsThatNameSongsOrPositionsAreNotPlaylists() throws {
        let lib = try library(songs: ["A", "B", "C", "D", "E"])
        try lib.ok("new", "P", "A", "B", "C", "D", "E")
        try lib.ok("remove", "1", "3")
        #expect(names(try lib.json("show", "--json")) == ["B", "D", "E"])
        try lib.ok("remove-song", "B", "D")
        try lib.ok("remove", "B", "D")
        #expect(names(try lib.json("show", "--json")) == ["E"])
        try lib.ok("add-song", "A", "--author", "Other")
        let ambiguous = try lib.run("add", "A", "C")
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stderr.contains("'A' matches 2 songs"))
        #expect(names(try lib.json("show", "--json")) == ["E"])
        let missing = try lib.run("remove", "Nope", "1")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("No playlist named 'Nope'"))
    }

    /// `add --all` copies in the songs the setlist does not hold yet and says how many it left
    /// out; `--again` copies those in a second time.
    @Test func addAllSkipsTheSongsTheSetlistHolds() throws {
        let lib = try library()
        try lib.ok("new", "P", "A", "--new-song", "X")
        let added = try lib.ok("add", "--all")
        #expect(added == "Copied 3 songs into 'P' at positions 3–5; left out 2 songs it already holds (`--again` copies them in too).\n")
        #expect(names(try lib.json("show", "--json")) == ["A", "X", "B", "C", "D"])
        let before = try lib.snapshot()
        let history = try lib.ok("undo", "--list", "--json")
        let none = try lib.run("add", "--all")
        #expect(none.status == 0)
        #expect(none.stdout == "Nothing to copy in: 'P' already holds every song of the repertoire (`--again` copies them in again).\n")
        #expect(try lib.snapshot() == before)
        #expect(try lib.ok("undo", "--list", "--json") == history, "nothing changed, so nothing was recorded")
        try lib.ok("add", "--all", "--again")
        #expect(names(try lib.json("show", "--json")) == ["A", "X", "B", "C", "D", "A", "B", "C", "D", "X"])
        let named = try lib.run("add", "A", "--again")
        #expect(named.status == 64, "--again goes with --all: named songs are always copied in")
    }

    /// `show` keeps the setlist's name whole when it fits the width on a line of its own.
    @Test(arguments: [40, 50, 60])
    func showKeepsTheNameWhole(columns: Int) throws {
        let lib = try library()
        try lib.ok("new", "Koncert v Praze 15.2.2010", "A", "B")
        let show = try lib.run(["show"], environment: ["COLUMNS": "\(columns)"]).stdout
        let lines = show.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("Koncert v Praze 15.2.2010"), "\(show)")
        #expect(show.contains("2 songs, 3:00"), "\(show)")
        for line in lines { #expect(line.count <= columns, "[\(line)]") }
    }

    func names(_ json: [String: Any]) -> [String] {
        (json["songs"] as! [[String: Any]]).map { ($0["copy"] as! [String: Any])["name"] as! String }
    }
}
