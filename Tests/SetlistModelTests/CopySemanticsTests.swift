import Testing

@testable import SetlistModel

/// Copies and originals never change each other unless asked to.
@Suite struct CopySemanticsTests {
    func sample() throws -> (Library, Int) {
        var library = Library()
        library.addSong(SongFields(name: "Highway to Hell", author: "AC/DC", length: 140, key: try MusicalKey.parse("Cm"), bpm: 250))
        library.addSong(
            SongFields(name: "Stairway to Heaven", author: "Led Zeppelin", length: 90, key: try MusicalKey.parse("D"), bpm: 250))
        let index = try library.addPlaylist(named: "Můj koncert")
        try library.insertCopies(of: library.songs, into: index, at: nil)
        return (library, index)
    }

    @Test func editingACopyLeavesTheOriginal() throws {
        var (library, index) = try sample()
        try library.applyEdit(
            SongEdit(key: .some(try MusicalKey.parse("F minor")), bpm: .some(100)), toCopyAt: 1, in: index, alsoOriginal: false)
        #expect(library.playlists[index].copies[0].fields.bpm == 100)
        #expect(library.playlists[index].copies[0].fields.key?.description == "F minor")
        #expect(library.songs[0].fields.bpm == 250)
        #expect(library.songs[0].fields.key?.description == "C minor")
    }

    @Test func alsoOriginalCarriesTheChange() throws {
        var (library, index) = try sample()
        let found = try library.applyEdit(SongEdit(bpm: .some(100)), toCopyAt: 1, in: index, alsoOriginal: true)
        #expect(found)
        #expect(library.songs[0].fields.bpm == 100)
        #expect(library.songs[1].fields.bpm == 250)
    }

    @Test func editingAnOriginalLeavesCopiesUnlessEverywhere() throws {
        var (library, index) = try sample()
        library.applyEdit(SongEdit(notes: .some("Angus counts in")), toSongAt: 0, everywhere: false)
        #expect(library.playlists[index].copies[0].fields.notes == nil)
        let changed = library.applyEdit(SongEdit(bpm: .some(120)), toSongAt: 0, everywhere: true)
        #expect(changed == 1)
        #expect(library.playlists[index].copies[0].fields.bpm == 120)
        // Only the fields of the edit travel; the copy's other fields stay.
        #expect(library.playlists[index].copies[0].fields.notes == nil)
    }

    @Test func deletingAnOriginalKeepsItsCopies() throws {
        var (library, index) = try sample()
        library.removeSong(at: 0)
        #expect(library.playlists[index].copies.count == 2)
        #expect(library.playlists[index].copies[0].name == "Highway to Hell")
    }

    @Test func duplicatedPlaylistsGetNewIdsButKeepOriginals() throws {
        var (library, index) = try sample()
        let copy = try library.duplicatePlaylist(at: index, as: "Další koncert")
        let a = library.playlists[index].copies, b = library.playlists[copy].copies
        #expect(Set(a.map(\.id)).isDisjoint(with: b.map(\.id)))
        #expect(a.map(\.originalID) == b.map(\.originalID))
        #expect(throws: LibraryError.self) { try library.duplicatePlaylist(at: index, as: "můj KONCERT") }
    }
}

@Suite struct PlaylistEditingTests {
    func playlist(_ names: [String], breakAfter: Int? = nil) throws -> (Library, Int) {
        var library = Library()
        for name in names { library.addSong(SongFields(name: name, length: 60)) }
        let index = try library.addPlaylist(named: "P")
        try library.insertCopies(of: library.songs, into: index, at: nil)
        if let breakAfter { try library.addBreak(in: index, after: breakAfter, label: "Set 2") }
        return (library, index)
    }

    func names(_ library: Library, _ index: Int) -> String {
        library.playlists[index].items.map {
            switch $0 {
            case .song(let copy): copy.name
            case .setBreak(let label): "|\(label)|"
            }
        }.joined(separator: " ")
    }

    @Test func movingDownAndUpStaysInTheTargetsSet() throws {
        var (library, index) = try playlist(["A", "B", "C", "D", "E"], breakAfter: 3)
        try library.moveCopy(in: index, from: 1, to: 3)
        #expect(names(library, index) == "B C A |Set 2| D E")
        try library.moveCopy(in: index, from: 5, to: 1)
        #expect(names(library, index) == "E B C A |Set 2| D")
        #expect(throws: LibraryError.self) { try library.moveCopy(in: index, from: 0, to: 2) }
        #expect(throws: LibraryError.self) { try library.moveCopy(in: index, from: 1, to: 6) }
    }

    @Test func insertingAtAPosition() throws {
        var (library, index) = try playlist(["A", "B", "C"], breakAfter: 2)
        try library.insertCopies(of: [Song(fields: SongFields(name: "X"))], into: index, at: 3)
        #expect(names(library, index) == "A B |Set 2| X C")
        try library.insertCopies(of: [Song(fields: SongFields(name: "Y"))], into: index, at: 5)
        #expect(names(library, index) == "A B |Set 2| X C Y")
        #expect(throws: LibraryError.self) { try library.insertCopies(of: [], into: index, at: 9) }
    }

    @Test func countsAndLengthsPassOverBreaks() {
        let copy = { (name: String, length: Int?) in
            PlaylistItem.song(SongCopy(id: name, originalID: nil, fields: SongFields(name: name, length: length)))
        }
        let playlist = Playlist(
            id: "p", name: "P",
            items: [.setBreak("Intro"), copy("A", 60), copy("B", nil), .setBreak("Set 2"), copy("C", 30), .setBreak("End")])
        #expect(playlist.copyCount == playlist.copies.count && playlist.copyCount == 3)
        #expect(playlist.totalLength == 90 && playlist.copiesWithoutLength == 1)
        #expect(Playlist(id: "q", name: "Q", items: []).totalLength == 0)
    }

    @Test func breaksAndSets() throws {
        var (library, index) = try playlist(["A", "B", "C", "D"], breakAfter: 2)
        try library.addBreak(in: index, after: 3, label: "Encore")
        let sets = library.playlists[index].sets
        #expect(sets.map(\.label) == [nil, "Set 2", "Encore"])
        #expect(sets.map { $0.entries.map(\.position) } == [[1, 2], [3], [4]])
        #expect(sets[0].totalLength == 120)
        #expect(throws: LibraryError.self) { try library.addBreak(in: index, after: 2, label: nil) }
        try library.addBreak(in: index, after: 2, label: "Second set")
        #expect(library.playlists[index].breakLabel(after: 2) == "Second set")
        try library.removeBreak(in: index, after: 3)
        #expect(throws: LibraryError.self) { try library.removeBreak(in: index, after: 3) }
        try library.removeCopies(at: [1, 2], from: index)
        #expect(names(library, index) == "|Second set| C D")
        // The break left before the first song can be removed too (it used to stay for good).
        try library.removeBreak(in: index, after: 0)
        #expect(names(library, index) == "C D")
        #expect(throws: LibraryError.self) { try library.removeBreak(in: index, after: 0) }
    }

    /// Removing every song also removes the breaks: they used to stay, and the songs copied in
    /// next all landed after the last one, as if they were the encore.
    @Test func removingEverySongLeavesNoBreaks() throws {
        var (library, index) = try playlist(["A", "B", "C"], breakAfter: 1)
        try library.addBreak(in: index, after: 2, label: "Encore")
        try library.removeCopies(at: [1, 2, 3], from: index)
        #expect(library.playlists[index].items.isEmpty)
        try library.insertCopies(of: library.songs, into: index, at: nil)
        #expect(library.playlists[index].sets.map(\.label) == [nil])
    }

    @Test func positionsByNumberTitleOrId() throws {
        let (library, index) = try playlist(["Příběh", "B", "B"])
        let playlist = library.playlists[index]
        #expect(try Library.position(of: "pribeh", in: playlist) == 1)
        #expect(try Library.position(of: "2", in: playlist) == 2)
        #expect(try Library.position(of: String(playlist.copies[2].id.prefix(6)), in: playlist) == 3)
        #expect(throws: LibraryError.self) { try Library.position(of: "b", in: playlist) }
        #expect(throws: LibraryError.self) { try Library.position(of: "4", in: playlist) }
        #expect(throws: LibraryError.self) { try Library.position(of: "Nothing", in: playlist) }
    }

    /// An id prefix of digits alone (about one copy in forty has one) is no position and no
    /// title, so it names its copy instead of being refused as out of range.
    @Test func anIdPrefixOfDigitsNamesItsCopy() throws {
        var (library, index) = try playlist(["A", "B", "C"])
        var copy = library.playlists[index].copies[1]
        copy.id = "20261122aa"
        library.playlists[index].items[1] = .song(copy)
        let playlist = library.playlists[index]
        #expect(try Library.position(of: "202611", in: playlist) == 2)
        #expect(try Library.position(of: "2", in: playlist) == 2)
        #expect(throws: LibraryError.self) { try Library.position(of: "4", in: playlist) }
        #expect(throws: LibraryError.self) { try Library.position(of: "999999", in: playlist) }
    }

    /// "1979" in a playlist of three songs is no position, so it names the song of that title
    /// (it used to be refused as out of range); a number that is a position stays one.
    @Test func aNumberThatIsNoPositionNamesASongWithThatTitle() throws {
        let (library, index) = try playlist(["A", "1979", "2"])
        let playlist = library.playlists[index]
        #expect(try Library.position(of: "1979", in: playlist) == 2)
        #expect(try Library.position(of: "2", in: playlist) == 2)
        #expect(throws: LibraryError.self) { try Library.position(of: "1980", in: playlist) }
    }

    @Test func songLookupByTitleAndIdPrefix() throws {
        var library = Library()
        let a = library.addSong(SongFields(name: "Same", author: "One"))
        library.addSong(SongFields(name: "Same", author: "Two"))
        #expect(throws: LibraryError.self) { try library.song(matching: "same") }
        #expect(try library.song(matching: String(a.id.prefix(5))).id == a.id)
        do {
            _ = try library.song(matching: "SAME")
        } catch {
            #expect(error.description.contains("by One"))
            #expect(error.description.contains("by Two"))
        }
    }

    /// "Koncert" and "Kóncert" can no longer both be made (names are unique ignoring case and
    /// accents), but an older library may hold both; typing either exactly names it.
    @Test func anExactlyTypedNameWinsOverOnesThatOnlyFoldToIt() throws {
        var library = Library(playlists: [Playlist(name: "Koncert"), Playlist(name: "Kóncert")])
        #expect(throws: LibraryError.self) { try library.addPlaylist(named: "kóncert") }
        #expect(try library.playlistIndex(matching: "Koncert") == 0)
        #expect(try library.playlistIndex(matching: "Kóncert") == 1)
        #expect(throws: LibraryError.self) { try library.playlistIndex(matching: "koncert") }
        let plain = library.addSong(SongFields(name: "Pribeh"))
        let accented = library.addSong(SongFields(name: "Příběh"))
        #expect(try library.song(matching: "Pribeh").id == plain.id)
        #expect(try library.song(matching: "Příběh").id == accented.id)
        #expect(throws: LibraryError.self) { try library.song(matching: "příbeh") }
        library.addSong(SongFields(name: "Příběh", author: "Other"))
        #expect(throws: LibraryError.self) { try library.song(matching: "Příběh") }
    }

    @Test func playlistNamesAreUniqueIgnoringCase() throws {
        var library = Library()
        try library.addPlaylist(named: "Koncert")
        #expect(throws: LibraryError.self) { try library.addPlaylist(named: "KONCERT") }
        try library.addPlaylist(named: "Koncert 2")
        #expect(throws: LibraryError.self) { try library.renamePlaylist(at: 1, to: "koncert") }
        // Out of range in the list of playlists: it used to say "'the playlist list' has 2 songs".
        do {
            try library.movePlaylist(at: 0, to: 3)
            Issue.record("moved to position 3 of 2")
        } catch {
            #expect(error.description == "Position 3 is out of range: there are 2 playlists. Type a position from 1 to 2.")
        }
        library.addSong(SongFields(name: "A"))
        do {
            try library.moveSong(at: 0, to: 2)
            Issue.record("moved to position 2 of 1")
        } catch {
            #expect(error.description == "Position 2 is out of range: the song list has 1 song. Type a position from 1 to 1.")
        }
        #expect(library.currentPlaylistID == library.playlists[1].id)
    }

    @Test func contactsRefuseDuplicates() throws {
        var library = Library()
        try library.addContact(Contact(name: "Pepa Kytara", email: "pepa@example.com"))
        #expect(throws: LibraryError.self) { try library.addContact(Contact(name: "Other", email: "PEPA@example.com")) }
        #expect(throws: LibraryError.self) { try library.addContact(Contact(name: "pepa kytara", email: "x@example.com")) }
        #expect(try library.contactIndex(matching: "pepa") == 0)
        #expect(try library.contactIndex(matching: "Pepa Kytara") == 0)
        #expect(throws: LibraryError.self) { try library.contactIndex(matching: "Franta") }
        // An empty name used to match the only contact as a "unique start", so
        // `remove-contact ""` deleted it.
        #expect(throws: LibraryError.self) { try library.contactIndex(matching: "") }
        #expect(throws: LibraryError.self) { try library.contactIndex(matching: "  ") }
    }
}

@Suite struct WordLikeIdentifierTests {
    /// Imported documents may carry ids such as "intro"; a title typed by the member still wins.
    @Test func aTitleWinsOverAWordLikeId() throws {
        var library = Library()
        let titled = library.addSong(SongFields(name: "Intro", author: "Us"))
        library.songs.append(Song(id: "intro", fields: SongFields(name: "Outro", author: "Them")))
        #expect(try library.song(matching: "Intro").id == titled.id)
        // With no title to match, the id still names its song.
        library.songs.append(Song(id: "encore-1", fields: SongFields(name: "Last one")))
        #expect(try library.song(matching: "encore-1").name == "Last one")
        // A hex id typed in full wins over everything.
        #expect(try library.song(matching: titled.id).id == titled.id)
    }
}
