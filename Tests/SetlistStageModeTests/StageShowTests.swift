import Foundation
import SetlistModel
import SetlistStore
import Testing

@testable import SetlistStageMode

/// Stage mode started again mid-show (after a crash or a q pressed by mistake) goes on where the
/// band was, so that every phone stays on the song the band is on.
@Suite struct StageShowTests {
    let store = LibraryStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("setlist-show-" + UUID().uuidString))
    func bytes(_ text: String) -> TerminalEvent { .input(Array(text.utf8)) }

    /// The library with `Fixtures.concert` and a gig of it whose last song, the third, went off at `end`.
    func library(lastSongOff end: Date) throws -> (Library, Playlist) {
        let copies = Fixtures.concert.copies
        try store.modify { library in library.playlists = [Fixtures.concert] }
        try store.modify(.gigs) { library in
            let songs = [0, 2].map { index in
                PlayedSong(copies[index], started: DateText.iso8601(end.addingTimeInterval(TimeInterval(-300 + index * 100))), shown: 100)
            }
            library.gigs = [
                Gig(date: "2026-03-14", playlist: Fixtures.concert.name, playlistID: Fixtures.concert.id, venue: nil, songs: songs)
            ]
        }
        let library = try store.load(.whole)
        return (library, try #require(library.playlists.first))
    }

    func firstFrame(startingAt position: Int?, now: Date, end: Date) throws -> [String] {
        defer { try? FileManager.default.removeItem(at: store.root) }
        let (library, playlist) = try library(lastSongOff: end)
        let show = StageShow(
            playlist: playlist, of: library, store: store, venue: nil, zone: TimeZone(identifier: "UTC")!, stateFolder: nil,
            command: "setlist live", now: now)
        let terminal = ScriptedTerminal(script: [bytes("q")])
        try show.play(startingAt: position, appearance: .plain, on: terminal, band: nil)
        return try #require(terminal.frames.first)
    }

    @Test func aRestartWithinTheHourGoesOnFromTheLastSongLoggedAndSaysSo() throws {
        let end = Date(timeIntervalSince1970: 1_773_514_800)
        let frame = try firstFrame(startingAt: nil, now: end.addingTimeInterval(120), end: end)
        #expect(frame[0].contains("3/5"), "\(frame)")
        #expect(frame.contains { $0.contains("Going on where the band was: song 3") }, "\(frame)")
    }

    @Test func atWinsAndAnOldGigStartsAtTheTop() throws {
        let end = Date(timeIntervalSince1970: 1_773_514_800)
        let chosen = try firstFrame(startingAt: 2, now: end.addingTimeInterval(120), end: end)
        #expect(chosen[0].contains("2/5") && !chosen.contains { $0.contains("Going on") }, "\(chosen)")
        let later = try firstFrame(startingAt: nil, now: end.addingTimeInterval(2 * 3600), end: end)
        #expect(later[0].contains("1/5") && !later.contains { $0.contains("Going on") }, "\(later)")
    }
}
