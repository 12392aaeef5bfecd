import Foundation
import SetlistModel
import Testing

@testable import SetlistExchange

/// Every bad document of the corpus is refused with a message naming the problem and its place.
@Suite struct CorpusTests {
    /// Each corpus file and fragments its message must contain.
    static let expectations: [String: [String]] = [
        "absurd-values.plsts": [
            "playlist.items[0].length: 360000", "playlist.items[0].bpm: 5000", "originals[0].length: -5", "originals[0].bpm: 0",
        ],
        "bad-date.plsts": ["exported: \"last Saturday\" is not a date"],
        "break-and-song.plsts": ["playlist.items[1]: is both a break"],
        "control-characters.plsts": [
            "playlist.name: contains the control character U+0007", "playlist.items[0].author: contains the direction override U+202E",
        ],
        "deep-nesting.plsts": ["line 16, column", "nested more than 32 deep"],
        "duplicate-copy-ids.plsts": ["playlist.items[1].id: the id 9f8e7d6c5b4a39281706f5e4d3c2b1a0 is already used by playlist.items[0]"],
        "duplicate-original-ids.plsts": ["originals[1].id: the id 0a1b2c3d4e5f60718293a4b5c6d7e8f9 is already used by originals[0]"],
        "empty-name.plsts": ["playlist.items[0].name: is empty"],
        "empty.plsts": ["it is empty"],
        "huge-string.plsts": ["playlist.items[0].notes: is 3000000 bytes long"],
        "id-is-a-path.plsts": ["playlist.id: \"../../playlists/evil\" is not an id"],
        "invalid-utf8.plsts": ["line 14, column 18: it is not UTF-8 text"],
        "items-not-a-list.plsts": ["playlist.items: expected a list, found an object"],
        "items-not-objects.plsts": [
            "playlist.items[1]: is neither a song", "playlist.items[2]: expected an object, found the number 7",
            "playlist.items[3]: expected an object, found text \"Back in Black\"", "playlist.items[4]: expected an object, found null",
        ],
        "library-file.plsts": ["format: \"setlist-songs\" is not \"setlist-plsts\""],
        "lone-surrogate.plsts": ["playlist.items[0].name: expected text, found text with an escaped half of a character"],
        "missing-fields.plsts": [
            "the top level: the field \"exported\" is missing", "playlist: the field \"id\" is missing",
            "playlist.items[0]: the field \"name\" is missing",
        ],
        "name-is-a-path.plsts": ["playlist.name: \"../../x\" looks like a file path"],
        "newer-major-version.plsts": ["uses version 2.0 of the .plsts format", "Update setlist"],
        "not-json.plsts": ["not valid JSON at line 1, column 1"],
        "number-too-large.plsts": ["playlist.items[0].bpm: expected a whole number of beats per minute, found a number too large"],
        "too-many-originals.plsts": ["originals: has 3000 entries, more than the 1000"],
        "too-many-songs.plsts": ["playlist.items: has 5000 entries, more than the 1000"],
        "top-level-list.plsts": ["the top level is a list, not a JSON object"],
        "trailing-garbage.plsts": ["not valid JSON at line 18"],
        "truncated.plsts": ["line 9"],
        "unknown-key.plsts": ["playlist.items[0].key: \"H# dorian\" is not a key"],
        "unreadable-version.plsts": ["version: \"one\" is not a version like \"1.0\""],
        "version-as-number.plsts": ["version: expected text like \"1.0\", found the number 1"],
        "wrong-format.plsts": ["format: \"setlist-songs\" is not \"setlist-plsts\""],
        "wrong-types.plsts": [
            "playlist.items[0].name: expected text, found the number 42",
            "playlist.items[0].length: expected a whole number of seconds, found text \"2:20\"",
            "playlist.items[0].bpm: expected a whole number of beats per minute, found text \"fast\"",
            "playlist.items[1].break: expected text, found a list",
        ],
    ]

    static var files: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.corpus.path).filter { $0.hasSuffix(".plsts") }.sorted()) ?? []
    }

    @Test func everyCorpusFileHasAnExpectation() {
        #expect(Self.files.count >= 30)
        #expect(Set(Self.files) == Set(Self.expectations.keys))
    }

    @Test(arguments: CorpusTests.files)
    func corpusFileIsRefusedWithItsPlace(_ name: String) throws {
        let data = try PlstsFile.read(Fixtures.corpus.appendingPathComponent(name), source: name)
        let expected = try #require(Self.expectations[name])
        #expect {
            try PlstsDocument.read(data, source: name)
        } throws: { error in
            let message = "\(error)"
            let missing = expected.filter { !message.contains($0) }
            if !missing.isEmpty { Issue.record("\(name): message lacks \(missing):\n\(message)") }
            return message.hasPrefix(name) && missing.isEmpty
        }
    }

    @Test func aCorpusFileFailsToImportAndLeavesTheLibraryAlone() throws {
        // Reading fails before any change; the import never sees a library.
        let library = Fixtures.leaderLibrary()
        for name in Self.files {
            let data = try PlstsFile.read(Fixtures.corpus.appendingPathComponent(name), source: name)
            var copy = library
            if let setlist = try? PlstsDocument.read(data, source: name) {
                _ = try? PlstsImport.apply(setlist, to: &copy)
                Issue.record("\(name) was accepted")
            }
            #expect(copy == library)
        }
    }

    @Test func filesThatCannotBeReadAreNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plsts-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: ExchangeError.self) { try PlstsFile.read(folder.appendingPathComponent("missing.plsts"), source: "missing.plsts") }
        #expect(throws: ExchangeError.self) { try PlstsFile.read(folder, source: "folder") }
        let big = folder.appendingPathComponent("big.plsts")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(PlstsFormat.maximumSize + 1))
        try handle.close()
        #expect {
            try PlstsFile.read(big, source: "big.plsts")
        } throws: { error in
            guard case ExchangeError.tooLarge(let source, _, let limit) = error else { return false }
            return source == "big.plsts" && limit == 16 << 20 && "\(error)".contains("16.0 MiB")
        }
    }

    @Test func samplesAreValidDocuments() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.samples.path).filter { $0.hasSuffix(".plsts") }
        #expect(!names.isEmpty)
        for name in names {
            let data = try Data(contentsOf: Fixtures.samples.appendingPathComponent(name))
            // setlist's own documents, and the original app's (Zkouska-app.plsts), told by content.
            let document = try IncomingDocument.read(data, source: name)
            if case .app = document { #expect(name.contains("-app"), "\(name)") }
            #expect(!document.setlist(for: Library()).playlist.copies.isEmpty, "\(name)")
        }
    }

    @Test func errorMessagesCapTheListOfProblems() {
        let error = ExchangeError.invalidDocument(source: "x.plsts", problems: (1...100).map { "problem \($0)" })
        let text = error.description
        #expect(text.contains("100 problems"))
        #expect(text.contains("problem 40\n"))
        #expect(!text.contains("problem 41\n"))
        #expect(text.contains("and 60 more problems"))
    }
}
