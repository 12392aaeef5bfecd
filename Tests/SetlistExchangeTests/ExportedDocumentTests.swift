import Foundation
import JSONTestSupport
import PropertyBased
import SeededRandom
import SetlistModel
import Testing

@testable import SetlistExchange
@testable import SetlistSupport

/// Export writes its document and checks it without parsing it again, as a member's import
/// (``PlstsDocument/read(_:source:)``) reads it; its layout is Foundation's encoder's. Random
/// playlists, many of them ones no member could import, go through both ways.
@Suite struct ExportedDocumentTests {
    static let pieces = [
        "Highway to Hell", "Příběh", "e\u{301}", "🎸", "a/b", "/2 sets", "..", "", " ", "  padded ", "tab\there", "line\nbreak",
        "\r", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "\u{202E}evil", "\u{2028}", "\u{200B}", "quote\"", "back\\slash", "<&>'",
        "\u{FEFF}", "C minor", "\\u0041", "{[", "]}", String(repeating: "x", count: 301), String(repeating: "ž", count: 80),
    ]

    /// Text that a document may hold ("Příběh", "AC/DC", "e\u{301}") and, when `hostile`, any piece, most of them refused.
    static func text(_ random: inout Xoshiro, _ hostile: Bool) -> String {
        let pieces =
            hostile ? pieces : ["Highway to Hell", "Příběh", "e\u{301}", "🎸", "a/b", "quote\"", "back\\slash", "<&>'", "\\u0041", "{["]
        return (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func coin(_ random: inout Xoshiro) -> Bool { Bool.random(using: &random) }

    static func id(_ random: inout Xoshiro, _ hostile: Bool) -> String {
        if !hostile || Int.random(in: 0..<12, using: &random) > 0 { return Identifier.make() }
        return ["", "UPPER", String(repeating: "a", count: 65), String(repeating: "b", count: 64), "../x", "ž", "a b"].randomElement(
            using: &random)!
    }

    static func number(_ random: inout Xoshiro, _ hostile: Bool) -> Int {
        (hostile ? [-1, 0, 1, 20, 140, 250, 401, 36_000, 36_001, Int.max] : [20, 140, 250]).randomElement(using: &random)!
    }

    static func fields(_ random: inout Xoshiro, _ hostile: Bool) -> SongFields {
        let name = text(&random, hostile)
        let author = coin(&random) ? text(&random, hostile) : nil
        let length = coin(&random) ? number(&random, hostile) : nil
        let key = coin(&random) ? MusicalKey(parsing: ["C", "F# minor", "Bb", "e"].randomElement(using: &random)!) : nil
        let bpm = coin(&random) ? number(&random, hostile) : nil
        var notes = coin(&random) ? text(&random, hostile) : nil
        if hostile, Int.random(in: 0..<40, using: &random) == 0 { notes = String(repeating: "n", count: Text.maximumNotesLength + 1) }
        return SongFields(name: name, author: author, length: length, key: key, bpm: bpm, notes: notes)
    }

    static func plan(_ random: inout Xoshiro, _ hostile: Bool) -> ShowPlan {
        var plan = ShowPlan()
        if coin(&random) { plan.start = PlanStart(parsing: ["20:00", "8:05", "2026-12-31 20:00"].randomElement(using: &random)!) }
        if coin(&random) {
            plan.zone = (hostile ? ["Europe/Prague", "+01:00", "Mars/Base", "", "GMT"] : ["Europe/Prague", "+01:00"]).randomElement(
                using: &random)!
        }
        plan.gap = number(&random, hostile)
        plan.breakLength = number(&random, hostile)
        if coin(&random) { plan.target = number(&random, hostile) }
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let label = coin(&random) ? "Encore" : text(&random, hostile)
            let occurrence = (hostile ? [0, 1, 999, 1000] : [0, 1]).randomElement(using: &random)!
            plan.breakLengths.append(BreakLength(label: label, occurrence: occurrence, length: number(&random, hostile)))
        }
        return plan
    }

    /// A library and one of its playlists: mostly a few songs, sometimes more than a document may hold.
    static func library(_ random: inout Xoshiro) -> (Library, Playlist) {
        let hostile = coin(&random)
        let large = Int.random(in: 0..<25, using: &random) == 0
        var songs: [Song] = []
        for _ in 0..<(large ? 1001 : Int.random(in: 0...6, using: &random)) {
            songs.append(Song(id: id(&random, hostile), fields: fields(&random, hostile)))
        }
        var items: [PlaylistItem] = []
        // A large playlist copies each song once: more items and more originals than a document may hold.
        for song in large ? songs : [] { items.append(.song(SongCopy(id: id(&random, hostile), originalID: song.id, fields: song.fields))) }
        for _ in 0..<(large ? 0 : Int.random(in: 0...8, using: &random)) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: items.append(.setBreak(text(&random, hostile)))
            case 1:
                let original = coin(&random) ? id(&random, hostile) : nil
                items.append(.song(SongCopy(id: id(&random, hostile), originalID: original, fields: fields(&random, hostile))))
            default:
                guard !songs.isEmpty else { continue }
                let song = songs[Int.random(in: 0..<songs.count, using: &random)]
                items.append(.song(SongCopy(id: id(&random, hostile), originalID: song.id, fields: song.fields)))
            }
        }
        var playlist = Playlist(id: id(&random, hostile), name: text(&random, hostile), items: items)
        if coin(&random) { playlist.plan = plan(&random, hostile) }
        return (Library(songs: songs, playlists: [playlist]), playlist)
    }

    /// The document read back, or the message refusing it.
    enum Outcome: Equatable {
        case read(SharedSetlist)
        case refused(String)
    }

    static func outcome(_ read: () throws(ExchangeError) -> SharedSetlist) -> Outcome {
        do { return .read(try read()) } catch { return .refused(error.description) }
    }

    @Test func laidOutAsTheEncoderLaysItOutAndCheckedAsImportReadsIt() throws {
        var random = seededGenerator(for: "ExportedDocumentTests.writtenAsTheEncoderWritesItAndCheckedAsImportReadsIt")
        var refused = 0
        try withSeededIdentifiers(random.next()) {
            for round in 0..<300 {
                let (library, playlist) = Self.library(&random)
                let document = PlstsDocument.document(
                    playlist, from: library, generator: Self.text(&random, Self.coin(&random)), date: Fixtures.date)
                let data = document.data
                let laidOut = try FoundationJSON.pretty(data) + [0x0A]
                #expect(data == laidOut, "round \(round)")
                let read = Self.outcome { () throws(ExchangeError) in try PlstsDocument.read(data, source: "x.plsts") }
                let checked = Self.outcome { () throws(ExchangeError) in try PlstsDocument.check(document, data: data, source: "x.plsts") }
                #expect(checked == read, "round \(round)")
                if case .refused = read { refused += 1 }
            }
        }
        #expect(refused > 30 && refused < 270, "both kinds of playlist were tried (\(refused) of 300 refused)")
    }

    @Test func emptyListsAndPlansAreLaidOutAsTheEncoderLaysThemOut() throws {
        var library = Fixtures.leaderLibrary()
        library.playlists[0].items = []
        library.playlists[0].plan = ShowPlan(target: 3600, breakLengths: [BreakLength(label: "Set 2", occurrence: 1, length: 600)])
        for plan in [library.playlists[0].plan, ShowPlan(), nil] {
            library.playlists[0].plan = plan
            let document = PlstsDocument.document(library.playlists[0], from: library, generator: "setlist test", date: Fixtures.date)
            let laidOut = try FoundationJSON.pretty(document.data) + [0x0A]
            #expect(document.data == laidOut)
        }
    }

    @Test func exportKeepsOriginalsInPlayingOrderOnceEach() {
        var library = Fixtures.leaderLibrary()
        let highway = library.playlists[0].items[0]
        library.playlists[0].items += [highway, highway]
        let document = PlstsDocument.document(library.playlists[0], from: library, generator: "setlist test", date: Fixtures.date)
        #expect(document.originals.map(\.id) == ["aaaa0001", "aaaa0002"])
    }

    /// The nesting limit is found in the raw bytes as a plain walk over `Data` found it.
    @Test func nestingIsMeasuredAsBefore() {
        func reference(_ data: Data) -> (Int, Int)? {
            var depth = 0, inString = false, escaped = false
            for (offset, byte) in data.enumerated() {
                if inString {
                    if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                    continue
                }
                switch byte {
                case 0x22: inString = true
                case 0x7B, 0x5B:
                    depth += 1
                    if depth > PlstsFormat.maximumDepth { return JSONReader.lineAndColumn(of: offset, in: data) }
                case 0x7D, 0x5D: depth -= 1
                default: break
                }
            }
            return nil
        }
        var random = seededGenerator(for: "ExportedDocumentTests.nestingIsMeasuredAsBefore")
        let pieces = ["{", "[", "{", "[", "{", "[", "}", "]", "\"", "\"", "\\", "\\\\", "\\\"", "\n", " a", "ž", ":1,"]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...160, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let data = Data(text.utf8)
            let found = JSONPreflight.excessiveNesting(in: data), expected = reference(data)
            #expect(found?.0 == expected?.0 && found?.1 == expected?.1, "\(text.debugDescription)")
        }
    }
}
