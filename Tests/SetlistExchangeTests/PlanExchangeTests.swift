import Foundation
import SetlistModel
import Testing

@testable import SetlistExchange

/// The plan in `.plsts` documents (the optional `playlist.plan` of version 1.1): written, read
/// back, checked, merged three-way on update, and skipped by a reader that does not know it.
@Suite struct PlanExchangeTests {
    static let plan = ShowPlan(
        start: PlanStart(parsing: "2026-12-31 23:30"), zone: "Europe/Prague", gap: 20, breakLength: 900, target: 5400,
        breakLengths: [BreakLength(label: "Set 2", length: 1200)])

    /// The leader's library with "Concert" planned.
    static func leader(_ plan: ShowPlan? = PlanExchangeTests.plan) -> Library {
        var library = Fixtures.leaderLibrary()
        library.playlists[0].plan = plan
        return library
    }

    static func json(_ library: Library) throws -> [String: Any] {
        let data = PlstsDocument.export(library.playlists[0], from: library, generator: "setlist test", date: Fixtures.date)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aPlanRoundTripsAndMakesTheDocumentVersion11() throws {
        let json = try Self.json(Self.leader())
        #expect(json["version"] as? String == "1.1")
        let part = try #require((json["playlist"] as? [String: Any])?["plan"] as? [String: Any])
        #expect(part["start"] as? String == "2026-12-31 23:30" && part["zone"] as? String == "Europe/Prague")
        #expect(part["gap"] as? Int == 20 && part["breakLength"] as? Int == 900 && part["target"] as? Int == 5400)
        #expect((part["breaks"] as? [[String: Any]])?.first?["break"] as? String == "Set 2")
        let read = try Fixtures.concertDocument(Self.leader())
        #expect(read.playlist.plan == Self.plan)
        #expect(read.version == FormatVersion(major: 1, minor: 1))
        // Imported into an empty library and exported again: the same document.
        var member = Library()
        _ = try PlstsImport.apply(read, to: &member)
        #expect(member.playlists[0].plan == Self.plan)
        let again = PlstsDocument.export(member.playlists[0], from: member, generator: "setlist test", date: Fixtures.date)
        #expect(
            again == PlstsDocument.export(Self.leader().playlists[0], from: Self.leader(), generator: "setlist test", date: Fixtures.date))
    }

    @Test func withoutAPlanTheDocumentIsTheSame10AsBefore() throws {
        let json = try Self.json(Self.leader(nil))
        #expect(json["version"] as? String == "1.0")
        #expect((json["playlist"] as? [String: Any])?["plan"] == nil)
        #expect(try Fixtures.concertDocument().playlist.plan == nil)
    }

    /// What a 1.0 reader does with the plan: its playlist's coding keys were id, name and items,
    /// and every unknown field is skipped at any level. The same document with the part under a
    /// name this reader does not know either (as `plan` is to 1.0) is read, without a plan, and
    /// unknown fields inside a plan are skipped too.
    @Test func aReaderThatDoesNotKnowThePartSkipsIt() throws {
        let data = PlstsDocument.export(Self.leader().playlists[0], from: Self.leader(), generator: "setlist test", date: Fixtures.date)
        let renamed = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"plan\" :", with: "\"schedule\" :")
        #expect(renamed.contains("\"schedule\""))
        let older = try Fixtures.read(renamed)
        #expect(older.playlist.plan == nil)
        #expect(older.playlist.items == Self.leader().playlists[0].items)
        let future = Fixtures.document(
            items:
                #"[{"id": "c1", "name": "Intro", "length": 60}], "plan": {"start": "20:00", "lights": {"cue": 3}, "gap": 0, "doors": "19:00"}"#,
            version: "1.4")
        #expect(try Fixtures.read(future).playlist.plan == ShowPlan(start: PlanStart(parsing: "20:00")))
    }

    @Test func everyBadValueOfThePlanIsNamed() {
        let problems = Fixtures.problems(
            Fixtures.document(
                items: #"""
                    [{"break": "Set 2"}], "plan": {"start": "25:00", "zone": "../../etc/passwd", "gap": -1, "breakLength": "15m",
                     "target": 0, "breaks": [{"break": "Set 2", "length": 99999}, {"length": 60}, {"break": "A", "length": 1},
                     {"break": "A", "length": 2}, 7]}
                    """#, version: "1.1"))
        for expected in [
            "playlist.plan.start: \"25:00\" is not a start time", "playlist.plan.zone: \"../../etc/passwd\" is not a time zone",
            "playlist.plan.gap: -1 is not a length", "playlist.plan.breakLength: expected a whole number of seconds, found text \"15m\"",
            "playlist.plan.target: 0 is not a length", "playlist.plan.breaks[0].length: 99999 is not a length",
            "playlist.plan.breaks[1]: the field \"break\" is missing", "playlist.plan.breaks[3]: gives the break 'A' a length again",
            "playlist.plan.breaks[4]: expected an object, found the number 7",
        ] {
            #expect(problems.contains { $0.hasPrefix(expected) }, "\(expected) in \(problems)")
        }
        #expect(
            Fixtures.problems(Fixtures.document(items: #"[], "plan": "20:00""#)) == [
                "playlist.plan: expected an object, found text \"20:00\"."
            ])
    }

    /// A member who imported the planned "Concert".
    static func member() throws -> Library {
        var member = Library()
        _ = try PlstsImport.apply(try Fixtures.concertDocument(leader()), to: &member)
        return member
    }

    static func update(_ member: inout Library, from leader: Library, keepMine: Bool = false) throws -> ImportReport {
        try PlstsImport.apply(
            try Fixtures.concertDocument(leader), to: &member, options: ImportOptions(preference: keepMine ? .mine : .theirs))
    }

    @Test func anUpdateMergesThePlanPartByPart() throws {
        var member = try Self.member()
        member.playlists[0].plan!.gap = 30 // the member wants longer gaps
        var leader = Self.leader()
        leader.playlists[0].plan!.start = PlanStart(parsing: "2026-12-31 22:00") // the sender moves the show
        let report = try Self.update(&member, from: leader)
        #expect(member.playlists[0].plan?.gap == 30)
        #expect(member.playlists[0].plan?.start == PlanStart(parsing: "2026-12-31 22:00"))
        #expect(report.changes.contains(.planChanged(["start 2026-12-31 23:30 Europe/Prague → 2026-12-31 22:00 Europe/Prague"])))
        #expect(report.conflicts.isEmpty)
        // The same document again changes nothing.
        let settled = member
        #expect(try Self.update(&member, from: leader).kind == .unchanged)
        #expect(member == settled)
    }

    @Test func bothChangingATargetIsAConflictTheSenderWinsUnlessKeepMine() throws {
        var leader = Self.leader()
        leader.playlists[0].plan!.target = 3600
        for keepMine in [false, true] {
            var member = try Self.member()
            member.playlists[0].plan!.target = 7200
            let report = try Self.update(&member, from: leader, keepMine: keepMine)
            #expect(member.playlists[0].plan?.target == (keepMine ? 7200 : 3600))
            #expect(
                report.conflicts == [ConflictNote(place: "the plan's target", yours: "2:00:00", theirs: "1:00:00", keptYours: keepMine)])
        }
    }

    @Test func theSendersRemovalOrFirstPlanComesInAndADocumentWithoutOneKeepsTheMembers() throws {
        // The sender drops the plan the member kept as received: it goes.
        var member = try Self.member()
        let report = try Self.update(&member, from: Self.leader(nil))
        #expect(member.playlists[0].plan == nil)
        #expect(report.kind == .updated)
        // The member planned a setlist received without a plan; the sender still has none: it stays.
        var unplanned = Library()
        _ = try PlstsImport.apply(try Fixtures.concertDocument(Self.leader(nil)), to: &unplanned)
        unplanned.playlists[0].plan = ShowPlan(gap: 45)
        _ = try Self.update(&unplanned, from: Self.leader(nil))
        #expect(unplanned.playlists[0].plan == ShowPlan(gap: 45))
        // The sender's first plan comes in; both set a gap, which is a conflict like any other.
        let first = try Self.update(&unplanned, from: Self.leader())
        #expect(unplanned.playlists[0].plan == Self.plan)
        #expect(first.conflicts == [ConflictNote(place: "the plan's gap", yours: "0:45", theirs: "0:20", keptYours: false)])
    }

    @Test func anAppDocumentNeverTouchesThePlan() throws {
        // A member who planned a playlist of their own, updated from the app's file of its name.
        var library = Self.leader()
        guard case .playlist(let name, let songs) = try AppDocument.read(AppDocument.export(library.playlists[0]), source: "Concert.plsts")
        else {
            Issue.record("not read as a playlist")
            return
        }
        library.playlists[0].items.removeLast()
        let app = AppDocument.setlist(name: name ?? "Concert", songs: songs, source: "Concert.plsts", library: library)
        let report = try PlstsImport.apply(app, to: &library)
        #expect(report.kind == .updated)
        #expect(library.playlists[0].plan == Self.plan)
    }

    @Test func anEmptiedSetsBreakTakesItsLengthAlongOnImport() throws {
        let json = Fixtures.document(
            items: #"""
                [{"id": "c1", "name": "A", "length": 60}, {"break": "Set 2"}, {"break": "Set 3"}, {"id": "c2", "name": "B", "length": 60}],
                "plan": {"gap": 0, "breakLength": 0, "breaks": [{"break": "Set 2", "length": 100}, {"break": "Set 3", "length": 200}]}
                """#, version: "1.1")
        var library = Library()
        _ = try PlstsImport.apply(try Fixtures.read(json), to: &library)
        let playlist = library.playlists[0]
        #expect(playlist.items.count == 3)
        #expect(playlist.plan?.breakLengths == [BreakLength(label: "Set 3", length: 200)])
        #expect(ShowSchedule(playlist: playlist, plan: playlist.plan!).songs.map(\.start) == [0, 260])
    }
}
