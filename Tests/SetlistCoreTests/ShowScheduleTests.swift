import SetlistCore
import Testing

/// The show's timing under a plan: start times, gaps, breaks, unknown lengths, the target.
@Suite struct ShowScheduleTests {
    /// Songs of the given lengths (nil: unknown), with a break labelled "Set 2" before the songs
    /// at the positions in `breaksBefore`.
    func playlist(_ lengths: [Int?], breaksBefore: Set<Int> = []) -> Playlist {
        var items: [PlaylistItem] = []
        for (offset, length) in lengths.enumerated() {
            if breaksBefore.contains(offset + 1) { items.append(.setBreak("Set 2")) }
            items.append(.song(SongCopy(of: Song(fields: SongFields(name: "Song \(offset + 1)", length: length)))))
        }
        return Playlist(name: "Show", items: items)
    }

    func start(_ text: String) -> PlanStart { PlanStart(parsing: text)! }

    @Test func gapsAndBreaksAcrossMidnightWithADate() {
        // 23:30 start, three 10-minute songs with a 30 s gap, a 15-minute break, then two more.
        let plan = ShowPlan(start: start("2026-12-31 23:30"), gap: 30, breakLength: 900, target: 3600)
        let schedule = ShowSchedule(playlist: playlist([600, 600, 600, 600, 300], breaksBefore: [4]), plan: plan)
        #expect(schedule.songs.map(\.start) == [0, 630, 1260, 2760, 3390])
        #expect(
            schedule.songs.map { plan.start!.clock(after: $0.start) }
                == ["2026-12-31 23:30", "2026-12-31 23:40", "2026-12-31 23:51", "2027-01-01 00:16", "2027-01-01 00:26"])
        #expect(schedule.sets.map(\.start) == [0, 2760])
        #expect(schedule.sets.map(\.end) == [1860, 3690])
        #expect(schedule.sets.map(\.length) == [1860, 930])
        #expect(schedule.sets.map(\.label) == [nil, "Set 2"])
        #expect(schedule.total == 3690)
        #expect(schedule.overTarget == 90)
        #expect(schedule.unknownLengths == 0)
        #expect(schedule.songs.allSatisfy { !$0.uncertain })
    }

    @Test func aTimeAloneMarksTheNextDay() {
        let plan = ShowPlan(start: start("23:50"), gap: 0, target: 7200)
        let schedule = ShowSchedule(playlist: playlist([600, 600, 86400]), plan: plan)
        #expect(schedule.songs.map { plan.start!.clock(after: $0.start) } == ["23:50", "00:00 (+1 day)", "00:10 (+1 day)"])
        #expect(plan.start!.clock(after: schedule.total) == "00:10 (+2 days)")
        #expect(schedule.overTarget! > 0)
    }

    @Test func unknownLengthsAreCountedAndMarkEveryLaterTime() {
        let plan = ShowPlan(start: start("20:00"), gap: 20, breakLength: 600, target: 5400)
        let schedule = ShowSchedule(playlist: playlist([300, nil, 240, 200, nil], breaksBefore: [4]), plan: plan)
        #expect(schedule.unknownLengths == 2)
        #expect(schedule.songs.map(\.uncertain) == [false, false, true, true, true])
        #expect(schedule.songs.map(\.start) == [0, 320, 340, 1180, 1400])
        #expect(schedule.sets.map(\.startUncertain) == [false, true])
        #expect(schedule.sets.map(\.endUncertain) == [true, true])
        #expect(schedule.sets.map(\.unknownLengths) == [1, 1])
        // Under the target, by at least this much: the unknown songs can only add to it.
        #expect(schedule.overTarget == 1400 - 5400)
        #expect(schedule.songs.map(\.length) == [300, nil, 240, 200, nil])
    }

    @Test func emptySetsAndNoTarget() {
        let plan = ShowPlan(gap: 10, breakLength: 300)
        let schedule = ShowSchedule(playlist: Playlist(name: "Empty"), plan: plan)
        #expect(schedule.total == 0 && schedule.overTarget == nil && schedule.songs.isEmpty)
        // A break at the very start costs no time; two breaks in a row cost two.
        let items: [PlaylistItem] = [
            .setBreak("Intro"), .song(SongCopy(of: Song(fields: SongFields(name: "A", length: 60)))),
            .setBreak("Set 2"), .setBreak("Set 3"), .song(SongCopy(of: Song(fields: SongFields(name: "B", length: 60)))),
        ]
        let twoBreaks = ShowSchedule(playlist: Playlist(name: "Breaks", items: items), plan: plan)
        #expect(twoBreaks.songs.map(\.start) == [0, 660])
        #expect(twoBreaks.sets.map(\.label) == ["Intro", "Set 2", "Set 3"])
        #expect(twoBreaks.total == 720)
    }

    @Test func startTimesAreReadStrictly() {
        #expect(start("20:00").description == "20:00")
        #expect(start("8:05").description == "08:05")
        #expect(start(" 2026-12-31  20:00 ").description == "2026-12-31 20:00")
        #expect(start("2028-02-29 20:00").date == PlanStart.Day(year: 2028, month: 2, day: 29))
        for bad in ["", "20", "24:00", "20:60", "20:5", "2026-02-30 20:00", "2026-13-01 20:00", "31.12.2026 20:00", "20:00 PM", "tomorrow"]
        {
            #expect(PlanStart(parsing: bad) == nil, "\(bad)")
        }
    }
}
