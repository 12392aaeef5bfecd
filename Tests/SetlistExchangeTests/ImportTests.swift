import Foundation
import SetlistModel
import Testing

@testable import SetlistExchange

@Suite struct ImportTests {
    @Test func importsIntoAnEmptyLibraryAndRoundTrips() throws {
        let leader = Fixtures.leaderLibrary()
        let setlist = try Fixtures.concertDocument(leader)
        var member = Library()
        let report = try PlstsImport.apply(setlist, to: &member)
        #expect(report.kind == .created)
        #expect(report.songCount == 3)
        #expect(report.addedOriginals.map(\.id) == ["aaaa0001", "aaaa0002"])
        #expect(member.currentPlaylistID == "bbbb0001")
        #expect(member.songs.map(\.id) == ["aaaa0001", "aaaa0002"])
        #expect(member.songs[0].fields == leader.songs[0].fields)
        let original = PlstsDocument.export(leader.playlists[0], from: leader, generator: "g", date: Fixtures.date)
        let again = PlstsDocument.export(member.playlists[0], from: member, generator: "g", date: Fixtures.date)
        #expect(again == original)
    }

    @Test func keepsTheLibrarysOriginalsAndDoesNotDuplicateThem() throws {
        let setlist = try Fixtures.concertDocument()
        var member = Library(songs: [
            Song(id: "aaaa0001", fields: SongFields(name: "Highway to Hell", author: "AC/DC", key: MusicalKey(parsing: "E minor")))
        ])
        let before = member.songs[0]
        let report = try PlstsImport.apply(setlist, to: &member)
        #expect(report.addedOriginals.map(\.id) == ["aaaa0002"])
        #expect(member.songs.count == 2)
        #expect(member.songs[0] == before)
    }

    @Test func copiesRememberWhatWasReceived() throws {
        var member = Library()
        _ = try PlstsImport.apply(try Fixtures.concertDocument(), to: &member)
        for copy in member.playlists[0].copies {
            #expect(copy.received == copy.fields)
        }
    }

    @Test func importingTheSameDocumentTwiceChangesNothing() throws {
        let setlist = try Fixtures.concertDocument()
        var member = Library(songs: [Song(id: "ffff0001", fields: SongFields(name: "Mine"))])
        _ = try PlstsImport.apply(setlist, to: &member)
        // Even which playlist is current stays as the member left it.
        member.currentPlaylistID = nil
        let afterFirst = member
        let report = try PlstsImport.apply(setlist, to: &member)
        #expect(report.kind == .unchanged)
        #expect(report.changes.isEmpty)
        #expect(member == afterFirst)
        #expect(report.lines(dryRun: false).first?.contains("already up to date") == true)
    }

    @Test func aDifferentPlaylistOfTheSameNameNeedsAChoice() throws {
        let setlist = try Fixtures.concertDocument()
        var member = Library(playlists: [Playlist(id: "eeee0001", name: "concert")])
        let before = member
        #expect {
            try PlstsImport.apply(setlist, to: &member)
        } throws: { error in
            guard case ExchangeError.nameTaken(_, let name) = error else { return false }
            return name == "Concert" && "\(error)".contains("--rename NEW") && "\(error)".contains("--replace")
        }
        #expect(member == before)
    }

    @Test func renameImportsBesideIt() throws {
        var member = Library(playlists: [Playlist(id: "eeee0001", name: "Concert")])
        let report = try PlstsImport.apply(try Fixtures.concertDocument(), to: &member, options: ImportOptions(rename: "Concert (band)"))
        #expect(report.kind == .created)
        #expect(member.playlists.map(\.name) == ["Concert", "Concert (band)"])
        #expect(member.currentPlaylistID == "bbbb0001")
        // The renamed name stays taken too.
        var again = member
        #expect(throws: ExchangeError.self) {
            try PlstsImport.apply(try Fixtures.concertDocument(), to: &again, options: ImportOptions(rename: "Concert"))
        }
    }

    @Test func replaceTakesThePlaceOfTheOtherPlaylist() throws {
        var member = Library(
            playlists: [
                Playlist(id: "eeee0000", name: "First"), Playlist(id: "eeee0001", name: "Concert", items: [.setBreak("x")]),
                Playlist(id: "eeee0002", name: "Last"),
            ],
            currentPlaylistID: "eeee0001")
        let report = try PlstsImport.apply(try Fixtures.concertDocument(), to: &member, options: ImportOptions(replace: true))
        #expect(report.replaced == ReplacedPlaylist(name: "Concert", songs: 0))
        #expect(member.playlists.map(\.id) == ["eeee0000", "bbbb0001", "eeee0002"])
        #expect(member.currentPlaylistID == "bbbb0001")
        #expect(report.lines(dryRun: true).contains { $0.contains("would replace your playlist 'Concert'") })
    }

    @Test func copyIdsTakenElsewhereAreRenewed() throws {
        let mine = SongCopy(id: "cccc0001", originalID: nil, fields: SongFields(name: "Other"))
        var member = Library(playlists: [Playlist(id: "eeee0001", name: "Mine", items: [.song(mine)])])
        _ = try PlstsImport.apply(try Fixtures.concertDocument(), to: &member)
        let imported = member.playlists[1].copies
        #expect(imported.count == 3)
        #expect(!imported.map(\.id).contains("cccc0001"))
        #expect(imported[0].name == "Highway to Hell")
        #expect(member.playlists[0].copies == [mine])
    }

    @Test func aPlaylistFileNameClashIsRefused() throws {
        // Same name slug and same first eight characters of the id: the files would collide.
        var member = Library(playlists: [Playlist(id: "bbbb0001ffff", name: "Concert!")])
        let before = member
        #expect {
            try PlstsImport.apply(try Fixtures.concertDocument(), to: &member)
        } throws: { error in
            if case ExchangeError.identifierClash = error { true } else { false }
        }
        #expect(member == before)
    }

    @Test func longListsOfNewSongsAreShortened() {
        var report = ImportReport(kind: .created, source: "big.plsts", playlistName: "Big", songCount: 35)
        report.addedOriginals = (1...35).map { Song(id: "s\($0)", fields: SongFields(name: "Song \($0)")) }
        let lines = report.lines(dryRun: false)
        #expect(lines.filter { $0.hasPrefix("  + new in your repertoire:") }.count == ImportReport.listedOriginals)
        #expect(lines.last == "  + and 5 more new songs in your repertoire (`setlist songs` lists them).")
    }

    @Test func severalDocumentsOfTheSameSetlistApplyInOrder() throws {
        let leader = Fixtures.leaderLibrary()
        var changed = leader
        changed.playlists[0].items.removeLast()
        var member = Library()
        _ = try PlstsImport.apply(try Fixtures.concertDocument(leader), to: &member)
        let report = try PlstsImport.apply(try Fixtures.concertDocument(changed), to: &member)
        #expect(report.kind == .updated)
        #expect(member.playlists.count == 1)
        #expect(member.playlists[0].copies.count == 2)
    }
}
