import Foundation
import SetlistModel
import Testing

@testable import SetlistExchange

@Suite struct ExportTests {
    @Test func sameInputGivesSameBytes() {
        let library = Fixtures.leaderLibrary()
        let first = PlstsDocument.export(library.playlists[0], from: library, generator: "setlist 1", date: Fixtures.date)
        let second = PlstsDocument.export(library.playlists[0], from: library, generator: "setlist 1", date: Fixtures.date)
        #expect(first == second)
        #expect(first.last == 0x0A)
        let later = PlstsDocument.export(
            library.playlists[0], from: library, generator: "setlist 1", date: Fixtures.date.addingTimeInterval(1))
        #expect(first != later)
    }

    @Test func recordsFormatVersionGeneratorAndTime() throws {
        let library = Fixtures.leaderLibrary()
        let data = PlstsDocument.export(library.playlists[0], from: library, generator: "setlist 9.9", date: Fixtures.date)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? String == "setlist-plsts")
        #expect(object["version"] as? String == "1.0")
        #expect(object["generator"] as? String == "setlist 9.9")
        #expect(object["exported"] as? String == "2026-05-01T18:30:00Z")
    }

    @Test func carriesEveryFieldOfTheCopiesAndTheirBreaks() throws {
        let setlist = try Fixtures.concertDocument()
        let library = Fixtures.leaderLibrary()
        #expect(setlist.playlist == library.playlists[0])
        #expect(setlist.exported == Fixtures.date)
        #expect(setlist.generator == "setlist test")
        let text = String(
            decoding: PlstsDocument.export(library.playlists[0], from: library, generator: "g", date: Fixtures.date), as: UTF8.self)
        #expect(text.contains("\"key\" : \"F minor\""))
        #expect(text.contains("\"break\" : \"Set 2\""))
        #expect(text.contains("\"notes\" : \"Angus counts in\""))
    }

    @Test func carriesEachNeededOriginalOnceInPlayingOrder() throws {
        var library = Fixtures.leaderLibrary()
        library.playlists[0].items.append(
            .song(SongCopy(id: "cccc0004", originalID: "aaaa0001", fields: SongFields(name: "Highway again"))))
        let data = PlstsDocument.export(library.playlists[0], from: library, generator: "g", date: Fixtures.date)
        let setlist = try PlstsDocument.read(data, source: "x")
        // The unused original and the deleted one are not carried; Highway to Hell only once.
        #expect(setlist.originals.map(\.id) == ["aaaa0001", "aaaa0002"])
        #expect(setlist.originals[0].fields == library.songs[0].fields)
    }

    @Test func emptyPlaylistExports() throws {
        let library = Library(playlists: [Playlist(id: "bbbb0009", name: "Nothing yet")])
        let setlist = try PlstsDocument.read(
            PlstsDocument.export(library.playlists[0], from: library, generator: "g", date: Fixtures.date), source: "x")
        #expect(setlist.playlist.items.isEmpty)
        #expect(setlist.originals.isEmpty)
    }

    @Test func defaultFileNamesAreNeverPaths() {
        #expect(PlstsFile.defaultName(for: "Concert") == "Concert.plsts")
        #expect(PlstsFile.defaultName(for: "Můj koncert") == "Můj koncert.plsts")
        #expect(PlstsFile.defaultName(for: "AC/DC night") == "AC-DC night.plsts")
        #expect(PlstsFile.defaultName(for: "../../etc/passwd") == "etc-passwd.plsts")
        #expect(!PlstsFile.defaultName(for: "../x").contains("/"))
        #expect(PlstsFile.defaultName(for: "...") == "setlist.plsts")
        // Long names fit a file name (255 bytes) whatever their script.
        for long in [
            String(repeating: "東京の夜 ", count: 40), String(repeating: "Žluťoučký kůň ", count: 21), String(repeating: "🎸", count: 75),
        ] {
            let file = PlstsFile.defaultName(for: long)
            #expect(file.utf8.count <= 255 && file.hasSuffix(".plsts") && long.hasPrefix(file.dropLast(6)), "\(file.utf8.count) bytes")
        }
    }

    @Test func timestampsAreUTCToTheSecond() {
        #expect(PlstsFormat.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(PlstsFormat.date(fromTimestamp: "2026-05-01T18:30:00Z") == Fixtures.date)
        #expect(PlstsFormat.date(fromTimestamp: "2026-05-01T20:30:00+02:00") == Fixtures.date)
        #expect(PlstsFormat.date(fromTimestamp: "2026-05-01T18:30:00.250Z") == Fixtures.date.addingTimeInterval(0.25))
        #expect(PlstsFormat.date(fromTimestamp: "yesterday") == nil)
    }

    @Test func documentDateHonoursSourceDateEpoch() {
        #expect(DocumentDate.now(environment: ["SOURCE_DATE_EPOCH": "1777660200"]) == Fixtures.date)
        #expect(DocumentDate.fromEnvironment(["SOURCE_DATE_EPOCH": "soon"]) == nil)
        #expect(DocumentDate.fromEnvironment(["SOURCE_DATE_EPOCH": "-5"]) == nil)
        #expect(DocumentDate.fromEnvironment([:]) == nil)
        let now = DocumentDate.now(environment: [:])
        #expect(abs(now.timeIntervalSinceNow) < 60)
        #expect(now.timeIntervalSince1970 == now.timeIntervalSince1970.rounded(.down))
    }
}

/// `setlist export [PLAYLIST | FILE.plsts] [-o FILE]` read as one request.
@Suite struct ExportRequestTests {
    @Test func aWordEndingInPlstsNamesTheFileAndThePlaylist() throws {
        let library = Fixtures.leaderLibrary()
        let name = library.playlists[0].name
        let request = try PlstsExportRequest(playlist: "out/\(name).plsts", output: nil, in: library, date: Fixtures.date)
        #expect(request.path == "out/\(name).plsts")
        #expect(request.export.playlist.id == library.playlists[0].id)
        let named = try PlstsExportRequest(playlist: name, output: "-", in: library, date: Fixtures.date)
        #expect(named.isStandardOutput && named.export.fileName == PlstsFile.defaultName(for: name))
        #expect(
            named.export.data
                == PlstsDocument.export(library.playlists[0], from: library, generator: SetlistVersion.generator, date: Fixtures.date))
    }

    @Test func aPlaylistNoMemberCouldImportIsRefusedWithEveryProblem() throws {
        var library = Fixtures.leaderLibrary()
        library.playlists[0].items = Array(repeating: library.playlists[0].items[0], count: 1001)
        #expect {
            try PlstsExport(library.playlists[0], from: library, date: Fixtures.date)
        } throws: { error in
            guard case ExchangeError.cannotExport(_, let problems, _) = error else { return false }
            return problems.contains { $0.contains("1001 entries") }
        }
    }
}
