import Testing

@testable import SetlistModel

/// One rule for "the same song": title and author, ignoring case, accents and normalisation.
@Suite struct SongMatchingTests {
    func library() -> Library {
        var library = Library()
        library.addSong(SongFields(name: "Highway to Hell", author: "AC/DC"))
        library.addSong(SongFields(name: "Příběh", author: "Dvořák"))
        library.addSong(SongFields(name: "Intro"))
        return library
    }

    @Test func caseAccentsAndNormalisationAreIgnored() {
        let library = library()
        #expect(library.originalMatch(name: "highway to hell", author: "ac/dc").song?.name == "Highway to Hell")
        #expect(library.originalMatch(name: "pribeh", author: "DVORAK").song?.name == "Příběh")
        // Typed decomposed (NFD): P, r, i + combining acute, ...
        let nfd = "Příběh".decomposedStringWithCanonicalMapping
        #expect(nfd.unicodeScalars.count != "Příběh".unicodeScalars.count)
        #expect(library.originalMatch(name: nfd, author: "Dvořák".decomposedStringWithCanonicalMapping).song?.name == "Příběh")
        #expect(library.originalMatch(name: "Highway  to\tHell", author: "AC/DC").song != nil)
    }

    @Test func theAuthorMustMatchToo() {
        let library = library()
        #expect(library.originalMatch(name: "Highway to Hell", author: "Chris Rea") == .otherAuthor([library.songs[0]]))
        #expect(library.originalMatch(name: "Highway to Hell", author: nil) == .otherAuthor([library.songs[0]]))
        // An unknown author matches only an unknown author.
        #expect(library.originalMatch(name: "intro", author: nil).song?.name == "Intro")
        #expect(library.originalMatch(name: "Intro", author: "Someone") == .otherAuthor([library.songs[2]]))
        #expect(library.originalMatch(name: "Hells Bells", author: "AC/DC") == .none)
    }

    @Test func severalMatchesAreNotGuessed() {
        var library = library()
        library.addSong(SongFields(name: "HIGHWAY TO HELL", author: "ac/dc"))
        #expect(library.originals(matchingName: "Highway to Hell", author: "AC/DC").count == 2)
        #expect(library.originalMatch(name: "Highway to Hell", author: "AC/DC") == .several([library.songs[0], library.songs[3]]))
        #expect(library.originalMatch(name: "Highway to Hell", author: "AC/DC").song == nil)
    }

    /// A song is found by the start of its title when nothing else names it (issue 36), as a
    /// contact is; several starting so are listed as any ambiguous name is. Playlists are not,
    /// as commands delete them by name.
    @Test func anUnambiguousStartOfATitleFindsTheSong() throws {
        var library = library()
        library.addSong(SongFields(name: "Highway Star", author: "Deep Purple"))
        library.addSong(SongFields(name: "Stairway to Heaven", author: "Led Zeppelin"))
        #expect(try library.song(matching: "stair").name == "Stairway to Heaven")
        #expect(try library.song(matching: " PRIB ").name == "Příběh")
        #expect(try library.song(matching: "intro").name == "Intro")
        let error = #expect(throws: LibraryError.self) { try library.song(matching: "highway") }
        #expect("\(error.map { "\($0)" } ?? "")".contains("Highway Star"))
        #expect(try library.song(matching: "highway t").name == "Highway to Hell")
        _ = try library.addPlaylist(named: "Koncert v Plzni")
        #expect(throws: LibraryError.self) { try library.playlistIndex(matching: "Koncert") }
        let playlist = Playlist(name: "P", items: library.songs.map { .song(SongCopy(of: $0)) })
        #expect(try Library.position(of: "stair", in: playlist) == 5)
    }

    /// A copy is named as a position is, and leads back to its original while the repertoire has it.
    @Test func aCopyIsFoundByItsReferenceAndLeadsToItsOriginal() throws {
        var library = library()
        _ = try library.createPlaylist(named: "Koncert", copying: ["Příběh", "Intro"], newSongs: [])
        let copy = try library.copy(matching: "2", inPlaylist: "koncert")
        #expect(copy.name == "Intro")
        #expect(try library.copy(matching: "pribeh", inPlaylist: nil).name == "Příběh")
        #expect(library.original(of: copy)?.name == "Intro")
        #expect(throws: LibraryError.self) { try library.copy(matching: "3", inPlaylist: "Koncert") }
        _ = try library.removeSongs(["Intro"])
        #expect(library.original(of: copy) == nil)
    }
}
