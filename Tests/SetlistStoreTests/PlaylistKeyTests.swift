import Foundation
import Testing

@testable import SetlistModel
@testable import SetlistStore

/// A command naming a playlist reads only the files the order file's entries may be
/// (``LibraryFiles/candidates(for:in:)``): by id, by the start of one, or by the file its name gives.
@Suite struct PlaylistKeyTests {
    @Test func aNamedPlaylistOfALargeLibraryHasOnlyItsCandidates() throws {
        let entries = (0..<2_000).map { number in
            // The first eight digits differ between any two (an odd multiplier is a bijection modulo 2³²).
            let id = String(format: "%08x%024x", UInt32(truncatingIfNeeded: number &* 2_654_435_761), number)
            return LibraryFiles.PlaylistOrderFile.Entry(id: id, file: Playlist.fileName(name: "Koncert \(number)", id: id))
        }
        let order = LibraryFiles.PlaylistOrderFile(current: entries[5].id, playlists: entries)
        #expect(LibraryFiles.candidates(for: .init("Koncert 1234"), in: order) == [entries[1234].id])
        #expect(LibraryFiles.candidates(for: .init(" koncert 1234 "), in: order) == [entries[1234].id])
        #expect(LibraryFiles.candidates(for: .init(String(entries[77].id.prefix(8)).uppercased()), in: order) == [entries[77].id])
        #expect(LibraryFiles.candidates(for: nil, in: order) == [entries[5].id])
        #expect(LibraryFiles.candidates(for: .init("Koncert 99999"), in: order) == [])
    }
}
