import Foundation
import JSONTestSupport
import SeededRandom
import Testing

@testable import SetlistModel
@testable import SetlistStore
@testable import SetlistSupport

/// Every library file is read and written by its members (``LibraryFile``): on random files of
/// every kind, what is written reads back as the file, from setlist's layout and from another
/// program's, and is laid out as Foundation's encoder lays out the same JSON. (The members' names
/// and order are pinned by LibraryFileGoldenTests.)
@Suite struct LibraryFileJSONTests {
    static func text(_ random: inout some RandomNumberGenerator, upTo length: Int = 10) -> String {
        HistoryRecordJSONTests.text(&random, upTo: length)
    }

    static func fields(_ random: inout some RandomNumberGenerator) -> SongFields {
        let keys = ["C minor", "F# major", "Bb minor", "E major"].compactMap(MusicalKey.init(parsing:))
        return SongFields(
            name: text(&random), author: Bool.random(using: &random) ? text(&random) : nil,
            length: Bool.random(using: &random) ? Int.random(in: 0...100_000, using: &random) : nil,
            key: Bool.random(using: &random) ? keys.randomElement(using: &random) : nil,
            bpm: Bool.random(using: &random) ? Int.random(in: 1...400, using: &random) : nil,
            notes: Bool.random(using: &random) ? text(&random, upTo: 30) : nil,
            chart: Int.random(in: 0..<3, using: &random) == 0
                ? Chart(
                    lines: (0..<Int.random(in: 0...4, using: &random)).map { _ in text(&random, upTo: 20) },
                    key: Bool.random(using: &random) ? keys.randomElement(using: &random) : nil,
                    notation: Bool.random(using: &random) ? .german : .english,
                    capo: Bool.random(using: &random) ? Int.random(in: 1...11, using: &random) : nil) : nil)
    }

    static func value(_ random: inout some RandomNumberGenerator, depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth < 2 ? 8 : 6), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int(Int.random(in: -1_000_000...1_000_000, using: &random))
        case 3: return .double(Double(Int.random(in: -1000...1000, using: &random)) + 0.5)
        case 4, 5: return .string(text(&random))
        case 6: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in value(&random, depth: depth + 1) })
        default:
            var object: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...3, using: &random) { object[text(&random, upTo: 3)] = value(&random, depth: depth + 1) }
            return .object(object)
        }
    }

    static func conflicts(_ random: inout some RandomNumberGenerator) -> [LibraryConflict]? {
        guard Int.random(in: 0..<3, using: &random) == 0 else { return nil }
        return (0..<Int.random(in: 0...2, using: &random)).map { _ in
            LibraryConflict(
                location: .songs, subject: text(&random), item: Bool.random(using: &random) ? text(&random) : nil,
                field: ["name", "key", "order", "removed"].randomElement(using: &random)!, ours: value(&random),
                theirs: value(&random))
        }
    }

    static func plan(_ random: inout some RandomNumberGenerator) -> ShowPlan? {
        guard Bool.random(using: &random) else { return nil }
        return ShowPlan(
            start: Bool.random(using: &random)
                ? PlanStart(parsing: ["20:00", "2026-12-31 19:30", "8:05"].randomElement(using: &random)!) : nil,
            zone: Bool.random(using: &random) ? "Europe/Prague" : nil, gap: Int.random(in: 0...60, using: &random),
            breakLength: Int.random(in: 0...1800, using: &random), target: Bool.random(using: &random) ? 5400 : nil,
            breakLengths: (0..<Int.random(in: 0...2, using: &random)).map { _ in
                BreakLength(label: text(&random), occurrence: Int.random(in: 0...2, using: &random), length: 600)
            })
    }

    static func playlistFile(_ random: inout some RandomNumberGenerator) -> LibraryFiles.PlaylistFile {
        var items: [PlaylistItem] = []
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            if Int.random(in: 0..<4, using: &random) == 0 {
                items.append(.setBreak(text(&random)))
            } else {
                items.append(
                    .song(
                        SongCopy(
                            id: text(&random, upTo: 4) + "c", originalID: Bool.random(using: &random) ? text(&random, upTo: 4) : nil,
                            fields: fields(&random), received: Int.random(in: 0..<3, using: &random) == 0 ? fields(&random) : nil)))
            }
        }
        let playlist = Playlist(name: text(&random), items: items)
        let received =
            Bool.random(using: &random)
            ? ReceivedPlaylist(
                name: text(&random), order: playlist.slots.shuffled(using: &random), plan: plan(&random),
                exported: Bool.random(using: &random) ? "2026-05-01T18:30:00Z" : nil,
                removed: Bool.random(using: &random) ? [text(&random): fields(&random), "c" + text(&random): fields(&random)] : nil) : nil
        return LibraryFiles.PlaylistFile(
            id: playlist.id, name: playlist.name, items: items, received: received, plan: plan(&random), conflicts: conflicts(&random))
    }

    static func gigFile(_ random: inout some RandomNumberGenerator) -> LibraryFiles.GigFile {
        func maybe<T>(_ value: T) -> T? { Bool.random(using: &random) ? value : nil }
        let moments = ["2026-03-14T19:02:11Z", "2025-12-31T23:59:59Z", "2026-03-14T20:02:11.250Z"]
        let songs = (0..<Int.random(in: 0...5, using: &random)).map { _ in
            PlayedSong(
                copy: maybe(text(&random, upTo: 4)), original: maybe(text(&random, upTo: 4)), name: text(&random),
                author: maybe(text(&random)), length: maybe(Int.random(in: 0...3600, using: &random)),
                started: maybe(moments.randomElement(using: &random)!), shown: maybe(Int.random(in: 0...3600, using: &random)))
        }
        let gig = Gig(
            id: Identifier.make(), date: ["2026-03-14", "2024-02-29", "1999-12-31"].randomElement(using: &random)!,
            started: maybe(moments.randomElement(using: &random)!), playlist: text(&random), playlistID: maybe(Identifier.make()),
            venue: maybe(text(&random)), songs: songs)
        return LibraryFiles.GigFile(gig: gig)
    }

    /// One file of each kind, at random.
    static func files(_ random: inout some RandomNumberGenerator) -> [any LibraryFile & Equatable] {
        let songs = (0..<Int.random(in: 0...8, using: &random)).map { _ in Song(id: text(&random, upTo: 4) + "s", fields: fields(&random)) }
        let order = LibraryFiles.PlaylistOrderFile(
            current: Bool.random(using: &random) ? text(&random) : nil,
            playlists: (0..<Int.random(in: 0...4, using: &random)).map { _ in .init(id: text(&random), file: text(&random) + ".json") },
            conflicts: conflicts(&random))
        let contacts = LibraryFiles.ContactsFile(
            contacts: (0..<Int.random(in: 0...3, using: &random)).map { _ in
                Contact(
                    name: text(&random), email: text(&random) + "@x.cz",
                    part: Bool.random(using: &random) ? Part.all.randomElement(using: &random) : nil,
                    instrument: Bool.random(using: &random) ? text(&random) : nil)
            },
            conflicts: conflicts(&random))
        var settings: [String: String] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &random) { settings[text(&random, upTo: 3)] = text(&random) }
        return [
            LibraryFiles.SongsFile(songs: songs, conflicts: conflicts(&random)), playlistFile(&random), order, contacts,
            LibraryFiles.SettingsFile(settings: settings, conflicts: conflicts(&random)), HistoryRecordJSONTests.record(&random),
            gigFile(&random),
        ]
    }

    @Test func everyFileIsLaidOutAsTheEncoderLaysItOut() throws {
        var random = seededGenerator(for: "LibraryFileJSONTests.everyFileIsWrittenAsTheEncoderWritesIt")
        try withSeededIdentifiers(random.next()) {
            for _ in 0..<500 {
                for file in Self.files(&random) {
                    let data = LibraryFiles.encode(file)
                    let laidOut = try FoundationJSON.pretty(data) + [0x0A]
                    #expect(data == laidOut, "\(file)")
                }
            }
        }
    }

    @Test func everyFileReadsBackAsWritten() throws {
        var random = seededGenerator(for: "LibraryFileJSONTests.everyFileIsReadAsTheDecoderReadsIt")
        try withSeededIdentifiers(random.next()) {
            for _ in 0..<500 {
                for file in Self.files(&random) {
                    try Self.checkRead(file)
                }
            }
        }
    }

    private static func checkRead<File: LibraryFile & Equatable>(_ file: File) throws {
        let data = LibraryFiles.encode(file)
        #expect(try LibraryFiles.decode(File.self, from: data, path: "f.json") == file)
        // As another program writes it: compact, slashes and more escaped.
        #expect(try LibraryFiles.decode(File.self, from: try FoundationJSON.compact(data), path: "f.json") == file)
    }

    @Test func songsPrintedForScriptsAreAnArrayOfSongRecords() throws {
        var random = seededGenerator(for: "LibraryFileJSONTests.songsPrintedForScriptsAreTheEncodersArray")
        for _ in 0..<200 {
            let songs = (0..<Int.random(in: 0...5, using: &random)).map { _ in Song(id: Self.text(&random), fields: Self.fields(&random)) }
            let printed = JSONFormat.songs(songs)
            #expect(printed == (try FoundationJSON.pretty(printed)))
            var reader = JSONReader(printed)
            #expect(try reader.readDocument { reader throws(JSONReadError) in try [Song](json: &reader) } == songs)
        }
    }

    /// Text with every escape, broken escapes, controls and bytes that are not UTF-8 is read as
    /// the decoder reads it, or refused where it refuses it.
    @Test func textIsReadAsTheDecoderReadsIt() {
        var random = seededGenerator(for: "LibraryFileJSONTests.textIsReadAsTheDecoderReadsIt")
        let pieces: [[UInt8]] =
            [
                "a", "Příběh ", "🎸", "e\u{301}", #"\n"#, #"\t"#, #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\r"#, #"\u00e9"#, #"\u017D"#,
                #"\ud83c\udfb8"#, #"\ud83c"#, #"\udfb8"#, #"\u+abc"#, #"\u12"#, #"\uzzzz"#, #"\x"#, "\\", "\t", "\n", "\"",
            ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0x01], [0x7F], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80]]
        var read = 0
        for _ in 0..<5000 {
            let contents = (0..<Int.random(in: 0...8, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
            let document = Data(Array("[\"".utf8) + contents + Array("\"]".utf8))
            var reader = JSONReader(document)
            let text = try? reader.readDocument { reader throws(JSONReadError) in
                try reader.readArray { reader throws(JSONReadError) in try reader.readString() }
            }
            let decoded = try? JSONDecoder().decode([String].self, from: document)
            #expect(text == decoded, "\(contents)")
            if text != nil { read += 1 }
        }
        #expect(read > 500)
    }

    /// Numbers: a whole number is read as the decoder reads it into an Int, and anything else is
    /// named with what the file holds.
    @Test(arguments: [
        ("120", "120"), ("-3", "-3"), ("120.0", "120"), ("1.2e2", "120"), ("0", "0"), ("2.5", "expected a whole number, found 2.5."),
        ("1e40", "expected a whole number, found 1e40."), ("007", "may not start with 0"), ("-", "needs digits"), ("1.", "needs digits"),
        ("\"7\"", #"expected a number, found the text "7"."#), ("true", "expected a number, found true."),
        ("null", "expected a number but found null."), ("[1]", "expected a number, found a list."),
    ])
    func wholeNumbers(json: String, expected: String) {
        var reader = JSONReader("{\"bpm\": \(json)}")
        do {
            let value = try reader.readDocument { reader throws(JSONReadError) in
                var value = 0
                try reader.readObject { _, reader throws(JSONReadError) in value = try reader.readInt() }
                return value
            }
            #expect("\(value)" == expected)
        } catch {
            #expect(error.description.contains(expected), "\(error)")
            #expect(!error.description.contains("at bpm") || !expected.contains("digits"))
        }
    }

    /// Broken JSON is placed by line and column, whatever is broken.
    @Test(arguments: [
        ("{\n  \"a\" : 1,\n}", "it is not valid JSON at line 3, column 1 (expected a key in quotes)."),
        ("{\n  \"a\" : tru\n}", "it is not valid JSON at line 2, column 9 (expected a value)."),
        ("{\n  \"a\" : [1, 2", "it ends too early, at line 2, column 14: the file is cut short."),
        ("  \n ", "it is empty."), ("{\"a\": \"x\u{1}\"}", "it is not valid JSON at line 1, column 9"),
        ("{\"a\": 1} {", "it is not valid JSON at line 1, column 10 (more text follows the end of the document)."),
        ("{\"a\": \"\\ud83c\"}", "a lone surrogate"),
        ("{\"a\": 1, \"a\": 2}", "the field \"a\" stands twice in the top level (line 1); keep one of them."),
    ])
    func brokenJSONIsPlaced(json: String, expected: String) {
        var again = JSONReader(json)
        do {
            try again.readDocument { reader throws(JSONReadError) in _ = try reader.readValue() }
            Issue.record("\(json) was read")
        } catch {
            #expect(error.description.contains(expected), "\(error)")
        }
    }

    @Test func bytesThatAreNotUTF8ArePlaced() {
        var reader = JSONReader(Data("{\n  \"name\" : \"P".utf8) + Data([0xED, 0x73]) + Data("\"\n}".utf8))
        #expect(throws: JSONReadError("it is not valid UTF-8 text (line 2, column 14).")) {
            try reader.readDocument { reader throws(JSONReadError) in _ = try reader.readValue() }
        }
    }

    /// A file with several wrong values names them all at once, in the order of the text, each
    /// once: a record whose field is wrong is not also said to lack it. Broken JSON stops there.
    @Test func everyProblemOfAFileIsNamedAtOnce() throws {
        let text = """
            {"format": "setlist-songs", "version": 1, "songs": [
              {"id": "a", "name": "A", "key": "Q minor", "bpm": "fast"},
              {"id": "b", "name": 7},
              {"id": "c", "name": "C", "length": 200},
              {"id": "d"},
              {"id": "e", "name": "E", "name": "F"},
              {"id": "f", "name": "F", "bpm": 1.5}
            ]}
            """
        do {
            _ = try LibraryFiles.decode(LibraryFiles.SongsFile.self, from: Data(text.utf8), path: "songs.json")
            Issue.record("read")
        } catch {
            guard case .inconsistentLibrary(let problems) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(problems.allSatisfy { $0.kind == .unreadableFile && $0.path == "songs.json" })
            let details = problems.map(\.detail)
            #expect(details.count == 6, "\(details)")
            for (detail, expected) in zip(
                details,
                [
                    "at songs[0].key: \"Q minor\" is not a key", "at songs[0].bpm: expected a number", "at songs[1].name: expected text",
                    "the field \"name\" is missing at songs[3]", "the field \"name\" stands twice in songs[4]",
                    "at songs[5].bpm: expected a whole number",
                ])
            {
                #expect(detail.contains(expected), "\(detail)")
            }
        }
        // One problem is said as before; broken JSON after a wrong value stops the reading there.
        let one = text.replacingOccurrences(of: "\"bpm\": \"fast\"", with: "\"bpm\": 1").replacingOccurrences(
            of: "\"name\": 7", with: "\"name\": \"B\""
        )
        .replacingOccurrences(of: "{\"id\": \"d\"}", with: "{\"id\": \"d\", \"name\": \"D\"}").replacingOccurrences(
            of: ", \"name\": \"F\"}", with: "}"
        )
        .replacingOccurrences(of: "1.5", with: "2")
        do {
            _ = try LibraryFiles.decode(LibraryFiles.SongsFile.self, from: Data(one.utf8), path: "songs.json")
            Issue.record("read")
        } catch {
            guard case .unreadableFile(let path, let detail) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "songs.json" && detail.hasPrefix(#"at songs[0].key: "Q minor" is not a key."#), "\(detail)")
        }
        let broken = text.replacingOccurrences(of: "{\"id\": \"c\"", with: "{\"id\" \"c\"")
        do {
            _ = try LibraryFiles.decode(LibraryFiles.SongsFile.self, from: Data(broken.utf8), path: "songs.json")
        } catch {
            guard case .inconsistentLibrary(let problems) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(problems.count == 4, "\(problems)")
            #expect(problems.last?.detail.contains("it is not valid JSON at line 4") == true, "\(problems)")
        }
    }

    /// Members a later setlist may add are passed over, wherever they stand.
    @Test func unknownMembersArePassedOver() throws {
        let text = """
            {"format": "setlist-songs", "later": {"a": [1, {"b": null}]}, "version": 1,
             "songs": [{"id": "a", "name": "A", "capo": "2", "x": [true, false, -1.5e3]}]}
            """
        let file = try LibraryFiles.decode(LibraryFiles.SongsFile.self, from: Data(text.utf8), path: "songs.json")
        #expect(file.songs == [Song(id: "a", fields: SongFields(name: "A"))])
    }

    /// Keys come out sorted whatever order a codec writes them in.
    @Test func membersWrittenOutOfOrderComeOutSorted() {
        var random = seededGenerator(for: "LibraryFileJSONTests.membersWrittenOutOfOrderComeOutSorted")
        for _ in 0..<300 {
            var object: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &random) { object[Self.text(&random, upTo: 3)] = Self.value(&random) }
            var writer = JSONWriter()
            writer.object { writer in
                for key in object.keys.shuffled(using: &random) { writer.member(key) { $0.value(object[key]!) } }
            }
            let expected = (try? FoundationJSON.encoder().encode(FoundationJSON.Value(.object(object)))) ?? Data()
            #expect(
                Data(writer.bytes) == expected,
                "\(String(decoding: writer.bytes, as: UTF8.self))\n\(String(decoding: expected, as: UTF8.self))")
        }
    }
}
