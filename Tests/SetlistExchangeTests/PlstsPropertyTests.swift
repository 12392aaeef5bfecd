import Foundation
import SeededRandom
import SetlistModel
import Testing

@testable import SetlistExchange

/// .plsts documents from outside, damaged at random: reading refuses them with an error or
/// accepts them, never crashes, and what it accepts imports and exports again. Also replays the
/// seeds and crash inputs of the FuzzPlsts fuzz target (`Tests/Fuzz/Regressions/FuzzPlsts/`).
@Suite struct PlstsPropertyTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    /// What the FuzzPlsts target checks for each input.
    static func readImportExport(_ data: Data, name: String) {
        guard let shared = try? PlstsDocument.read(data, source: name) else { return }
        var library = Library()
        guard let report = try? PlstsImport.apply(shared, to: &library) else {
            Issue.record("\(name): reads but does not import into an empty library")
            return
        }
        #expect(report.songCount == shared.playlist.copies.count, "\(name)")
        let playlist = library.playlists[library.playlists.count - 1]
        let exported = PlstsDocument.export(playlist, from: library, generator: "test", date: Date(timeIntervalSince1970: 0))
        let again = try? PlstsDocument.read(exported, source: name + " (exported)")
        #expect(again?.playlist.copies.count == playlist.copies.count, "\(name): the export does not read back whole")
    }

    static func sampleDocument() throws -> Data {
        var library = Library()
        library.addSong(
            SongFields(name: "Highway to Hell", author: "AC/DC", length: 140, key: MusicalKey(parsing: "Cm"), bpm: 250, notes: "Intro"))
        library.addSong(SongFields(name: "Příběh", author: "Čechomor"))
        let index = try library.addPlaylist(named: "Můj koncert")
        try library.insertCopies(of: library.songs, into: index, at: nil)
        try library.addBreak(in: index, after: 1, label: "Přídavek")
        return PlstsDocument.export(library.playlists[index], from: library, generator: "test", date: Date(timeIntervalSince1970: 0))
    }

    @Test func fuzzSeedsAndRegressionsReadOrFailCleanly() throws {
        var count = 0
        let folders = [
            Self.fuzzFolder.appendingPathComponent("Regressions/FuzzPlsts"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus"),
        ]
        for folder in folders {
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            where !name.hasPrefix(".") && !name.hasSuffix(".md") {
                Self.readImportExport(try Data(contentsOf: folder.appendingPathComponent(name)), name: name)
                count += 1
            }
        }
        Self.readImportExport(try Self.sampleDocument(), name: "sample")
        #expect(count >= 10, "the seeds are the exchange tests' corpus")
    }

    @Test func randomlyDamagedDocumentsAreRefusedOrImported() throws {
        var generator = seededGenerator(for: "randomlyDamagedDocumentsAreRefusedOrImported")
        // The sample's ids are among the bytes damaged, and imports make more.
        try withSeededIdentifiers(generator.next()) {
            let original = try Self.sampleDocument()
            #expect((try? PlstsDocument.read(original, source: "sample")) != nil)
            let interesting: [UInt8] = Array("{}[]\",:0-9e.\\u\u{0}nulltruefalse".utf8) + [0xFF, 0xC3, 0x80, 0x0A]
            for round in 0..<TestSize.count(small: 1500, full: 5000) {
                var bytes = [UInt8](original)
                for _ in 0...Int.random(in: 0...4, using: &generator) {
                    let at = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0: bytes[at] = interesting.randomElement(using: &generator)!
                    case 1: bytes.remove(at: at)
                    case 2: bytes.insert(interesting.randomElement(using: &generator)!, at: at)
                    default: bytes = Array(bytes[..<at])
                    }
                    if bytes.isEmpty { break }
                }
                Self.readImportExport(Data(bytes), name: "mutation \(round)")
            }
        }
    }
}
