import Foundation
import SetlistModel
import Testing

@testable import SetlistStageMode

/// Stage mode's rules without a terminal: each event handed to the session, the actions it
/// returns checked in order.
@Suite struct StageSessionTests {
    static let size = TerminalSize(columns: 80, rows: 24)
    static let moment = Date(timeIntervalSince1970: 1_800_000_000)

    func session(_ playlist: Playlist = Fixtures.concert, at position: Int = 1, band: Bool = false, watching: Bool = false)
        -> StageSession
    {
        StageSession(playlist: playlist, position: position, size: Self.size, leadsBand: band, watching: watching)
    }

    func keys(_ text: String) -> StageEvent { .input(Array(text.utf8)) }

    func copy(_ position: Int, of playlist: Playlist = Fixtures.concert) -> SongCopy { playlist.copies[position - 1] }

    func cue(_ position: Int, message: String? = nil) -> StageAction {
        .publish(BandCue(playlist: Fixtures.concert, position: position, message: message, notation: .english))
    }

    /// The texts of the screens drawn among `actions`.
    func drawn(_ actions: [StageAction]) -> [[String]] {
        actions.compactMap { if case .draw(let lines) = $0 { lines.map(\.text) } else { nil } }
    }

    @Test func withoutABandTheSongIsDrawnAndRecordedAndNothingPublished() {
        var stage = session()
        let first = stage.handle(.start, at: Self.moment)
        #expect(first.count == 2)
        #expect(drawn(first).first?.first?.hasSuffix("1/5 · Set 1") == true)
        #expect(first.last == .record(copy(1)))
        let next = stage.handle(keys("n"), at: Self.moment)
        #expect(drawn(next).first?.first?.hasSuffix("2/5 · Set 1") == true)
        #expect(next.last == .record(copy(2)))
    }

    /// With a band, the address shows first; the first key only puts it away, and the band is
    /// told its song from the start.
    @Test func aBandSeesTheAddressFirstAndTheFirstKeyOnlyStartsTheShow() {
        var stage = session(band: true)
        #expect(stage.handle(.start, at: Self.moment) == [.showAddress(.start), cue(1), .record(copy(1))])
        let started = stage.handle(keys("n"), at: Self.moment)
        #expect(drawn(started).first?.first?.hasSuffix("1/5 · Set 1") == true, "the key that starts the show does not move")
        #expect(Array(started.dropFirst()) == [cue(1), .record(copy(1))])
        #expect(Array(stage.handle(keys("n"), at: Self.moment).dropFirst()) == [cue(2), .record(copy(2))])
        #expect(stage.handle(keys("w"), at: Self.moment) == [.showAddress(.during), cue(2), .record(copy(2))])
    }

    @Test func qOnTheAddressScreenQuitsOnTheFirstSong() {
        var stage = session(at: 3, band: true)
        _ = stage.handle(.start, at: Self.moment)
        #expect(stage.handle(keys("q"), at: Self.moment) == [.record(copy(3)), .quit(3)])
    }

    /// Looking ahead moves the terminal only: the band's song is published and logged, and at
    /// the end the band's song counts while the position shown is returned.
    @Test func lookingAheadKeepsTheBandsSongInTheCueAndTheLog() {
        var stage = session(band: true)
        _ = stage.handle(.start, at: Self.moment)
        _ = stage.handle(keys("x"), at: Self.moment)
        _ = stage.handle(keys("n"), at: Self.moment)
        _ = stage.handle(keys("l"), at: Self.moment)
        let ahead = stage.handle(keys("n"), at: Self.moment)
        #expect(drawn(ahead).first?.first?.hasSuffix("3/5 · Set 1") == true)
        #expect(Array(ahead.dropFirst()) == [cue(2), .record(copy(2))])
        #expect(stage.bandPosition == 2)
        #expect(stage.handle(.end, at: Self.moment) == [.record(copy(2)), .quit(3)])
    }

    @Test func aMessageGoesToTheBandWithItsSong() {
        var stage = session(band: true)
        _ = stage.handle(.start, at: Self.moment)
        _ = stage.handle(keys("x"), at: Self.moment)
        _ = stage.handle(keys("mRepeat chorus"), at: Self.moment)
        let sent = stage.handle(keys("\r"), at: Self.moment)
        #expect(Array(sent.dropFirst()) == [cue(1, message: "Repeat chorus"), .record(copy(1))])
        #expect(drawn(sent).first?.last?.contains("To the band: Repeat chorus") == true)
    }

    /// A failed save of the gig log stays on the status line over the keys until a save reaches it.
    @Test func aGigLogProblemIsSaidUntilASaveReachesTheLog() {
        var stage = session()
        _ = stage.handle(.start, at: Self.moment)
        let problem = "Not saved to the gig log (disk full); tried again with the next song."
        #expect(drawn(stage.handle(.gigLog(problem: problem), at: Self.moment)).first?.last?.contains(problem) == true)
        #expect(drawn(stage.handle(keys("n"), at: Self.moment)).first?.last?.contains(problem) == true)
        let saved = drawn(stage.handle(.gigLog(problem: nil), at: Self.moment))
        #expect(saved.count == 1 && saved[0].last?.contains(problem) == false)
    }

    /// What the library watch found is taken in with the event: the same copy stays shown, and
    /// a setlist deleted or unreadable elsewhere is said and shown as it was.
    @Test func changesMadeElsewhereAreFollowedAndSaid() {
        var stage = session(at: 2, watching: true)
        _ = stage.handle(.start, at: Self.moment)
        var shorter = Fixtures.concert
        shorter.items.remove(at: 0)
        let followed = stage.handle(.quiet, library: .updated(shorter, .english), at: Self.moment)
        #expect(drawn(followed).first?.first?.hasSuffix("1/4 · Set 1") == true, "Stairway to Heaven is first now")
        #expect(followed.last == .record(copy(1, of: shorter)))
        let deleted = stage.handle(keys("n"), library: .deleted, at: Self.moment)
        #expect(drawn(deleted).first?.last?.contains("'Koncert' was deleted elsewhere; showing it as it was.") == true)
        let unreadable = stage.handle(.quiet, library: .unreadable("songs.json line 3"), at: Self.moment)
        #expect(drawn(unreadable).first?.last?.contains("The library cannot be read now (songs.json line 3)") == true)
        #expect(stage.playlist == shorter)
    }

    @Test func aResizeLaysTheScreenOutAtTheNewSize() {
        var stage = session()
        _ = stage.handle(.start, at: Self.moment)
        let resized = drawn(stage.handle(.resized(TerminalSize(columns: 40, rows: 12)), at: Self.moment))
        #expect(resized.map(\.count) == [12])
        #expect(resized[0].allSatisfy { Cells.width($0) <= 40 })
    }

    /// The session waits for ever unless something may change without a key: a lone Escape,
    /// a watched library, a plan's clock.
    @Test func theWaitIsAsLongAsNothingElseCanChange() {
        var plain = session()
        #expect(plain.timeout == nil)
        _ = plain.handle(keys("\u{1B}"), at: Self.moment)
        #expect(plain.timeout == StageSession.escapeDelay)
        #expect(session(watching: true).timeout == StageSession.watchInterval)
        #expect(session(PlannedStartTests.planned).timeout == StageSession.watchInterval)
    }

    /// With a plan, a quiet second redraws only when the plan's line changed; the band is told
    /// each time (the band page drops what is not new).
    @Test func theClockRedrawsOnlyWhenThePlanLineChanges() {
        var stage = StageSession(
            playlist: PlannedStartTests.planned, position: 1, size: Self.size, zone: PlannedStartTests.utc, leadsBand: true)
        let start = PlannedStartTests.at("2026-12-31T23:15:00Z")
        _ = stage.handle(.start, at: start)
        _ = stage.handle(keys("x"), at: start)
        let same = stage.handle(.quiet, at: start.addingTimeInterval(0.2))
        #expect(drawn(same).isEmpty)
        #expect(same.filter { if case .publish = $0 { true } else { false } }.count == 2)
        let later = drawn(stage.handle(.quiet, at: start.addingTimeInterval(60)))
        #expect(later.count == 1 && later[0].contains { $0.contains("the show starts in 14:00") })
    }
}
