import Foundation
import Testing

@testable import SetlistModel
@testable import SetlistStore

/// Charts in a library shared through git: the merge driver takes a chart changed on one side,
/// records one changed on both as a conflict like any field's, and `resolve` settles it.
@Suite struct ChartMergeTests {
    static func songs(_ chart: [String]?) -> Data {
        let fields = SongFields(
            name: "Highway to Hell", key: MusicalKey(parsing: "A major"), chart: chart.map { Chart(lines: $0, key: nil) })
        return LibraryFiles.encode(LibraryFiles.SongsFile(songs: [Song(id: "a1b2c3d4", fields: fields)]))
    }

    func merged(_ base: [String]?, _ ours: [String]?, _ theirs: [String]?) throws -> (Song, [LibraryConflict]) {
        let result = try LibraryFileMerge.merge(
            base: Self.songs(base), ours: Self.songs(ours), theirs: Self.songs(theirs), path: "songs.json")
        let file = try LibraryFiles.decode(LibraryFiles.SongsFile.self, from: result.data, path: "merged")
        return (try #require(file.songs.first), result.conflicts)
    }

    @Test func aChartChangedOnOneSideComesIn() throws {
        let (song, conflicts) = try merged(["[A]la"], ["[A]la"], ["[A]la", "[D]new line"])
        #expect(conflicts.isEmpty)
        #expect(song.fields.chart?.lines == ["[A]la", "[D]new line"])
        let (added, none) = try merged(nil, nil, ["[A]la"])
        #expect(none.isEmpty && added.fields.chart?.lines == ["[A]la"])
    }

    @Test func aChartChangedOnBothSidesIsAConflictResolvedEitherWay() throws {
        let (song, conflicts) = try merged(["[A]la"], ["[A]ours"], ["[A]theirs", "two"])
        #expect(song.fields.chart?.lines == ["[A]ours"], "ours stays until resolved")
        let conflict = try #require(conflicts.first)
        #expect(conflicts.count == 1 && conflict.field == "chart")
        #expect(conflict.summary == "'Highway to Hell', chart: ours a chart of 1 line, theirs a chart of 2 lines")
        var library = Library(songs: [song])
        library.conflicts = conflicts
        try library.resolveConflicts([1], taking: .theirs)
        #expect(library.songs[0].fields.chart?.lines == ["[A]theirs", "two"])
        #expect(library.conflicts.isEmpty)
    }

    /// A setlist's name settled to one another setlist holds is refused, as `rename` refuses it:
    /// two setlists of one name would stop every command.
    @Test func aNameAnotherSetlistHoldsIsRefused() throws {
        var library = Library()
        try library.addPlaylist(named: "Gig Praha 2026")
        let index = try library.addPlaylist(named: "Praha live")
        let id = library.playlists[index].id
        library.conflicts = [
            LibraryConflict(
                location: .playlist(id), subject: "playlist 'Praha live'", item: nil, field: "name", ours: .string("Praha live"),
                theirs: .string("gig praha 2026"))
        ]
        var refused = library
        #expect {
            try refused.resolveConflicts([], taking: .theirs)
        } throws: { error in
            if case LibraryError.duplicatePlaylistName("Gig Praha 2026") = error { true } else { false }
        }
        try library.resolveConflicts([], taking: .mine)
        #expect(library.playlists.map(\.name) == ["Gig Praha 2026", "Praha live"] && library.conflicts.isEmpty)
    }
}
