import Foundation
import SetlistModel

@testable import SetlistExchange

/// Libraries and documents the exchange tests share.
enum Fixtures {
    static let date = Date(timeIntervalSince1970: 1_777_660_200) // 2026-05-01T18:30:00Z

    /// A band leader's library: three originals and the playlist "Concert" of copies of two of
    /// them (the second with its own key and tempo), a break, and a copy whose original is gone.
    static func leaderLibrary() -> Library {
        let highway = Song(
            id: "aaaa0001",
            fields: SongFields(
                name: "Highway to Hell", author: "AC/DC", length: 140, key: MusicalKey(parsing: "C minor"), bpm: 250,
                notes: "Angus counts in"))
        let stairway = Song(
            id: "aaaa0002",
            fields: SongFields(name: "Stairway to Heaven", author: "Led Zeppelin", length: 90, key: MusicalKey(parsing: "D"), bpm: 250))
        let unused = Song(id: "aaaa0003", fields: SongFields(name: "Unused", author: "Nobody"))
        var transposed = SongCopy(id: "cccc0002", originalID: stairway.id, fields: stairway.fields)
        transposed.fields.key = MusicalKey(parsing: "F minor")
        transposed.fields.bpm = 100
        let playlist = Playlist(
            id: "bbbb0001", name: "Concert",
            items: [
                .song(SongCopy(id: "cccc0001", originalID: highway.id, fields: highway.fields)),
                .setBreak("Set 2"),
                .song(transposed),
                .song(SongCopy(id: "cccc0003", originalID: "deadbeef", fields: SongFields(name: "Deleted Song", length: 200))),
            ])
        return Library(songs: [highway, stairway, unused], playlists: [playlist], currentPlaylistID: playlist.id)
    }

    /// The leader's "Concert" as a document read back.
    static func concertDocument(_ library: Library = leaderLibrary()) throws -> SharedSetlist {
        let data = PlstsDocument.export(library.playlists[0], from: library, generator: "setlist test", date: date)
        return try PlstsDocument.read(data, source: "Concert.plsts")
    }

    /// A document as JSON text, for reading tests.
    static func read(_ json: String, source: String = "test.plsts") throws(ExchangeError) -> SharedSetlist {
        try PlstsDocument.read(Data(json.utf8), source: source)
    }

    /// The problems an invalid document is refused with (empty when it is accepted or refused
    /// for another reason).
    static func problems(_ json: String) -> [String] {
        do {
            _ = try read(json)
            return []
        } catch {
            if case .invalidDocument(_, let problems) = error { return problems }
            return []
        }
    }

    /// A minimal valid document around the given playlist items.
    static func document(items: String, originals: String = "[]", extra: String = "", version: String = "1.0") -> String {
        """
        {"format": "setlist-plsts", "version": "\(version)", "generator": "test", "exported": "2026-05-01T18:30:00Z",
         "playlist": {"id": "bbbb0001", "name": "Concert", "items": \(items)}, "originals": \(originals)\(extra)}
        """
    }

    /// The folder of bad documents.
    static var corpus: URL {
        Bundle.module.url(forResource: "Corpus", withExtension: nil)!
    }

    /// The shipped examples in Samples/.
    static var samples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples")
    }
}
