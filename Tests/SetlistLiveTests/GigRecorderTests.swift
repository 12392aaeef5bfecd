import Foundation
import SetlistModel
import Testing

@testable import SetlistLive

/// Stage mode logs the gig as it is played, on an injected clock: a song counts after a minute
/// on, skipped songs do not, each counted song is saved at once, and with a band following what
/// counts is the band's song.
@Suite struct GigRecorderTests {
    func bytes(_ text: String) -> TerminalEvent { .input(Array(text.utf8)) }

    /// 2026-03-14 19:00:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_773_514_800)

    /// Runs stage mode on `script`, each event coming at the second `times` gives (from
    /// ``start``); returns the gigs saved, in order, and the recorder.
    func play(
        _ script: [TerminalEvent], at times: [Int], from position: Int = 1, band: LiveBand? = nil
    ) throws -> (saves: [Gig], recorder: GigRecorder) {
        let terminal = ScriptedTerminal(script: script)
        var now = Self.start
        for (index, second) in times.enumerated() { terminal.actions[index] = { now = Self.start + TimeInterval(second) } }
        var saves: [Gig] = []
        let recorder = GigRecorder(playlist: Fixtures.concert, venue: "Lucerna", zone: TimeZone(identifier: "Europe/Prague")!) { gig in
            saves.append(gig)
            return 1
        }
        try LiveSession.run(
            playlist: Fixtures.concert, startingAt: position, appearance: .plain, on: terminal, now: { now }, band: band,
            recorder: recorder)
        return (saves, recorder)
    }

    func names(_ gig: Gig) -> [String] { gig.songs.map(\.name) }

    @Test func aSongCountsAfterAMinuteAndSkippedOnesDoNot() throws {
        let copies = Fixtures.concert.copies
        // Song 1 for 70 s, song 2 for 10 s (skipped), song 3 for 120 s, then q.
        let (saves, recorder) = try play([bytes("n"), bytes("n"), bytes("q")], at: [70, 80, 200])
        #expect(names(recorder.gig) == [copies[0].name, copies[2].name])
        #expect(recorder.gig.songs.map(\.shown) == [70, 120])
        #expect(recorder.gig.songs.map(\.started) == ["2026-03-14T19:00:00Z", "2026-03-14T19:01:20Z"])
        #expect(recorder.gig.songs.map(\.copy) == [copies[0].id, copies[2].id])
        #expect(recorder.gig.songs.map(\.original) == [copies[0].originalID, copies[2].originalID])
        #expect(recorder.gig.date == "2026-03-14")
        #expect(recorder.gig.started == "2026-03-14T19:00:00Z")
        #expect(recorder.gig.venue == "Lucerna")
        #expect(recorder.gig.playlistID == Fixtures.concert.id)
        // Saved as each song counted: a crash would have lost at most the song on.
        #expect(saves.map(names) == [[copies[0].name], [copies[0].name, copies[2].name]])
        #expect(recorder.number == 1)
    }

    /// A minute is the least: 59 seconds is a skip, 60 counts.
    @Test func theMinuteIsTheBoundary() throws {
        let copies = Fixtures.concert.copies
        let (_, recorder) = try play([bytes("n"), bytes("n"), bytes("q")], at: [59, 119, 119])
        #expect(names(recorder.gig) == [copies[1].name])
        #expect(recorder.gig.songs.first?.shown == 60)
    }

    @Test func nothingIsSavedWhenNoSongCounts() throws {
        let (saves, recorder) = try play([bytes("n"), bytes("n"), bytes("q")], at: [5, 10, 30])
        #expect(saves.isEmpty)
        #expect(recorder.gig.songs.isEmpty)
        #expect(recorder.number == nil)
    }

    /// Stepping away by mistake and back adds the time to the song rather than counting it twice.
    @Test func steppingBackToASongAddsToIt() throws {
        let copies = Fixtures.concert.copies
        let (_, recorder) = try play([bytes("n"), bytes("p"), bytes("n"), bytes("q")], at: [90, 95, 200, 300])
        #expect(names(recorder.gig) == [copies[0].name, copies[1].name])
        #expect(recorder.gig.songs.map(\.shown) == [90 + 105, 100])
    }

    /// The show stopped by a signal or a closed terminal ends like q.
    @Test func aStopEndsTheLastSong() throws {
        let copies = Fixtures.concert.copies
        let (_, recorder) = try play([bytes("n"), .stop], at: [61, 200])
        #expect(names(recorder.gig) == [copies[0].name, copies[1].name])
    }

    /// Leading a band: looking ahead moves only the terminal, so what counts is the band's song.
    @Test func withABandWhatTheBandWasShownIsRecorded() throws {
        let copies = Fixtures.concert.copies
        let band = LiveBand(addressScreen: { _, _ in ["ADDRESS"] }, publish: { _ in })
        // Any key leaves the address screen; then look ahead to song 3 for two minutes while the
        // band plays song 1, send the band there, play it, and quit.
        let (_, recorder) = try play(
            [bytes("x"), bytes("l"), bytes("n"), bytes("n"), bytes("b"), bytes("q")], at: [0, 10, 20, 150, 160, 300], band: band)
        #expect(names(recorder.gig) == [copies[0].name, copies[2].name])
        #expect(recorder.gig.songs.map(\.shown) == [160, 140])
    }

    /// A save that fails keeps the show going; the next song saves the whole gig again.
    @Test func aFailedSaveIsTriedAgainWithTheNextSong() throws {
        let terminal = ScriptedTerminal(script: [bytes("n"), bytes("n"), bytes("q")])
        var now = Self.start
        for (index, second) in [70, 140, 210].enumerated() { terminal.actions[index] = { now = Self.start + TimeInterval(second) } }
        var attempts = 0
        var saved: Gig?
        let recorder = GigRecorder(playlist: Fixtures.concert, zone: TimeZone(identifier: "UTC")!) { gig in
            attempts += 1
            if attempts == 1 { throw CocoaError(.fileWriteOutOfSpace) }
            saved = gig
            return 3
        }
        try LiveSession.run(playlist: Fixtures.concert, startingAt: 1, appearance: .plain, on: terminal, now: { now }, recorder: recorder)
        #expect(attempts == 3)
        #expect(saved?.songs.count == 3)
        #expect(recorder.failure == nil)
        #expect(recorder.number == 3)
    }

    /// A gig of the concert logged by stage mode, its one song on from `start` for `shown` seconds.
    func earlierGig(venue: String? = "Lucerna", shown: Int = 300) -> Gig {
        let copy = Fixtures.concert.copies[0]
        return Gig(
            date: "2026-03-14", started: "2026-03-14T19:00:00Z", playlist: Fixtures.concert.name, playlistID: Fixtures.concert.id,
            venue: venue, songs: [PlayedSong(copy, started: "2026-03-14T19:00:00Z", shown: shown)])
    }

    /// Stage mode started again on the same setlist within the hour after its last song (a
    /// crash, the second set) goes on with that gig; later, after another setlist's gig, after
    /// a gig logged by hand or at another venue, it is a new gig.
    @Test func aRestartWithinTheHourGoesOnWithTheGig() throws {
        let gig = earlierGig()
        let songEnd = Self.start + 300
        let other = Gig(date: "2026-03-14", playlist: "Other", playlistID: "other", songs: gig.songs)
        var byHand = gig
        byHand.songs[0].started = nil
        let cases: [(gigs: [Gig], venue: String?, moment: Date, continues: Bool)] = [
            ([gig], "Lucerna", songEnd + 10 * 60, true),
            ([gig], nil, songEnd + 59 * 60, true),
            ([gig], "Lucerna", songEnd + 60 * 60, false),
            ([gig], "Roxy", songEnd + 60, false),
            ([earlierGig(venue: nil)], "Roxy", songEnd + 60, true),
            ([gig, other], nil, songEnd + 60, false),
            ([byHand], nil, songEnd + 60, false),
            // A clock set back since: not taken for a pause.
            ([gig], nil, songEnd - 60, false),
            ([], nil, songEnd, false),
        ]
        for (number, test) in cases.enumerated() {
            let found = GigRecorder.gigToContinue(in: test.gigs, playlist: Fixtures.concert, venue: test.venue, at: test.moment)
            #expect((found != nil && found?.id == test.gigs.last?.id) == test.continues, "case \(number)")
        }
    }

    /// The songs of the show started again are added to the gig, which keeps its id, day, start
    /// and venue; the same song played on after the restart adds its time to it.
    @Test func aContinuedGigKeepsItsSongsAndAddsTheNewOnes() throws {
        let copies = Fixtures.concert.copies
        let earlier = earlierGig(venue: nil, shown: 70)
        var saves: [Gig] = []
        let recorder = GigRecorder(
            playlist: Fixtures.concert, venue: "Lucerna", continuing: earlier, zone: TimeZone(identifier: "Europe/Prague")!
        ) { gig in
            saves.append(gig)
            return 4
        }
        #expect(recorder.continues)
        recorder.show(copies[0], at: Self.start + 600)
        recorder.show(copies[1], at: Self.start + 700)
        recorder.finish(at: Self.start + 900)
        #expect(recorder.gig.id == earlier.id && recorder.gig.date == earlier.date && recorder.gig.started == earlier.started)
        #expect(recorder.gig.venue == "Lucerna", "a venue given now fills one that was not")
        #expect(recorder.gig.songs.map(\.copy) == [copies[0].id, copies[1].id])
        #expect(recorder.gig.songs.map(\.shown) == [170, 200])
        #expect(saves.count == 2 && recorder.number == 4)
        let fresh = GigRecorder(playlist: Fixtures.concert, zone: .gmt) { _ in 1 }
        #expect(!fresh.continues && fresh.gig.songs.isEmpty)
    }
}
