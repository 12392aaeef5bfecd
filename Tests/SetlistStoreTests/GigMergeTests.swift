import Foundation
import Testing

@testable import SetlistModel
@testable import SetlistStore

/// The gig log in a shared library: the merge driver merges one gig changed on both sides, and
/// `check --repair` merges a sync tool's conflict copy of a gig file.
@Suite struct GigMergeTests {
    let folder = StoreFolder()

    static let songs = [
        PlayedSong(copy: "c1", original: "o1", name: "Highway to Hell", length: 208, started: "2026-03-14T19:00:00Z", shown: 200),
        PlayedSong(copy: "c2", original: "o2", name: "Žluťoučký kůň", length: 120, started: "2026-03-14T19:04:00Z", shown: 130),
        PlayedSong(copy: "c3", original: "o3", name: "Blues", started: "2026-03-14T19:07:00Z", shown: 300),
    ]

    static func gig(songs: Int, venue: String? = nil, playlist: String = "Koncert") -> Data {
        LibraryFiles.encode(
            LibraryFiles.GigFile(
                gig: Gig(id: "a1b2c3d4e5", date: "2026-03-14", playlist: playlist, venue: venue, songs: Array(Self.songs.prefix(songs)))))
    }

    func merged(_ base: Data?, _ ours: Data, _ theirs: Data) throws -> Gig {
        let result = try LibraryFileMerge.merge(base: base, ours: ours, theirs: theirs, path: "gigs/2026-03-14-a1b2c3d4.json")
        #expect(result.conflicts.isEmpty)
        return try LibraryFiles.decode(LibraryFiles.GigFile.self, from: result.data, path: "merged").gig
    }

    /// Stage mode saved further on one computer: the longer log is kept, with or without a base,
    /// and a venue set on the other side merges in.
    @Test func aLogOneSideExtendedMergesWithTheOthersEdit() throws {
        let base = Self.gig(songs: 1)
        var gig = try merged(base, Self.gig(songs: 3), Self.gig(songs: 1, venue: "Lucerna"))
        #expect(gig.songs == Self.songs)
        #expect(gig.venue == "Lucerna")
        gig = try merged(nil, Self.gig(songs: 2), Self.gig(songs: 3))
        #expect(gig.songs == Self.songs)
    }

    /// A part both sides changed differently is refused naming it; nothing is lost silently.
    @Test func aPartBothChangedIsRefusedNamingIt() throws {
        let base = Self.gig(songs: 2)
        #expect {
            _ = try merged(base, Self.gig(songs: 2, venue: "Lucerna"), Self.gig(songs: 2, venue: "Rock Café"))
        } throws: { "\($0)".contains("both sides changed the gig's venue") }
        var reordered = try LibraryFiles.decode(LibraryFiles.GigFile.self, from: Self.gig(songs: 3), path: "x")
        reordered.gig.songs.swapAt(0, 2)
        #expect {
            _ = try merged(base, Self.gig(songs: 3, playlist: "Koncert"), LibraryFiles.encode(reordered))
        } throws: { "\($0)".contains("the gig's songs") }
        var other = try LibraryFiles.decode(LibraryFiles.GigFile.self, from: Self.gig(songs: 1), path: "x")
        other.gig.id = "ffff0000"
        #expect {
            _ = try merged(nil, Self.gig(songs: 1), LibraryFiles.encode(other))
        } throws: { "\($0)".contains("different gigs") }
    }

    /// A sync tool's copy of a gig file is found by `check`, is not read as a gig of its own, and
    /// `check --repair` merges it in and keeps it aside.
    @Test func aSyncConflictCopyOfAGigIsFoundAndMerged() throws {
        try folder.seed()
        let path = "gigs/2026-03-14-a1b2c3d4.json"
        try folder.store.modify(.gigs) { library in
            library.save(try LibraryFiles.decode(LibraryFiles.GigFile.self, from: Self.gig(songs: 1), path: "x").gig)
        }
        #expect(folder.data(path) == Self.gig(songs: 1))
        let copy = "gigs/2026-03-14-a1b2c3d4.sync-conflict-20260314-203000-ABCDEFG.json"
        try Self.gig(songs: 3).write(to: folder.url(copy))
        #expect(try folder.store.load(.whole).gigs.count == 1)
        let report = try folder.store.check()
        #expect(report.problems.map(\.kind) == [.syncConflictCopy], "\(report.problems)")
        #expect(report.problems.first?.path == copy)
        let repair = try folder.store.repair()
        #expect(repair.remaining.isSound, "\(repair.remaining.problems)")
        #expect(try folder.store.load(.whole).gigs.first?.songs == Self.songs)
        #expect(folder.data(copy) == nil)
        #expect(repair.actions.contains { $0.contains("merged into \(path)") }, "\(repair.actions)")
    }
}
