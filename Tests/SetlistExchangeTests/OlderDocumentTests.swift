import Foundation
import SetlistModel
import Testing

@testable import SetlistExchange

/// An attachment opened again after a newer one was imported must not undo the sender's later
/// changes without a word (issue 36): it is refused, naming both dates, unless asked for.
@Suite struct OlderDocumentTests {
    static func document(_ library: Library, exported date: Date) throws -> SharedSetlist {
        let data = PlstsDocument.export(library.playlists[0], from: library, generator: "setlist test", date: date)
        return try PlstsDocument.read(data, source: "k\(Int(date.timeIntervalSince1970) % 10).plsts")
    }

    @Test func anOlderDocumentIsRefusedAndTakenOnlyWhenAsked() throws {
        let leader = Fixtures.leaderLibrary()
        let first = try Self.document(leader, exported: Date(timeIntervalSince1970: 1_777_660_201))
        // The sender renames the setlist, changes a key and adds a break, and sends it again.
        var later = leader
        later.playlists[0].name = "Koncert v Plzni"
        ThreeWayImportTests.edit(&later, copy: 1) { $0.key = MusicalKey(parsing: "D minor") }
        later.playlists[0].items.append(.setBreak("Přídavek"))
        let third = try Self.document(later, exported: Date(timeIntervalSince1970: 1_777_746_603))
        var member = Library()
        _ = try PlstsImport.apply(first, to: &member)
        _ = try PlstsImport.apply(third, to: &member)
        #expect(member.playlists[0].received?.exported == "2026-05-02T18:30:03Z")
        let settled = member
        let error = #expect(throws: ExchangeError.self) { try PlstsImport.apply(first, to: &member) }
        #expect(member == settled)
        let message = error.map { "\($0)" } ?? ""
        #expect(
            message.contains(
                "k1.plsts was exported 2026-05-01 18:30:01 UTC, before the 'Koncert v Plzni' you last received (exported 2026-05-02 18:30:03 UTC)"
            ), "\(message)")
        #expect(message.contains("`--older`"))
        // The same document again is not older; asked, the older one is taken and remembered.
        #expect(try PlstsImport.apply(third, to: &member).kind == .unchanged)
        let report = try PlstsImport.apply(first, to: &member, options: ImportOptions(takeOlder: true))
        #expect(report.kind == .updated && member.playlists[0].name == leader.playlists[0].name)
        #expect(member.playlists[0].received?.exported == "2026-05-01T18:30:01Z")
        #expect(try PlstsImport.apply(third, to: &member).kind == .updated)
    }

    /// A document dated later than now (a sender's wrong clock, a made-up file) is taken with a
    /// warning and counts as received now: the sender's genuine updates still come in (issue 46).
    @Test func aDocumentFromTheFutureIsTakenAsReceivedNowAndBlocksNothing() throws {
        let leader = Fixtures.leaderLibrary()
        let now = Date(timeIntervalSince1970: 1_777_660_200)
        var member = Library()
        let future = try Self.document(leader, exported: Date(timeIntervalSince1970: 4_000_000_000))
        let report = try PlstsImport.apply(future, to: &member, options: ImportOptions(now: now))
        let lines = report.lines(dryRun: false).joined(separator: "\n")
        #expect(
            lines.contains("Warning: k0.plsts says it was exported 2096-10-02 07:06:40 UTC, later than now (2026-05-01 18:30:00 UTC)"),
            "\(lines)")
        #expect(member.playlists[0].received?.exported == "2026-05-01T18:30:00Z")

        var later = leader
        later.playlists[0].name = "Koncert v Plzni"
        let update = try Self.document(later, exported: now.addingTimeInterval(3600))
        let taken = try PlstsImport.apply(update, to: &member, options: ImportOptions(now: now.addingTimeInterval(7200)))
        #expect(taken.kind == .updated && member.playlists[0].name == "Koncert v Plzni")
        #expect(!taken.lines(dryRun: false).joined().contains("Warning"))

        // A date recorded in the future before this rule blocks nothing either.
        member.playlists[0].received?.exported = "2096-10-02T07:06:40Z"
        let next = try Self.document(leader, exported: now.addingTimeInterval(10_000))
        #expect(try PlstsImport.apply(next, to: &member, options: ImportOptions(now: now.addingTimeInterval(20_000))).kind == .updated)
        // A clock a minute ahead is no news, though the time is kept as now.
        var small = Library()
        let ahead = try PlstsImport.apply(
            try Self.document(leader, exported: now.addingTimeInterval(60)), to: &small, options: ImportOptions(now: now))
        #expect(!ahead.lines(dryRun: false).joined().contains("Warning"))
        #expect(small.playlists[0].received?.exported == "2026-05-01T18:30:00Z")
    }

    /// A playlist received before the date was recorded, and the app's documents (no date),
    /// are taken as before.
    @Test func withoutADateNothingIsRefused() throws {
        let leader = Fixtures.leaderLibrary()
        var member = Library()
        _ = try PlstsImport.apply(try Self.document(leader, exported: Date(timeIntervalSince1970: 1_777_746_603)), to: &member)
        member.playlists[0].received?.exported = nil
        _ = try PlstsImport.apply(try Self.document(leader, exported: Date(timeIntervalSince1970: 1_777_660_201)), to: &member)
        #expect(member.playlists[0].received?.exported == "2026-05-01T18:30:01Z")
    }
}

/// The sender's change to a song the member took out of the setlist is not taken, and the
/// report says what and why (issue 36).
@Suite struct RemovedHereTests {
    @Test func theSendersChangeToASongTakenOutIsReportedAsNotTaken() throws {
        let leader = Fixtures.leaderLibrary()
        var member = Library()
        _ = try PlstsImport.apply(try Fixtures.concertDocument(leader), to: &member)
        let removed = try member.removeCopies(["Stairway to Heaven"], from: nil)
        #expect(removed.removed.map(\.name) == ["Stairway to Heaven"])
        var later = leader
        let position = later.playlists[0].copies.firstIndex { $0.name == "Stairway to Heaven" }! + 1
        ThreeWayImportTests.edit(&later, copy: position) { $0.notes = "Capo 2, slow intro" }
        let report = try PlstsImport.apply(try Fixtures.concertDocument(later), to: &member)
        #expect(!member.playlists[0].copies.contains { $0.name == "Stairway to Heaven" })
        let lines = report.lines(dryRun: false).joined(separator: "\n")
        #expect(
            lines.contains(
                "! 'Stairway to Heaven' by Led Zeppelin: the sender changed it (notes \"Capo 2, slow intro\"), but you had taken it out of the setlist, so that was not taken"
            ), "\(lines)")
        // The same document again reports nothing more.
        let again = try PlstsImport.apply(try Fixtures.concertDocument(later), to: &member)
        #expect(!again.lines(dryRun: false).joined().contains("not taken"))
    }
}
