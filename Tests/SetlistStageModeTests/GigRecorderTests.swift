import Foundation
import SetlistModel
import Testing

@testable import SetlistStageMode

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
        _ script: [TerminalEvent], at times: [Int], from position: Int = 1, band: BandPageLink? = nil
    ) throws -> (saves: [Gig], recorder: GigRecorder) {
        let terminal = ScriptedTerminal(script: script)
        var now = Self.start
        for (index, second) in times.enumerated() { terminal.actions[index] = { now = Self.start + TimeInterval(second) } }
        let log = MemoryLog()
        let recorder = GigRecorder(
            playlist: Fixtures.concert, venue: "Lucerna", zone: TimeZone(identifier: "Europe/Prague")!, save: log.save)
        try StageMode.run(
            playlist: Fixtures.concert, startingAt: position, appearance: .plain, on: terminal, now: { now }, band: band,
            recorder: recorder)
        return (log.saves, recorder)
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
        let band = BandPageLink(addressScreen: { _, _ in ["ADDRESS"] }, publish: { _ in })
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
        let log = MemoryLog()
        let recorder = GigRecorder(playlist: Fixtures.concert, zone: TimeZone(identifier: "UTC")!) { change in
            attempts += 1
            if attempts == 1 { throw CocoaError(.fileWriteOutOfSpace) }
            return try log.save(change)
        }
        try StageMode.run(playlist: Fixtures.concert, startingAt: 1, appearance: .plain, on: terminal, now: { now }, recorder: recorder)
        #expect(attempts == 3)
        #expect(log.saves.last?.songs.count == 3)
        #expect(recorder.failure == nil && recorder.unlogged.isEmpty)
        #expect(recorder.number == 1)
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
        let log = MemoryLog()
        log.library.gigs = [earlier]
        let recorder = GigRecorder(
            playlist: Fixtures.concert, venue: "Lucerna", continuing: earlier, zone: TimeZone(identifier: "Europe/Prague")!, save: log.save)
        #expect(recorder.continues)
        recorder.show(copies[0], at: Self.start + 600)
        recorder.show(copies[1], at: Self.start + 700)
        recorder.finish(at: Self.start + 900)
        #expect(recorder.gig.id == earlier.id && recorder.gig.date == earlier.date && recorder.gig.started == earlier.started)
        #expect(recorder.gig.venue == "Lucerna", "a venue given now fills one that was not")
        #expect(recorder.gig.songs.map(\.copy) == [copies[0].id, copies[1].id])
        #expect(recorder.gig.songs.map(\.shown) == [170, 200])
        #expect(log.saves.count == 2 && recorder.number == 1)
        let fresh = GigRecorder(playlist: Fixtures.concert, zone: .gmt, save: MemoryLog().save)
        #expect(!fresh.continues && fresh.gig.songs.isEmpty)
    }
}

/// Each save logs this show's songs into the gig as the log holds it then: two stage modes on one
/// setlist keep each other's songs, a gig removed elsewhere is not put back, a failed save is
/// said and made again, and a song changed while it was on is logged as it ended.
@Suite struct GigShowLogTests {
    let start = GigRecorderTests.start
    let copies = Fixtures.concert.copies
    let utc = TimeZone(identifier: "UTC")!

    /// Stage mode A is left running on song 2; B goes on in the same gig and plays songs 2 to 4;
    /// A is quit an hour later. Whichever finishes first, the log holds songs 1 to 4 once each,
    /// A's song 2 cut where B's song 3 came on (one song at a time), B's songs untouched.
    @Test(arguments: [true, false])
    func twoStageModesKeepEachOthersSongs(aQuitsFirst: Bool) throws {
        let log = MemoryLog()
        let a = GigRecorder(playlist: Fixtures.concert, zone: utc, save: log.save)
        a.show(copies[0], at: start)
        a.show(copies[1], at: start + 200)
        #expect(log.library.gigs.first?.songs.map(\.name) == [copies[0].name])
        let earlier = try #require(GigRecorder.gigToContinue(in: log.library.gigs, playlist: Fixtures.concert, venue: nil, at: start + 300))
        let b = GigRecorder(playlist: Fixtures.concert, continuing: earlier, zone: utc, save: log.save)
        b.show(copies[1], at: start + 300)
        b.show(copies[2], at: start + 500)
        b.show(copies[3], at: start + 800)
        let finishers = aQuitsFirst ? [a, b] : [b, a]
        for recorder in finishers { recorder.finish(at: start + 3600) }
        let gig = try #require(log.library.gigs.first)
        #expect(log.library.gigs.count == 1)
        #expect(gig.songs.map(\.name) == copies[0...3].map(\.name))
        #expect(gig.songs.map(\.started) == [0, 200, 500, 800].map { DateText.iso8601(start + TimeInterval($0)) })
        #expect(gig.songs.map(\.shown) == [200, 300, 300, 2800])
        #expect(a.unlogged.isEmpty && b.unlogged.isEmpty)
    }

    /// A gig removed (or undone) elsewhere during the show is not put back by the next song: the
    /// log is left as it is (so `redo` can still bring it back), the stage screen says so, and a
    /// gig brought back takes the songs played meanwhile.
    @Test func aGigRemovedElsewhereIsNotPutBack() throws {
        let log = MemoryLog()
        let recorder = GigRecorder(playlist: Fixtures.concert, zone: utc, save: log.save)
        recorder.show(copies[0], at: start)
        recorder.show(copies[1], at: start + 100)
        let saved = try #require(log.library.gigs.first)
        log.library.gigs = [] // `setlist gig 1 --remove` in another terminal
        recorder.show(copies[2], at: start + 200)
        #expect(log.library.gigs.isEmpty, "the next song does not put it back")
        #expect(recorder.removed && recorder.number == nil)
        #expect(recorder.problem == "The gig was removed from the log elsewhere: this show is no longer logged.")
        #expect(recorder.unlogged.map(\.name) == copies[0...1].map(\.name))
        log.library.gigs = [saved] // `setlist redo`
        recorder.finish(at: start + 300)
        #expect(log.library.gigs.first?.songs.map(\.name) == copies[0...2].map(\.name))
        #expect(!recorder.removed && recorder.unlogged.isEmpty && recorder.problem == nil)
    }

    /// A save that fails is said on the status line until one reaches the log; what the log lacks
    /// is known song by song.
    @Test func aFailedSaveIsSaidUntilOneReachesTheLog() throws {
        let log = MemoryLog()
        var full = false
        let recorder = GigRecorder(playlist: Fixtures.concert, zone: utc) { change in
            if full { throw CocoaError(.fileWriteOutOfSpace) }
            return try log.save(change)
        }
        recorder.show(copies[0], at: start)
        recorder.show(copies[1], at: start + 100)
        full = true
        recorder.show(copies[2], at: start + 200)
        recorder.show(copies[3], at: start + 300)
        #expect(recorder.problem?.hasPrefix("Not saved to the gig log (") == true, "\(recorder.problem ?? "")")
        #expect(recorder.problem?.hasSuffix("); tried again with the next song.") == true)
        #expect(recorder.unlogged.map(\.name) == copies[1...2].map(\.name))
        #expect(log.library.gigs.first?.songs.map(\.name) == [copies[0].name])
        recorder.finish(at: start + 400)
        #expect(recorder.unlogged.map(\.name) == copies[1...3].map(\.name), "the last try failed too")
        full = false
        recorder.retry()
        #expect(recorder.unlogged.isEmpty && recorder.problem == nil && recorder.failure == nil)
        #expect(log.library.gigs.first?.songs.map(\.name) == copies[0...3].map(\.name))
    }

    /// On the stage screen: the status line says the log was not saved, from the song whose save
    /// failed until a save reaches the log.
    @Test func theStageScreenSaysTheLogWasNotSaved() throws {
        let terminal = ScriptedTerminal(script: [.input(Array("n".utf8)), .input(Array("n".utf8)), .input(Array("q".utf8))])
        var now = start
        for (index, second) in [70, 140, 210].enumerated() { terminal.actions[index] = { now = self.start + TimeInterval(second) } }
        var attempts = 0
        let recorder = GigRecorder(playlist: Fixtures.concert, zone: utc) { change in
            attempts += 1
            if attempts == 1 { throw CocoaError(.fileWriteOutOfSpace) }
            return try MemoryLog().save(change)
        }
        try StageMode.run(playlist: Fixtures.concert, startingAt: 1, appearance: .plain, on: terminal, now: { now }, recorder: recorder)
        let said = terminal.frames.map { $0.last?.contains("Not saved to the gig log") == true }
        // Drawn for song 1, song 2 (then the save of song 1 fails: drawn again), song 3 (then
        // the save of songs 1 and 2 reaches the log: drawn again).
        #expect(said == [false, false, true, true, false], "\(terminal.frames.map { $0.last ?? "" })")
    }

    /// A log edited by hand out of time order, or with two songs on at the same moment, loses
    /// no song when a show logs into it.
    @Test func aLogOutOfOrderLosesNoSong() throws {
        let moment = { (seconds: Int) in DateText.iso8601(self.start + TimeInterval(seconds)) }
        let gig = Gig(
            date: "2026-03-14", playlist: Fixtures.concert.name, playlistID: Fixtures.concert.id,
            songs: [
                PlayedSong(copies[0], started: moment(600), shown: 300), PlayedSong(copies[1], started: moment(0), shown: 900),
                PlayedSong(copies[2], started: moment(0), shown: 100),
            ])
        let logged = gig.logging([PlayedSong(copies[3], started: moment(2000), shown: 90)], minimum: 60)
        #expect(logged.songs.map(\.name) == copies[0...3].map(\.name))
        #expect(logged.songs.map(\.shown) == [300, 900, 100, 90])
    }

    /// A song changed elsewhere while it is on (renamed, its author corrected) is logged as it
    /// stood when it went off, not as it came on.
    @Test func aSongChangedWhileOnIsLoggedAsItEnded() throws {
        let log = MemoryLog()
        let recorder = GigRecorder(playlist: Fixtures.concert, zone: utc, save: log.save)
        var renamed = copies[0]
        renamed.fields.name = "Highway to Hell (live)"
        renamed.fields.author = "AC/DC & friends"
        recorder.show(copies[0], at: start)
        recorder.show(renamed, at: start + 30)
        recorder.show(copies[1], at: start + 90)
        let song = try #require(log.library.gigs.first?.songs.first)
        #expect(song.name == "Highway to Hell (live)" && song.author == "AC/DC & friends" && song.shown == 90)
    }
}

/// A gig log in memory that the recorder's saves change, keeping each gig as saved.
final class MemoryLog {
    var library = Library()
    var saves: [Gig] = []

    func save(_ change: (inout Library) -> GigShowLogged) throws -> GigShowLogged {
        let result = change(&library)
        if case .logged(let gig, _) = result { saves.append(gig) }
        return result
    }
}
