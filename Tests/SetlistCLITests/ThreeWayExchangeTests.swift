import CLITestSupport
import Foundation
import Testing

/// Three-way updates, --keep-mine, --dry-run and the original app's files through `setlist`.
@Suite struct ThreeWayExchangeTests {
    @Test func leaderExportsMemberEditsLeaderChangesMemberReimports() throws {
        let leader = try ExchangeTests.leader()
        let member = try TemporaryLibrary()
        try member.ok("import", "-", stdin: try ExchangeTests.export(leader))
        try member.ok("edit-song", "Highway to Hell", "--in", "Concert", "--key", "E minor", "--notes", "watch Pepa")
        try leader.ok("edit-song", "Stairway to Heaven", "--in", "Concert", "--bpm", "90")
        try leader.ok("move", "Concert", "2", "1")
        let update = try ExchangeTests.export(leader)
        // --dry-run says what the import does, and changes nothing.
        let before = try member.snapshot()
        let dry = try member.ok("import", "--dry-run", "-", stdin: update)
        #expect(dry.contains("moved from #1 to #2"), "\(dry)")
        #expect(try member.snapshot() == before)
        let real = try member.ok("import", "-", stdin: update)
        #expect(real.contains("moved from #1 to #2"))
        let song = try member.ok("show", "Concert")
        #expect(song.contains("E minor"), "\(song)")
        #expect(!song.contains("C minor"), "\(song)")
        let again = try member.ok("import", "-", stdin: update)
        #expect(again.contains("nothing changed"), "\(again)")
    }

    /// The song `name` of "Concert" in `lib`, as `show --json` gives it.
    static func song(_ name: String, in lib: TemporaryLibrary) throws -> [String: Any] {
        let songs = try #require(try lib.json("show", "Concert", "--json")["songs"] as? [[String: Any]]).compactMap {
            $0["copy"] as? [String: Any]
        }
        return try #require(songs.first { $0["name"] as? String == name })
    }

    /// A member's reply to a setlist the leader made is merged against what the leader sent
    /// (noted by the first export): the member's notes and tempo come in as updates, not as
    /// changes of both sides; a second round trip doubles nothing; and only the first export
    /// changes the leader's library.
    @Test func aReplyToTheLeadersOwnSetlistIsMergedAgainstWhatWasSent() throws {
        let leader = try ExchangeTests.leader()
        try leader.ok("edit-song", "Highway to Hell", "--in", "Concert", "--notes", "Angus counts in")
        let member = try TemporaryLibrary()
        try member.ok("import", "-", stdin: try ExchangeTests.export(leader))
        let noted = try leader.snapshot()
        _ = try ExchangeTests.export(leader)
        #expect(try leader.snapshot() == noted, "a second export changes nothing")
        #expect(try leader.ok("undo", "--list").contains("setlist export"))

        try member.ok("edit-song", "Highway to Hell", "--in", "Concert", "--notes", "Angus counts in\nPepa: capo 2")
        try member.ok("edit-song", "Stairway to Heaven", "--in", "Concert", "--bpm", "76")
        let report = try leader.ok("import", "-", stdin: try ExchangeTests.export(member))
        #expect(!report.contains("both changed"), "\(report)")
        #expect(try Self.song("Highway to Hell", in: leader)["notes"] as? String == "Angus counts in\nPepa: capo 2")
        #expect(try Self.song("Stairway to Heaven", in: leader)["bpm"] as? Int == 76)

        // Round trip two: the leader's update, the member's next change, the leader's import.
        try member.ok("import", "-", stdin: try ExchangeTests.export(leader))
        try member.ok("edit-song", "Stairway to Heaven", "--in", "Concert", "--bpm", "120")
        let second = try leader.ok("import", "-", stdin: try ExchangeTests.export(member))
        #expect(!second.contains("both changed"), "\(second)")
        #expect(try Self.song("Highway to Hell", in: leader)["notes"] as? String == "Angus counts in\nPepa: capo 2")
        #expect(try Self.song("Highway to Hell", in: member)["notes"] as? String == "Angus counts in\nPepa: capo 2")
        #expect(try Self.song("Stairway to Heaven", in: leader)["bpm"] as? Int == 120)
    }

    /// A note the member extended, then the leader extended further, comes back to the member
    /// as the leader's whole: round trip after round trip, no note is doubled on either side.
    @Test func notesExtendedInTurnNeverDouble() throws {
        let leader = try ExchangeTests.leader()
        try leader.ok("edit-song", "Highway to Hell", "--in", "Concert", "--notes", "Angus counts in")
        let member = try TemporaryLibrary()
        try member.ok("import", "-", stdin: try ExchangeTests.export(leader))
        var notes = "Angus counts in"
        for round in 1...3 {
            notes += ". Bass \(round)"
            try member.ok("edit-song", "Highway to Hell", "--in", "Concert", "--notes", notes)
            let reply = try leader.ok("import", "-", stdin: try ExchangeTests.export(member))
            #expect(!reply.contains("both changed"), "round \(round): \(reply)")
            notes += ". Drums \(round)"
            try leader.ok("edit-song", "Highway to Hell", "--in", "Concert", "--notes", notes)
            let update = try member.ok("import", "-", stdin: try ExchangeTests.export(leader))
            #expect(!update.contains("both changed"), "round \(round): \(update)")
            try member.ok("edit-song", "Stairway to Heaven", "--in", "Concert", "--bpm", "\(100 + round)")
            _ = try leader.ok("import", "-", stdin: try ExchangeTests.export(member))
            for lib in [leader, member] {
                #expect(try Self.song("Highway to Hell", in: lib)["notes"] as? String == notes, "round \(round)")
            }
        }
    }

    /// A member's unchanged reply to what the leader sent takes back none of the leader's changes
    /// made since: the tempo, the order and the name stay the leader's.
    @Test func anUnchangedReplyKeepsTheLeadersLaterChanges() throws {
        let leader = try ExchangeTests.leader()
        let member = try TemporaryLibrary()
        try member.ok("import", "-", stdin: try ExchangeTests.export(leader))
        try leader.ok("edit-song", "Stairway to Heaven", "--in", "Concert", "--bpm", "90")
        try leader.ok("move", "Concert", "2", "1")
        let report = try leader.ok("import", "-", stdin: try ExchangeTests.export(member))
        #expect(!report.contains("took the sender's") && !report.contains("moved"), "\(report)")
        #expect(try Self.song("Stairway to Heaven", in: leader)["bpm"] as? Int == 90)
        let names = try #require(try leader.json("show", "Concert", "--json")["songs"] as? [[String: Any]]).map {
            ($0["copy"] as? [String: Any])?["name"] as? String
        }
        #expect(names == ["Stairway to Heaven", "Highway to Hell"])
    }

    /// A document exported before the one last received would undo the sender's later changes:
    /// refused, naming both dates, the library unchanged; `--older` takes it anyway.
    @Test func anOlderDocumentIsRefusedUnlessOlderIsGiven() throws {
        let leader = try ExchangeTests.leader()
        let older = try leader.run(["export", "Concert", "-o", "-"], environment: ["SOURCE_DATE_EPOCH": "1777573800"]).stdoutData
        try leader.ok("edit-song", "Stairway to Heaven", "--in", "Concert", "--bpm", "90")
        let newer = try ExchangeTests.export(leader)
        let member = try TemporaryLibrary()
        try member.ok("import", "-", stdin: newer)
        let before = try member.snapshot()
        let refused = try member.run(["import", "-"], stdin: older)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("setlist: error: "), "\(refused.stderr)")
        #expect(
            refused.stderr.contains("2026-04-30 18:30:00 UTC") && refused.stderr.contains("2026-05-01 18:30:00 UTC"), "\(refused.stderr)")
        #expect(refused.stderr.contains("`--older`"), "\(refused.stderr)")
        #expect(try member.snapshot() == before, "nothing was changed")

        let taken = try member.run(["import", "--older", "-"], stdin: older)
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(try member.ok("show", "Concert").contains("250"), "the older document's tempo came in")
        #expect(try member.snapshot() != before)
    }

    @Test func aConflictWithAndWithoutKeepMine() throws {
        let leader = try ExchangeTests.leader()
        let member = try TemporaryLibrary()
        try member.ok("import", "-", stdin: try ExchangeTests.export(leader))
        try member.ok("edit-song", "Highway to Hell", "--in", "Concert", "--key", "E minor")
        try leader.ok("edit-song", "Highway to Hell", "--in", "Concert", "--key", "G minor")
        let update = try ExchangeTests.export(leader)
        let dry = try member.ok("import", "--dry-run", "--keep-mine", "-", stdin: update)
        #expect(dry.contains("kept yours, E minor"), "\(dry)")
        let taken = try member.ok("import", "-", stdin: update)
        #expect(taken.contains("took the sender's G minor, replacing yours, E minor"), "\(taken)")
    }

    /// The update's report prints keys as the member's band reads them.
    @Test func theReportSpeaksTheMembersNotation() throws {
        let leader = try ExchangeTests.leader()
        let member = try TemporaryLibrary()
        try member.ok("config", "notation", "german")
        try member.ok("import", "-", stdin: try ExchangeTests.export(leader))
        try member.ok("edit-song", "Highway to Hell", "--in", "Concert", "--key", "Hm")
        try leader.ok("edit-song", "Highway to Hell", "--in", "Concert", "--key", "Bb")
        try leader.ok("edit-song", "Stairway to Heaven", "--in", "Concert", "--key", "F#")
        let report = try member.ok("import", "-", stdin: try ExchangeTests.export(leader))
        #expect(report.contains("Fis dur"), "\(report)")
        #expect(report.contains("took the sender's B dur, replacing yours, h moll"), "\(report)")
        #expect(!report.contains("major") && !report.contains("minor"), "\(report)")
    }

    @Test func appFilesImportExportAndMalformedOnesChangeNothing() throws {
        let lib = try TemporaryLibrary()
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples")
        let folder = try lib.ok("import", samples.appendingPathComponent("app-Documents").path)
        #expect(folder.contains("Songs: 3 added"), "\(folder)")
        #expect(folder.contains("Contacts: 1 added: Pepa Kytara."))
        let exported = try lib.run("export", "Zkouška", "--format", "app", "-o", "-")
        #expect(exported.status == 0)
        let before = try lib.snapshot()
        #expect(try lib.ok("import", "-", stdin: exported.stdoutData).contains("nothing changed"))
        #expect(try lib.ok("import", samples.appendingPathComponent("Zkouska-app.plsts").path).contains("nothing changed"))
        for bad in [
            "{\"name\": \"Zkouška\", \"songs\": [{\"id\": 1, \"name\": \"A\", \"key\": \"purple\"}]}",
            "{\"name\": \"Z\", \"songs\": [{\"name\": \"no id\"}]}", "[1, 2",
        ] {
            let refused = try lib.run("import", "-", stdin: Data(bad.utf8))
            #expect(refused.status == 1, "\(bad)")
        }
        #expect(try lib.snapshot() == before)
    }
}
