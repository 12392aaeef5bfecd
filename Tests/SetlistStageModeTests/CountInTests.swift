import Foundation
import SetlistModel
import Testing

@testable import SetlistStageMode

/// `c` counts the band's song in: one bar at its tempo, a moment ahead, on the status line and in
/// what the band page is sent; a song without a tempo says so and sends nothing.
@Suite struct CountInTests {
    static let moment = Date(timeIntervalSince1970: 1_800_000_000)

    /// A session with a band, the show started (the address screen put away) on `position`.
    func started(_ playlist: Playlist = Fixtures.concert, at position: Int = 1) -> StageSession {
        var stage = StageSession(
            playlist: playlist, position: position, size: TerminalSize(columns: 80, rows: 24), leadsBand: true)
        _ = stage.handle(.start, at: Self.moment)
        _ = stage.handle(.input(Array("x".utf8)), at: Self.moment)
        return stage
    }

    func status(_ actions: [StageAction]) -> String? {
        actions.compactMap { if case .draw(let lines) = $0 { lines.last?.text.trimmingCharacters(in: .whitespaces) } else { nil } }.last
    }

    /// The count-ins of the cues published (stage mode publishes a cue more than once; the
    /// band page sends what changed).
    func sent(_ actions: [StageAction]) -> Set<CountIn?> {
        Set(actions.compactMap { action -> CountIn?? in if case .publish(let cue) = action { .some(cue.countIn) } else { nil } })
    }

    @Test func cCountsTheSongInOneBarAtItsTempoOnTheTerminalAndThePhones() throws {
        var stage = started()
        let pressed = stage.handle(.input(Array("c".utf8)), at: Self.moment)
        let expected = CountIn(position: 1, start: Self.moment.addingTimeInterval(CountIn.lead), bpm: 116, beats: 4)
        #expect(sent(pressed) == [expected])
        #expect(status(pressed) == "Count-in at 116 BPM: · · · ·")
        #expect(stage.timeout == 1000, "the terminal wakes within a second, as ever")
        #expect(status(stage.handle(.quiet, at: Self.moment.addingTimeInterval(1))) == nil, "nothing to draw yet")
        #expect(stage.timeout == 500, "and for the first beat")
        let beat = 60.0 / 116
        var seen: [String?] = []
        for count in 0..<4 {
            let now = expected.start.addingTimeInterval(Double(count) * beat + 0.001)
            let actions = stage.handle(.quiet, at: now)
            seen.append(status(actions))
            #expect(sent(actions) == [expected], "the phones keep the same count-in")
            #expect(abs(Double(stage.timeout ?? 0) / 1000 - (beat - 0.001)) < 0.002, "the next beat")
        }
        #expect(
            seen == [
                "Count-in at 116 BPM: 1 · · ·", "Count-in at 116 BPM: 1 2 · ·", "Count-in at 116 BPM: 1 2 3 ·",
                "Count-in at 116 BPM: 1 2 3 4",
            ])
        let over = stage.handle(.quiet, at: expected.end.addingTimeInterval(0.001))
        #expect(status(over)?.hasPrefix("→ next") == true, "the line of keys again")
        #expect(sent(over) == [nil], "the phones are told it is over")
        #expect(stage.countIn == nil && stage.timeout == nil)
    }

    /// The chart's `{time}` gives the beats of the bar: 3/4 three, 6/8 two dotted beats.
    @Test(arguments: [("{time: 3/4}", 3), ("{time: 6/8}", 2), ("{time: 5/4}", 5), ("{c: no time}", 4)])
    func theChartsTimeGivesTheBeats(directive: String, beats: Int) throws {
        var playlist = Fixtures.concert
        guard case .song(var copy) = playlist.items[1] else { return }
        copy.fields.chart = try Chart(text: directive + "\n[Am]Words", key: nil)
        playlist.items[1] = .song(copy)
        var stage = started(playlist, at: 2)
        let counted = try #require(sent(stage.handle(.input(Array("c".utf8)), at: Self.moment)).first as? CountIn)
        #expect(counted.beats == beats)
        #expect(counted.bpm == 82)
        #expect(stage.countIn?.status(at: Self.moment)?.hasSuffix(Array(repeating: "·", count: beats).joined(separator: " ")) == true)
    }

    @Test func aSongWithoutATempoSaysSoAndSendsNothing() {
        var stage = started(at: 3)
        let pressed = stage.handle(.input(Array("c".utf8)), at: Self.moment)
        #expect(status(pressed) == "'Příběh' has no tempo to count in: give it one with edit-song --bpm.")
        #expect(sent(pressed) == [nil] && stage.countIn == nil)
        #expect(stage.timeout == nil)
    }

    /// The count-in is for its song: another song stops it on the terminal and the phones; c
    /// again starts it anew.
    @Test func anotherSongStopsTheCountIn() {
        var stage = started()
        _ = stage.handle(.input(Array("c".utf8)), at: Self.moment)
        let later = Self.moment.addingTimeInterval(0.5)
        let again = stage.handle(.input(Array("c".utf8)), at: later)
        #expect(sent(again) == [CountIn(position: 1, start: later.addingTimeInterval(CountIn.lead), bpm: 116, beats: 4)])
        let moved = stage.handle(.input(Array("n".utf8)), at: later)
        #expect(stage.countIn == nil && sent(moved) == [nil])
        #expect(status(moved)?.hasPrefix("→ next") == true)
    }

    /// Without a band following, the terminal counts in all the same.
    @Test func theTerminalAloneCountsIn() {
        var stage = StageSession(playlist: Fixtures.concert, position: 2, size: TerminalSize(columns: 80, rows: 24))
        _ = stage.handle(.start, at: Self.moment)
        let pressed = stage.handle(.input(Array("c".utf8)), at: Self.moment)
        #expect(status(pressed) == "Count-in at 82 BPM: · · · ·")
        #expect(sent(pressed).isEmpty)
    }
}
