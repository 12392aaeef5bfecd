import Foundation
import SeededRandom
import Testing

@testable import SetlistCore

/// Reading the order file for named playlists keeps only the entries that may be theirs
/// (``LibraryFiles/PlaylistKey/mayMatch(id:file:)``); what is found must be what the whole file gives.
@Suite struct PlaylistKeyTests {
    /// Pieces of ids, names and file names, among them what compares equal as text but not as
    /// bytes: NFD accents, the Kelvin sign (K), the Greek question mark (;), upper case.
    static let pieces = [
        "ab", "AB", "cd12", "0f", "-", "koncert", "Koncert", "KONCERT", "k\u{212A}", "\u{212A}oncert", ";", "\u{037E}", "é",
        "e\u{301}", "ě", "zkouška", "zkous\u{30C}ka", " ", ".json", "x", "1", "playlist",
    ]

    static func text(_ random: inout some RandomNumberGenerator, pieces count: ClosedRange<Int>) -> String {
        (0..<Int.random(in: count, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    @Test func theEntriesKeptForNamedPlaylistsGiveTheSameCandidates() throws {
        var random = seededGenerator(for: "PlaylistKeyTests.theEntriesKeptForNamedPlaylistsGiveTheSameCandidates")
        for _ in 0..<300 {
            var entries: [LibraryFiles.PlaylistOrderFile.Entry] = []
            var names: [String] = []
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let hexID = (0..<32).map { _ in "0123456789abcdef".randomElement(using: &random)! }
                let id = Bool.random(using: &random) ? String(hexID) : Self.text(&random, pieces: 1...4)
                let name = Self.text(&random, pieces: 1...4)
                names.append(name)
                // Most files are named as setlist names them; some by hand.
                let file =
                    Int.random(in: 0..<4, using: &random) == 0
                    ? Self.text(&random, pieces: 1...3) + ".json"
                    : LibraryFiles.playlistFileName(name: name, id: id)
                entries.append(.init(id: id, file: file))
            }
            let order = LibraryFiles.PlaylistOrderFile(current: nil, playlists: entries)
            let data = try JSONEncoder().encode(order)
            var references: [String] = names + entries.map(\.id) + entries.map { String($0.id.prefix(6)).uppercased() }
            references += (0..<3).map { _ in Self.text(&random, pieces: 1...4) }
            for reference in references {
                let key = LibraryFiles.PlaylistKey(reference)
                let kept = try #require(LibraryFiles.orderFile(skimming: data, keepingCandidatesFor: [key]))
                #expect(
                    LibraryFiles.candidates(for: key, in: kept) == LibraryFiles.candidates(for: key, in: order),
                    "reference \(reference.debugDescription) in \(entries)")
                #expect(kept.playlists.allSatisfy(entries.contains))
            }
        }
    }

    @Test func aNamedPlaylistOfALargeLibraryKeepsOnlyItsCandidates() throws {
        let entries = (0..<2_000).map { number in
            // The first eight digits differ between any two (an odd multiplier is a bijection modulo 2³²).
            let id = String(format: "%08x%024x", UInt32(truncatingIfNeeded: number &* 2_654_435_761), number)
            return LibraryFiles.PlaylistOrderFile.Entry(id: id, file: LibraryFiles.playlistFileName(name: "Koncert \(number)", id: id))
        }
        let data = try JSONEncoder().encode(LibraryFiles.PlaylistOrderFile(current: nil, playlists: entries))
        let kept = try #require(LibraryFiles.orderFile(skimming: data, keepingCandidatesFor: [.init("Koncert 1234")]))
        #expect(kept.playlists == [entries[1234]])
        let byID = try #require(LibraryFiles.orderFile(skimming: data, keepingCandidatesFor: [.init(String(entries[77].id.prefix(8)))]))
        #expect(byID.playlists == [entries[77]])
        #expect(LibraryFiles.orderFile(skimming: data)?.playlists == entries)
    }
}
