import Testing

@testable import SetlistCore

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
}
