import Foundation
import SetlistModel
import Testing

@testable import SetlistStageMode

/// The plan on the stage screen: when the current song should start and how the band stands
/// against the clock, the clock injected.
@Suite struct PlannedStartTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// The concert planned from 23:30 UTC on New Year's Eve: 30 s gaps, a 15-minute break.
    /// Songs start 23:30:00, 23:33:58, 23:42:30, then 00:01:40 and 00:06:34 the next day.
    static var planned: Playlist {
        var playlist = Fixtures.concert
        playlist.plan = ShowPlan(start: PlanStart(parsing: "2026-12-31 23:30"), zone: "UTC", gap: 30, breakLength: 900)
        return playlist
    }

    static func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    func stage(_ position: Int, now: Date) -> StagePosition {
        let clock = PlanClock(plan: Self.planned.plan!, zone: Self.utc, reference: now)
        return StagePosition(playlist: Self.planned, position: position, clock: clock)!
    }

    @Test func aheadBehindOnTimeAndBeforeTheShow() {
        let late = Self.at("2026-12-31T23:46:00Z")
        #expect(stage(3, now: late).planned?.time == "23:42")
        #expect(stage(3, now: late).planned?.line(now: late).long == "Planned start 23:42 · 3:30 behind the plan")
        #expect(stage(3, now: late).planned?.line(now: late).short == "23:42 · 3:30 behind")
        let early = Self.at("2027-01-01T00:00:00Z")
        #expect(stage(4, now: early).planned?.line(now: early).long == "Planned start 00:01 (+1) · 1:40 ahead of the plan")
        let onTime = Self.at("2026-12-31T23:34:30Z")
        #expect(stage(2, now: onTime).planned?.line(now: onTime).long == "Planned start 23:33 · on time")
        let before = Self.at("2026-12-31T23:15:00Z")
        #expect(stage(1, now: before).planned?.line(now: before).long == "Planned start 23:30 · the show starts in 15:00")
        // Without the clock (show --at N) only the planned start; without a plan nothing.
        #expect(stage(5, now: late).textLines.last == "Planned start 00:06 (+1)")
        #expect(StagePosition(playlist: Fixtures.concert, position: 1)?.planned == nil)
    }

    /// Weeks before the show the stage says its date: a countdown of "840:36:08" says nothing at
    /// a glance. Within a day it counts down.
    @Test func aShowMoreThanADayAwayIsGivenByItsDate() {
        let weeksBefore = Self.at("2026-12-01T18:53:52Z")
        let line = stage(1, now: weeksBefore).planned?.line(now: weeksBefore)
        #expect(line?.long == "Planned start 23:30 · the show starts 2026-12-31 23:30")
        #expect(line?.short == "23:30 · show 2026-12-31")
        let dayBefore = Self.at("2026-12-30T23:31:00Z")
        #expect(stage(1, now: dayBefore).planned?.line(now: dayBefore).long == "Planned start 23:30 · the show starts in 23:59:00")
    }

    @Test func songsOfUnknownLengthMakeLaterTimesLowerBounds() {
        var playlist = Self.planned
        playlist.items[1] = Fixtures.song("Stairway to Heaven", "Led Zeppelin", nil, nil, nil)
        let clock = PlanClock(plan: playlist.plan!, zone: Self.utc, reference: Self.at("2026-12-31T23:40:00Z"))
        #expect(StagePosition(playlist: playlist, position: 3, clock: clock)?.planned?.time == "23:34~")
    }

    @Test(arguments: Fixtures.sizes)
    func thePlanLineFitsEveryScreen(size: TerminalSize) throws {
        let now = Self.at("2026-12-31T23:46:00Z")
        let screen = try #require(StageScreen(playlist: Self.planned, position: 3, size: size, zone: Self.utc, now: now))
        #expect(screen.texts.count == size.rows)
        #expect(screen.texts.allSatisfy { Cells.width($0) <= size.columns })
        let line = try #require(screen.texts.first { $0.contains("23:42") })
        #expect(line.contains("3:30 behind"))
    }

    @Test func theSessionFollowsTheClock() throws {
        // A minute passes before each event: the screen says so without a key press.
        let clock = MovingClock(Self.at("2026-12-31T23:44:00Z"))
        let terminal = ScriptedTerminal(script: [.quiet, .quiet, .input(Array("n".utf8)), .stop])
        for event in 0..<3 { terminal.actions[event] = { clock.advance(60) } }
        try StageMode.run(playlist: Self.planned, startingAt: 3, appearance: .plain, on: terminal, zone: Self.utc, now: clock.now)
        #expect(terminal.timeouts.first == StageSession.watchInterval)
        let planLines = terminal.frames.map { frame in frame.first { $0.contains("Planned start") } ?? "" }
        #expect(planLines.count == 4)
        #expect(planLines[0].contains("23:42 · 1:30 behind"))
        #expect(planLines[1].contains("23:42 · 2:30 behind"))
        #expect(planLines[2].contains("23:42 · 3:30 behind"))
        #expect(planLines[3].contains("00:01 (+1) · 14:40 ahead"))
        // Without a plan nothing ticks.
        let still = ScriptedTerminal(script: [.stop])
        try StageMode.run(playlist: Fixtures.concert, startingAt: 1, appearance: .plain, on: still)
        #expect(still.timeouts == [nil])
    }
}

/// A clock the test moves.
final class MovingClock: @unchecked Sendable {
    private var date: Date
    private let lock = NSLock()

    init(_ date: Date) { self.date = date }

    func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        return date
    }

    func advance(_ seconds: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        date += seconds
    }
}
