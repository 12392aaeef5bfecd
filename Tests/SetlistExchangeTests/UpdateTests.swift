import Foundation
import SetlistModel
import Testing

@testable import SetlistExchange

/// Importing a setlist the member already has: the sender's changes follow, the member's own
/// notes stay.
@Suite struct UpdateTests {
    /// A member who imported the leader's "Concert" and wrote notes on two of its songs.
    static func member() throws -> Library {
        var member = Library()
        _ = try PlstsImport.apply(try Fixtures.concertDocument(), to: &member)
        let index = try member.playlistIndex(matching: "Concert")
        try member.applyEdit(SongEdit(notes: .some("my own: watch the drummer")), toCopyAt: 1, in: index, alsoOriginal: false)
        try member.applyEdit(SongEdit(notes: .some("capo 3")), toCopyAt: 2, in: index, alsoOriginal: false)
        return member
    }

    @Test func keepsTheMembersNotesWhereTheSenderDidNotChangeThem() throws {
        var leader = Fixtures.leaderLibrary()
        leader.playlists[0].items[0] = Self.editing(leader.playlists[0].items[0]) {
            $0.bpm = 120
            $0.key = MusicalKey(parsing: "F# minor")
        }
        var member = try Self.member()
        let report = try PlstsImport.apply(try Fixtures.concertDocument(leader), to: &member)
        let copy = member.playlists[0].copies[0]
        #expect(copy.fields.notes == "my own: watch the drummer")
        #expect(copy.fields.bpm == 120)
        #expect(copy.fields.key == MusicalKey(parsing: "F# minor"))
        #expect(report.changes == [.changed(position: 1, song: copy.fields, fields: ["key C minor → F♯ minor", "tempo 250 → 120 BPM"])])
    }

    @Test func takesTheSendersNotesWhereTheMemberDidNotChangeThem() throws {
        var leader = Fixtures.leaderLibrary()
        leader.playlists[0].items[3] = Self.editing(leader.playlists[0].items[3]) { $0.notes = "slow ending" }
        var member = try Self.member()
        let report = try PlstsImport.apply(try Fixtures.concertDocument(leader), to: &member)
        #expect(member.playlists[0].copies[2].fields.notes == "slow ending")
        #expect(report.changes == [.notes(position: 3, song: member.playlists[0].copies[2].fields, outcome: .updated)])
    }

    @Test func keepsBothWhenBothChangedTheNotes() throws {
        var leader = Fixtures.leaderLibrary()
        leader.playlists[0].items[0] = Self.editing(leader.playlists[0].items[0]) { $0.notes = "Angus counts in twice" }
        var member = try Self.member()
        let report = try PlstsImport.apply(try Fixtures.concertDocument(leader), to: &member)
        #expect(member.playlists[0].copies[0].fields.notes == "my own: watch the drummer\n\nAngus counts in twice")
        #expect(report.changes.count == 1)
        // Importing the same document again keeps that result.
        let settled = member
        #expect(try PlstsImport.apply(try Fixtures.concertDocument(leader), to: &member).kind == .unchanged)
        #expect(member == settled)
    }

    /// Copy ids are unique per setlist only: another program may number them "1", "2" in every
    /// setlist it writes. Copies whose ids another playlist of the member already uses get new
    /// ids, and an update must still find them: the same document imported again changes
    /// nothing, and the member's notes survive the next update.
    @Test func copiesRenumberedOnImportAreFoundByTheNextUpdate() throws {
        func document(_ playlistID: String, _ name: String, notes: String?) throws -> SharedSetlist {
            let notes = notes.map { ", \"notes\": \"\($0)\"" } ?? ""
            return try Fixtures.read(
                """
                {"format": "setlist-plsts", "version": "1.0", "generator": "other tool", "exported": "2026-05-01T18:30:00Z",
                 "playlist": {"id": "\(playlistID)", "name": "\(name)", "items": [{"id": "1", "name": "Intro"\(notes)}, {"id": "2", "name": "Finale"}]}}
                """)
        }
        var member = Library()
        _ = try PlstsImport.apply(try document("p1", "Friday", notes: nil), to: &member)
        _ = try PlstsImport.apply(try document("p2", "Saturday", notes: nil), to: &member)
        let saturday = try member.playlistIndex(matching: "Saturday")
        #expect(Set(member.playlists[saturday].copies.map(\.id)).isDisjoint(with: ["1", "2"]))
        let settled = member
        #expect(try PlstsImport.apply(try document("p2", "Saturday", notes: nil), to: &member).kind == .unchanged)
        #expect(member == settled)

        try member.applyEdit(SongEdit(notes: .some("count four")), toCopyAt: 1, in: saturday, alsoOriginal: false)
        let report = try PlstsImport.apply(try document("p2", "Saturday", notes: "slow start"), to: &member)
        #expect(member.playlists[saturday].copies.map(\.id) == settled.playlists[saturday].copies.map(\.id))
        #expect(member.playlists[saturday].copies[0].fields.notes == "count four\n\nslow start")
        #expect(report.changes == [.notes(position: 1, song: member.playlists[saturday].copies[0].fields, outcome: .combined)])
        // Friday kept its ids.
        #expect(member.playlists[try member.playlistIndex(matching: "Friday")].copies.map(\.id) == ["1", "2"])
    }

    @Test func reportsAddedRemovedMovedAndBreaks() throws {
        var leader = Fixtures.leaderLibrary()
        let newSong = Song(id: "aaaa0009", fields: SongFields(name: "Thunderstruck", author: "AC/DC"))
        leader.songs.append(newSong)
        // Was: Highway, break Set 2, Stairway, Deleted. Now: Stairway, Highway, break Encore, Thunderstruck.
        let items = leader.playlists[0].items
        leader.playlists[0].items = [
            items[2], items[0], .setBreak("Encore"), .song(SongCopy(id: "cccc0009", originalID: newSong.id, fields: newSong.fields)),
        ]
        leader.playlists[0].name = "Concert Praha"
        var member = try Self.member()
        let report = try PlstsImport.apply(try Fixtures.concertDocument(leader), to: &member)
        #expect(report.kind == .updated)
        let lines = report.changes.map(\.description)
        #expect(lines.contains("~ renamed from 'Concert' to 'Concert Praha'"))
        #expect(lines.contains("- 'Deleted Song' (was #3): removed"))
        #expect(lines.contains("+ #3 'Thunderstruck' by AC/DC: added"))
        #expect(lines.filter { $0.contains(": moved from #") }.count == 1)
        #expect(lines.contains("- break 'Set 2': removed"))
        #expect(lines.contains("+ break 'Encore' before #3"))
        #expect(report.addedOriginals == [newSong])
        #expect(member.playlists[0].name == "Concert Praha")
        #expect(member.playlists[0].copies.map(\.id) == ["cccc0002", "cccc0001", "cccc0009"])
        // Both personal notes survive the reordering.
        #expect(member.playlists[0].copies[0].fields.notes == "capo 3")
        #expect(member.playlists[0].copies[1].fields.notes == "my own: watch the drummer")
    }

    @Test func aRenameAgainstAnotherOfTheMembersPlaylistsKeepsTheirName() throws {
        var leader = Fixtures.leaderLibrary()
        leader.playlists[0].name = "Rehearsal"
        var member = try Self.member()
        let rehearsal = member.playlists[try member.addPlaylist(named: "Rehearsal")].id
        let report = try PlstsImport.apply(try Fixtures.concertDocument(leader), to: &member)
        #expect(member.playlists.map(\.name) == ["Concert", "Rehearsal"])
        #expect(report.remarks.first?.contains("Kept your name 'Concert'") == true)
        // Nothing else changed, so nothing did: not even the current playlist.
        #expect(report.kind == .unchanged)
        #expect(member.currentPlaylistID == rehearsal)
    }

    @Test func mergeNotesRules() {
        let base = SongFields(name: "x", notes: "base")
        #expect(PlstsImport.mergeNotes(mine: "same", base: base, theirs: "same") == ("same", nil))
        #expect(PlstsImport.mergeNotes(mine: "mine", base: base, theirs: "base") == ("mine", nil))
        #expect(PlstsImport.mergeNotes(mine: "base", base: base, theirs: "theirs") == ("theirs", .updated))
        #expect(PlstsImport.mergeNotes(mine: nil, base: base, theirs: "theirs") == ("theirs", .updated))
        #expect(PlstsImport.mergeNotes(mine: "mine", base: base, theirs: nil) == ("mine", nil))
        #expect(PlstsImport.mergeNotes(mine: "mine", base: base, theirs: "theirs") == ("mine\n\ntheirs", .combined))
        #expect(PlstsImport.mergeNotes(mine: "mine and theirs", base: base, theirs: "theirs") == ("mine and theirs", nil))
        // The sender added to what the member last sent them (the base is older): taken whole.
        #expect(PlstsImport.mergeNotes(mine: "mine", base: base, theirs: "mine. And more") == ("mine. And more", .updated))
        #expect(
            PlstsImport.mergeNotes(mine: "mine", base: base, theirs: "mine. And more", preferring: .mine)
                == ("mine", .keptMine(theirs: "mine. And more")))
        // Without a base (a copy never received), nothing the member wrote is lost.
        #expect(PlstsImport.mergeNotes(mine: nil, base: nil, theirs: "theirs") == ("theirs", .updated))
        #expect(PlstsImport.mergeNotes(mine: "mine", base: nil, theirs: nil) == ("mine", nil))
        #expect(PlstsImport.mergeNotes(mine: "mine", base: nil, theirs: "theirs") == ("mine\n\ntheirs", .combined))
        let long = String(repeating: "x", count: Text.maximumNotesLength - 1)
        #expect(PlstsImport.mergeNotes(mine: long, base: base, theirs: "theirs") == (long, .keptYours))
    }

    static func editing(_ item: PlaylistItem, _ change: (inout SongFields) -> Void) -> PlaylistItem {
        guard case .song(var copy) = item else { return item }
        change(&copy.fields)
        return .song(copy)
    }
}
