import Foundation
import SetlistModel
import SetlistSupport
import Testing

@testable import SetlistExchange

@Suite struct ReadTests {
    @Test func readsAMinimalDocument() throws {
        let setlist = try Fixtures.read(Fixtures.document(items: #"[{"id": "c1", "name": "Intro"}, {"break": "Encore"}]"#))
        #expect(setlist.playlist.id == "bbbb0001")
        #expect(setlist.playlist.name == "Concert")
        #expect(
            setlist.playlist.items == [.song(SongCopy(id: "c1", originalID: nil, fields: SongFields(name: "Intro"))), .setBreak("Encore")])
        #expect(setlist.version == FormatVersion(major: 1, minor: 0))
    }

    @Test func normalisesValuesAsIfTyped() throws {
        let setlist = try Fixtures.read(
            Fixtures.document(
                items: #"""
                    [{"id": "c1", "name": "  Intro  ", "author": "   ", "key": "fis-moll", "notes": "line\r\nnext  ", "length": 61, "bpm": 999}]
                    """#))
        let fields = setlist.playlist.copies[0].fields
        #expect(
            fields
                == SongFields(
                    name: "Intro", author: nil, length: 61, key: MusicalKey(tonic: "F#", mode: .minor), bpm: 999, notes: "line\nnext"))
    }

    @Test func ignoresUnknownFieldsOfANewerMinorVersion() throws {
        let json = Fixtures.document(
            items: #"[{"id": "c1", "name": "Intro", "capo": 2, "chords": {"verse": ["Am", "G"]}}, {"break": "Encore", "minutes": 5}]"#,
            extra: #", "band": {"name": "The Testers"}"#, version: "1.7")
        let setlist = try Fixtures.read(json)
        #expect(setlist.version == FormatVersion(major: 1, minor: 7))
        #expect(setlist.playlist.copies.count == 1)
    }

    @Test func refusesANewerMajorVersionClearly() {
        #expect {
            try Fixtures.read(Fixtures.document(items: "[]", version: "2.0"))
        } throws: { error in
            guard case ExchangeError.newerVersion(_, let found, let supported) = error else { return false }
            return found == "2.0" && supported == "1.x" && "\(error)".contains("Update setlist")
        }
    }

    @Test func refusesAnOlderUnknownMajorVersion() {
        #expect(Fixtures.problems(Fixtures.document(items: "[]", version: "0.9")).first?.contains("version: 0.9") == true)
    }

    @Test func acceptsAByteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(Fixtures.document(items: "[]").utf8)
        #expect(try PlstsDocument.read(data, source: "bom.plsts").playlist.name == "Concert")
    }

    @Test func listsEveryProblemAtOnceInDocumentOrder() {
        let problems = Fixtures.problems(
            Fixtures.document(
                items: #"""
                    [{"id": "c1", "name": "A", "bpm": 0}, {"id": "c1", "name": "", "length": "long"}, {"id": "c3", "name": "C", "key": "X"}]
                    """#))
        #expect(problems.count == 5)
        #expect(problems[0].hasPrefix("playlist.items[0].bpm:"))
        #expect(problems.contains { $0.hasPrefix("playlist.items[1].id:") && $0.contains("already used by playlist.items[0]") })
        #expect(problems.contains { $0.hasPrefix("playlist.items[1].name: is empty") })
        #expect(problems.contains { $0.hasPrefix("playlist.items[1].length: expected a whole number of seconds, found text \"long\"") })
        #expect(problems.last?.hasPrefix("playlist.items[2].key:") == true)
    }

    @Test func aSongsProblemsComeInTheOrderOfItsFieldsEachWordedForADocument() {
        // Read by the library's definition of a song's fields, checked as typing would be: one
        // problem a field, a wrong kind not also reported as empty, in the order of the fields.
        let problems = Fixtures.problems(
            Fixtures.document(
                items: #"""
                    [{"chart": {"lines": ["[C]la"], "capo": 14}, "bpm": "fast", "key": "Q", "length": 0,
                      "author": "A\u202eB", "name": 42, "id": "c1"},
                     {"id": "c2", "key": 7, "notes": null, "bpm": 5000}]
                    """#))
        #expect(
            problems == [
                "playlist.items[0].name: expected text, found the number 42.",
                "playlist.items[0].author: contains the direction override U+202E in \"A[U+202E]B\"; such characters could hide or reorder text.",
                "playlist.items[0].length: 0 is not a song length; it counts seconds, from 1 to 36000 (10 hours).",
                "playlist.items[0].key: \"Q\" is not a key like \"C minor\" or \"F# major\".",
                "playlist.items[0].bpm: expected a whole number of beats per minute, found text \"fast\".",
                "playlist.items[0].chart.capo: a capo goes on fret 1 to 11, not 14.",
                "playlist.items[1]: the field \"name\" is missing.",
                "playlist.items[1].key: expected text like \"C minor\", found the number 7.",
                "playlist.items[1].bpm: 5000 is not a tempo; it counts beats per minute, from 1 to 999.",
            ])
    }

    @Test func limitsAreTheDocumentedOnes() {
        let many = "[" + (0...PlstsFormat.maximumItems).map { #"{"break": "B\#($0)"}"# }.joined(separator: ",") + "]"
        #expect(Fixtures.problems(Fixtures.document(items: many)).first?.contains("more than the 1000") == true)
        let exactly = "[" + (1...PlstsFormat.maximumItems).map { #"{"break": "B\#($0)"}"# }.joined(separator: ",") + "]"
        #expect(Fixtures.problems(Fixtures.document(items: exactly)).isEmpty)
        let longName = String(repeating: "x", count: Text.maximumNameLength + 1)
        #expect(
            Fixtures.problems(Fixtures.document(items: #"[{"id": "c1", "name": "\#(longName)"}]"#)).first?.contains("at most 300") == true)
        #expect(Fixtures.problems(Fixtures.document(items: #"[{"id": "c1", "name": "A", "length": 36001}]"#)).count == 1)
        #expect(Fixtures.problems(Fixtures.document(items: #"[{"id": "c1", "name": "A", "length": 36000}]"#)).isEmpty)
    }

    @Test func refusesAFileOverTheSizeLimitBeforeParsing() {
        let data = Data(repeating: 0x20, count: PlstsFormat.maximumSize + 1)
        #expect {
            try PlstsDocument.read(data, source: "big.plsts")
        } throws: { error in
            guard case ExchangeError.tooLarge(let source, let size, _) = error else { return false }
            return source == "big.plsts" && size == PlstsFormat.maximumSize + 1
        }
    }

    @Test func nestingWithinStringsIsNotCounted() throws {
        let brackets = String(repeating: "[{", count: 100)
        let setlist = try Fixtures.read(Fixtures.document(items: #"[{"id": "c1", "name": "\#(brackets)", "notes": "\"[[[[\\"}]"#))
        #expect(setlist.playlist.copies[0].name == brackets)
    }

    @Test func identifiersCannotBecomePaths() {
        #expect(PlstsFormat.isValidIdentifier("5e7c0a9b1d2e3f4a5b6c7d8e9f0a1b2c"))
        #expect(PlstsFormat.isValidIdentifier("a-1"))
        for bad in ["", "../x", "a/b", "ABC", "a.b", "a b", String(repeating: "a", count: 65), "é"] {
            #expect(!PlstsFormat.isValidIdentifier(bad), "\(bad)")
        }
    }

    @Test func playlistNamesThatLookLikePaths() {
        for path in ["../../x", "/etc/passwd", "a/../b", "./x", "\\\\server\\share", "~/x"] {
            #expect(PlstsFormat.looksLikePath(path), "\(path)")
        }
        for name in ["AC/DC", "Praha 1/2", "Concert...", "..Encore", "Rock 'n' Roll"] {
            #expect(!PlstsFormat.looksLikePath(name), "\(name)")
        }
    }

    @Test func versionsParse() {
        #expect(FormatVersion(parsing: "1.0") == FormatVersion(major: 1, minor: 0))
        #expect(FormatVersion(parsing: "12.34") == FormatVersion(major: 12, minor: 34))
        for bad in ["1", "1.0.0", "v1.0", "1.x", "", ".1", "1."] {
            #expect(FormatVersion(parsing: bad) == nil, "\(bad)")
        }
        #expect(FormatVersion(major: 1, minor: 9) < FormatVersion(major: 2, minor: 0))
    }

    @Test func invisibleCharactersAreEscapedInMessages() {
        #expect(ControlCharacters.quoted("a\u{202E}b\u{7}\"") == #""a[U+202E]b[U+0007]\"""#)
        #expect(ControlCharacters.quoted(String(repeating: "x", count: 100)).count == 42)
    }
}
