import Testing

@testable import SetlistModel

/// The operations commands call: songs and playlists named as the user typed them, and a value
/// that says what actually happened.
@Suite struct LibraryOperationsTests {
    func sample() throws -> Library {
        var library = Library()
        library.addSong(SongFields(name: "Highway to Hell", author: "AC/DC", length: 140, key: try MusicalKey.parse("Cm"), bpm: 250))
        library.addSong(SongFields(name: "Stairway to Heaven", author: "Led Zeppelin", length: 90, bpm: 250))
        _ = try library.createPlaylist(named: "Můj koncert", copying: ["highway to hell", "Stairway to Heaven"], newSongs: [])
        return library
    }

    @Test func editingACopyByNameSaysWhereAndLeavesTheOriginal() throws {
        var library = try sample()
        let edited = try library.editCopy(
            "highway to hell", in: nil, SongEdit(key: .some(try MusicalKey.parse("Fm")), bpm: .some(100)), alsoOriginal: false)
        #expect(
            edited
                == CopyEdited(playlist: "Můj koncert", position: 1, fields: [.key, .bpm], originalChanged: false, originalMissing: false))
        #expect(library.differences(of: library.playlists[0].copies[0]) == [.key, .bpm])
        #expect(library.songs[0].fields.bpm == 250)
    }

    @Test func aCopyWhoseOriginalIsGoneSaysSo() throws {
        var library = try sample()
        #expect(try library.removeSongs(["Highway to Hell"]).map(\.name) == ["Highway to Hell"])
        #expect(library.differences(of: library.playlists[0].copies[0]) == nil, "no original to differ from")
        let edited = try library.editCopy("1", in: "Můj koncert", SongEdit(bpm: .some(90)), alsoOriginal: true)
        #expect(edited.originalMissing && !edited.originalChanged)
    }

    @Test func editingAnOriginalCountsThePlaylistsThatKeepTheirValues() throws {
        var library = try sample()
        let kept = try library.editSong("stairway to heaven", SongEdit(bpm: .some(80)), everywhere: false)
        #expect(kept.fields == [.bpm] && kept.copiesChanged == 0 && kept.playlistsKeeping == 1)
        let carried = try library.editSong("Stairway to Heaven", SongEdit(bpm: .some(70)), everywhere: true)
        #expect(carried.copiesChanged == 1 && carried.playlistsKeeping == 0)
        #expect(library.playlists[0].copies[1].fields.bpm == 70)
    }

    @Test func addingASongIntoAPlaylistSaysWhereAndWhoSharesTheTitle() throws {
        var library = try sample()
        let added = try library.addSong(SongFields(name: "highway to hell"), copyInto: "Můj koncert", at: 1)
        #expect(added.placement == CopyPlacement(playlist: "Můj koncert", position: 1))
        #expect(added.sameTitle.map(\.name) == ["Highway to Hell"])
        let before = library
        #expect(throws: LibraryError.self) { try library.addSong(SongFields(name: "New"), copyInto: "Můj koncert", at: 9) }
        #expect(library == before, "a refused add leaves the library as it was")
    }

    @Test func copyingRemovingAndMovingCopiesReportPositions() throws {
        var library = try sample()
        // Every song is already there: nothing is copied in a second time unless asked.
        let before = library
        #expect(try library.copySongs(nil, into: nil, at: nil) == CopiesAdded(playlist: "Můj koncert", first: 3, count: 0, skipped: 2))
        #expect(library == before)
        let added = try library.copySongs(nil, into: nil, at: nil, again: true)
        #expect(added == CopiesAdded(playlist: "Můj koncert", first: 3, count: 2))
        let moved = try library.moveCopy("4", to: "1", in: nil)
        #expect(moved == CopyMoved(playlist: "Můj koncert", song: "Stairway to Heaven", position: 1))
        let removed = try library.removeCopies(["1", "2"], from: "Můj koncert")
        #expect(removed.removed.map(\.name) == ["Stairway to Heaven", "Highway to Hell"])
        #expect(try library.removeCopies(nil, from: nil).removed.count == 2)
        #expect(library.playlists[0].items.isEmpty)
    }

    @Test func playlistsAreRenamedDuplicatedMovedAndDeletedByName() throws {
        var library = try sample()
        #expect(
            try library.renamePlaylist(nil, to: "Koncert") == PlaylistRenamed(old: "Můj koncert", new: "Koncert", changedNothing: false))
        let (original, copy) = try library.duplicatePlaylist("koncert", as: "Další")
        #expect(original.name == "Koncert" && copy.copies.count == 2)
        #expect(try library.movePlaylist("Další", to: 1) == PlaylistMoved(name: "Další", position: 1, changedNothing: false))
        #expect(try library.movePlaylist("Další", to: 1).changedNothing)
        #expect(try library.usePlaylist("Další").name == "Další")
        #expect(try library.deletePlaylists(["Další", "Koncert"]) == ["Další", "Koncert"])
        #expect(library.currentPlaylistID == nil)
    }

    @Test func settingsKeepNamesThisVersionDoesNotKnow() throws {
        let settings = Settings(byName: ["sender": "a@example.com", "future": "x"])
        #expect(settings.sender == "a@example.com" && settings.sendmail == nil)
        #expect(settings.byName == ["sender": "a@example.com", "future": "x"])
        #expect(try Settings.Key(named: "SENDMAIL") == .sendmail)
        #expect(throws: LibraryError.self) { try Settings.Key(named: "colour") }
    }
}
