import CLITestSupport
import Foundation
import Testing

/// `gigs`, `gig` (show, --add, --remove, --report) and what the log adds to `songs` and `song`.
@Suite struct GigCommandTests {
    /// Three songs, two setlists; "Rock" played twice and "Folk" once.
    static func band() throws -> TemporaryLibrary {
        try TemporaryLibrary.fixture("gig band") { lib in
            try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--length", "3:28")
            try lib.ok("add-song", "Žluťoučký kůň", "--author", "Lidová", "--length", "2:00")
            try lib.ok("add-song", "Unplayed")
            try lib.ok("new", "Rock", "Highway to Hell")
            try lib.ok("new", "Folk", "Žluťoučký kůň", "Highway to Hell")
        }
    }

    static let utc = ["TZ": "UTC"]

    @Test func gigsAreLoggedListedShownAndRemoved() throws {
        let lib = try Self.band()
        #expect(try lib.ok("gigs").contains("No gigs logged yet"))
        let added = try lib.ok("gig", "--add", "Rock", "--date", "2025-06-01", "--venue", "Lucerna, Praha", environment: Self.utc)
        #expect(added == "Logged gig 1: 2025-06-01 'Rock' at Lucerna, Praha, 1 song.\n")
        try lib.ok("gig", "--add", "Folk", "--date", "2026-03-14 20:30", environment: Self.utc)
        // An older gig logged later takes its place by date.
        #expect(try lib.ok("gig", "--add", "rock", "--date", "2024-12-31") == "Logged gig 1: 2024-12-31 'Rock', 1 song.\n")
        // A gig to come (it would count as played) and a setlist of no songs are refused.
        try lib.ok("new", "Prázdný")
        let unchanged = try lib.snapshot()
        let future = try lib.run("gig", "--add", "Rock", "--date", "2999-01-01")
        #expect(future.status == 1 && future.stderr.contains("--date: 2999-01-01 is after today"), "\(future.stderr)")
        let empty = try lib.run("gig", "--add", "Prázdný", "--date", "2024-01-01")
        #expect(empty.status == 1 && empty.stderr.contains("'Prázdný' has no songs, so there is no gig to log."), "\(empty.stderr)")
        #expect(try lib.snapshot() == unchanged)
        try lib.ok("delete", "Prázdný")

        let list = try lib.ok("gigs")
        let rows = list.split(separator: "\n").map(String.init)
        #expect(rows.count == 4, "\(list)")
        #expect(rows[1].contains("2024-12-31") && rows[1].contains("Rock"))
        #expect(rows[2].contains("2025-06-01") && rows[2].contains("Lucerna, Praha") && rows[2].contains("3:28"))
        #expect(rows[3].contains("2026-03-14") && rows[3].contains("Folk") && rows[3].contains("5:28"))

        let shown = try lib.ok("gig", environment: Self.utc)
        #expect(shown.hasPrefix("Gig 3: 2026-03-14 'Folk'\nStarted:   2026-03-14 20:30\nSongs:     2 songs, 5:28\n"), "\(shown)")
        #expect(shown.contains("Žluťoučký kůň") && shown.contains("Lidová"))
        #expect(try lib.ok("gig", "2025-06-01").hasPrefix("Gig 2: 2025-06-01 'Rock' at Lucerna, Praha"))
        let json = try lib.json("gig", "2", "--json")
        let gig = try #require(json["gig"] as? [String: Any])
        #expect(json["number"] as? Int == 2)
        #expect(gig["venue"] as? String == "Lucerna, Praha")
        #expect((gig["songs"] as? [[String: Any]])?.first?["length"] as? Int == 208)
        let listing = try JSONSerialization.jsonObject(with: try lib.run("gigs", "--json").stdoutData) as? [[String: Any]]
        #expect(listing?.map { $0["count"] as? Int } == [1, 1, 2])
        #expect(listing?.last?["started"] as? String == "2026-03-14T20:30:00Z")

        let before = try lib.snapshot()
        #expect(try lib.ok("gig", "1", "--remove") == "Removed gig 1: 2024-12-31 'Rock' (`setlist undo` puts it back).\n")
        #expect(try lib.snapshot().count == before.count - 1)
        try lib.ok("undo")
        #expect(try lib.snapshot() == before)
    }

    /// A gig logged from a setlist keeps the songs as they were: editing or deleting them later
    /// does not change the log.
    @Test func theLogKeepsWhatWasPlayed() throws {
        let lib = try Self.band()
        try lib.ok("gig", "--add", "Folk", "--date", "2026-03-14")
        try lib.ok("edit-song", "Highway to Hell", "--in", "Folk", "--length", "9:00")
        try lib.ok("delete", "Folk")
        let shown = try lib.ok("gig", "1")
        #expect(shown.contains("'Folk'") && shown.contains("3:28") && !shown.contains("9:00"), "\(shown)")
    }

    @Test func theReportListsTheWorksForACollectingSociety() throws {
        let lib = try Self.band()
        try lib.ok("gig", "--add", "Folk", "--date", "2026-03-14", "--venue", "Klub \"=Dobrá\"")
        let text = try lib.ok("gig", "1", "--report")
        #expect(
            text == """
                Works performed on 2026-03-14 at Klub "=Dobrá" ('Folk')

                1. Žluťoučký kůň — Lidová (2:00)
                2. Highway to Hell — AC/DC (3:28)

                2 songs, 5:28

                """, "\(text)")
        let csv = try lib.run("gig", "--report", "--format", "csv")
        #expect(csv.status == 0)
        // The CSV library quotes what needs it; a cell a spreadsheet would run is guarded.
        #expect(
            csv.stdout == "#,Title,Author,Length,Date,Venue,Setlist\r\n"
                + "1,Žluťoučký kůň,Lidová,2m00s,2026-03-14,\"Klub \"\"=Dobrá\"\"\",Folk\r\n"
                + "2,Highway to Hell,AC/DC,3m28s,2026-03-14,\"Klub \"\"=Dobrá\"\"\",Folk\r\n", "\(csv.stdout)")
    }

    @Test func songsShowWhatWasPlayedAndWhen() throws {
        let lib = try Self.band()
        try lib.ok("gig", "--add", "Rock", "--date", "2024-05-01")
        try lib.ok("gig", "--add", "Folk", "--date", "2025-06-01")
        let played = try lib.ok("songs", "--played")
        let rows = played.split(separator: "\n").map(String.init)
        #expect(rows[0].contains("Played") && rows[0].contains("Last played"))
        #expect(rows[1].contains("Highway to Hell") && rows[1].contains(" 2 ") && rows[1].contains("2025-06-01"), "\(played)")
        #expect(rows[2].contains("Žluťoučký kůň") && rows[2].contains(" 1 ") && rows[2].contains("2025-06-01"))
        #expect(rows[3].contains("Unplayed") && rows[3].contains("never"))

        let byLast = try lib.ok("songs", "--sort", "last-played").split(separator: "\n").dropFirst().map { $0.contains("Unplayed") }
        #expect(byLast == [true, false, false])
        let stale = try lib.ok("songs", "--not-played-since", "2025-01-01")
        #expect(stale.contains("Unplayed") && !stale.contains("Highway") && !stale.contains("Žluťoučký"))
        let older = try lib.ok("songs", "--not-played-since", "2025-06-02")
        #expect(older.contains("Unplayed") && older.contains("Highway") && older.contains("Žluťoučký"))
        let never = try lib.ok("songs", "--never-played")
        #expect(never.split(separator: "\n").count == 2 && never.contains("Unplayed"))

        let json = try JSONSerialization.jsonObject(with: try lib.run("songs", "--played", "--json").stdoutData) as? [[String: Any]]
        #expect(json?.map { $0["timesPlayed"] as? Int } == [2, 1, 0])
        #expect(json?.first?["lastPlayed"] as? String == "2025-06-01")
        #expect((json?.first?["song"] as? [String: Any])?["name"] as? String == "Highway to Hell")

        let song = try lib.ok("song", "Highway to Hell")
        #expect(song.contains("Played:    2 times, last on 2025-06-01"), "\(song)")
        #expect(song.contains("2025-06-01 'Folk' (gig 2, song 2)") && song.contains("2024-05-01 'Rock' (gig 1, song 1)"))
        #expect(try lib.ok("song", "Unplayed").contains("Played:    never"))
        let details = try lib.json("song", "Highway to Hell", "--json")
        #expect((details["played"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2024-05-01", "2025-06-01"])
    }

    /// Bad input is refused naming the option, and changes nothing.
    @Test(arguments: [
        (["gig", "--add", "Rock", "--date", "14.3.2026"], 1, "--date: \"14.3.2026\" is not a date"),
        (["gig", "--add", "Rock"], 64, "--add needs --date"),
        (["gig", "--add", "Nope", "--date", "2026-03-14"], 1, "No playlist"),
        (["gig", "--add", "Rock", "--date", "2026-03-14", "--venue", " "], 1, "venue"),
        (["gig", "1", "--add", "Rock", "--date", "2026-03-14"], 64, "leave out the gig"),
        (["gig", "--remove"], 64, "--remove needs the gig"),
        (["gig", "7"], 1, "No gig matches '7'"),
        (["gig", "--format", "csv"], 64, "--format goes with --report"),
        (["gig", "--report", "--format", "pdf"], 64, "pdf"),
        (["songs", "--not-played-since", "last year"], 1, "--not-played-since: \"last year\" is not a date"),
        (["songs", "--sort", "name"], 64, "name"),
        (["live", "Rock", "--venue", " "], 1, "The venue is empty"),
    ])
    func badInputIsRefusedNamingTheField(arguments: [String], status: Int32, message: String) throws {
        let lib = try Self.band()
        try lib.ok("gig", "--add", "Rock", "--date", "2026-01-01")
        let before = try lib.snapshot()
        let result = try lib.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try lib.snapshot() == before)
    }

    @Test func anEmptyLogSaysHowToFillIt() throws {
        let lib = try Self.band()
        let result = try lib.run("gig")
        #expect(result.status == 1)
        #expect(result.stderr.contains("No gigs are logged yet"))
    }
}
