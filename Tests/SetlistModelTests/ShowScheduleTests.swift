import Foundation
import SetlistModel
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

    /// The times of `plan` for a reader in UTC whose plan is in UTC too: wall-clock arithmetic.
    func clock(_ plan: ShowPlan, reference: Date = Date(timeIntervalSince1970: 1_798_700_000)) -> PlanClock {
        var plan = plan
        plan.zone = plan.zone ?? "UTC"
        return PlanClock(plan: plan, zone: TimeZone(identifier: "UTC")!, reference: reference)
    }

    @Test func gapsAndBreaksAcrossMidnightWithADate() {
        // 23:30 start, three 10-minute songs with a 30 s gap, a 15-minute break, then two more.
        let plan = ShowPlan(start: start("2026-12-31 23:30"), gap: 30, breakLength: 900, target: 3600)
        let schedule = ShowSchedule(playlist: playlist([600, 600, 600, 600, 300], breaksBefore: [4]), plan: plan)
        #expect(schedule.songs.map(\.start) == [0, 630, 1260, 2760, 3390])
        #expect(
            schedule.songs.map { clock(plan).time($0.start) } == ["23:30", "23:40", "23:51", "00:16 (+1)", "00:26 (+1)"])
        // For scripts, the full date and time.
        #expect(
            schedule.songs.map { clock(plan).time($0.start, dated: true) }
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
        #expect(schedule.songs.map { clock(plan).time($0.start) } == ["23:50", "00:00 (+1)", "00:10 (+1)"])
        #expect(clock(plan).time(schedule.total, uncertain: true) == "00:10~ (+2)")
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

/// Break lengths of their own, zones, the day of a start without a date, and typed values.
@Suite struct ShowPlanDetailTests {
    let utc = TimeZone(identifier: "UTC")!
    let prague = TimeZone(identifier: "Europe/Prague")!
    let london = TimeZone(identifier: "Europe/London")!

    func song(_ name: String, _ length: Int?) -> PlaylistItem {
        .song(SongCopy(of: Song(fields: SongFields(name: name, length: length))))
    }

    @Test func eachBreakMayHaveItsOwnLength() {
        // Two breaks labelled "Set 2" (the second is occurrence 1) and an "Encore".
        let items: [PlaylistItem] = [
            song("A", 600), .setBreak("Set 2"), song("B", 600), .setBreak("Set 2"), song("C", 600), .setBreak("Encore"), song("D", 300),
        ]
        let plan = ShowPlan(
            gap: 0, breakLength: 900,
            breakLengths: [BreakLength(label: "Set 2", occurrence: 1, length: 1200), BreakLength(label: "Encore", length: 60)])
        let schedule = ShowSchedule(playlist: Playlist(name: "P", items: items), plan: plan)
        #expect(schedule.sets.map(\.breakBefore) == [nil, 900, 1200, 60])
        #expect(schedule.songs.map(\.start) == [0, 1500, 3300, 3960])
        #expect(schedule.total == 4260)
        // A break at the very start opens the first set and costs nothing, its own length or not.
        let opening = Playlist(name: "Q", items: [.setBreak("Intro"), song("A", 60), .setBreak("Set 2"), song("B", 60)])
        let own = ShowPlan(
            breakLength: 300, breakLengths: [BreakLength(label: "Intro", length: 999), BreakLength(label: "Set 2", length: 30)])
        #expect(ShowSchedule(playlist: opening, plan: own).songs.map(\.start) == [0, 90])
    }

    @Test func timesShowInTheReadersZoneMarkedWhenItDiffers() {
        let plan = ShowPlan(start: PlanStart(parsing: "2026-12-31 23:30")!, zone: "Europe/Prague", gap: 0)
        let reference = Date(timeIntervalSince1970: 0)
        let here = PlanClock(plan: plan, zone: prague, reference: reference)
        #expect(!here.showsZone)
        #expect(here.time(0) == "23:30")
        #expect(here.time(45 * 60, uncertain: true) == "00:15~ (+1)")
        #expect(here.startAsSet == "2026-12-31 23:30")
        // In London the show starts an hour earlier by the clock, still in the old year.
        let abroad = PlanClock(plan: plan, zone: london, reference: reference)
        #expect(abroad.showsZone)
        #expect(abroad.time(0) == "22:30 GMT")
        #expect(abroad.time(90 * 60, uncertain: true) == "00:00~ GMT (+1)")
        // In Tokyo it is already the next morning: days count from the plan's date, which the
        // summary prints, not from the reader's.
        let tokyo = PlanClock(plan: plan, zone: TimeZone(identifier: "Asia/Tokyo")!, reference: reference)
        #expect(tokyo.time(0) == "07:30 GMT+9 (+1)")
        #expect(tokyo.time(0, dated: true) == "2027-01-01 07:30 GMT+9")
        #expect(PlanText.overview(Playlist(name: "P"), tokyo).first!.hasPrefix("Show 07:30 GMT+9 (+1)–07:30 GMT+9 (+1) · "))
        #expect(PlanText.overview(Playlist(name: "P"), here).first!.hasPrefix("Show 2026-12-31 23:30–23:30 · "))
        #expect(abroad.startAsSet == "2026-12-31 23:30 Europe/Prague")
        #expect(PlanText.summary(abroad).hasPrefix("starts 2026-12-31 23:30 Europe/Prague, 0:00 between songs"))
        // A zone with the same clock that day is not named.
        #expect(!PlanClock(plan: plan, zone: TimeZone(identifier: "Europe/Berlin")!, reference: reference).showsZone)
        // A plan made before zones were kept is read in the reader's zone.
        var old = plan
        old.zone = nil
        #expect(PlanClock(plan: old, zone: london, reference: reference).time(0) == "23:30")
    }

    @Test func aTimeAloneIsTheShowInProgressOrTheNext() throws {
        let plan = ShowPlan(start: PlanStart(parsing: "23:00")!, zone: "UTC")
        let newYear = try #require(ISO8601DateFormatter().date(from: "2027-01-01T00:30:00Z"))
        // Half an hour after midnight, the show is the one that started yesterday at 23:00.
        let clock = PlanClock(plan: plan, zone: utc, reference: newYear)
        #expect(clock.start == newYear.addingTimeInterval(-5400))
        #expect(clock.time(3600 + 300) == "00:05 (+1)")
        // In the morning, the show is tonight's; six hours after the start it still runs.
        let morning = PlanClock(plan: plan, zone: utc, reference: newYear.addingTimeInterval(10 * 3600))
        #expect(morning.start == newYear.addingTimeInterval(22.5 * 3600))
        #expect(PlanClock(plan: plan, zone: utc, reference: newYear.addingTimeInterval(4.5 * 3600)).start == clock.start)
        // New York sees 18:00 the same day, and the day it changes in Prague's clock but not its own.
        let newYork = PlanClock(plan: plan, zone: TimeZone(identifier: "America/New_York")!, reference: newYear)
        #expect(newYork.time(0) == "18:00 GMT-5")
        #expect(newYork.time(3 * 3600) == "21:00 GMT-5")
        #expect(newYork.time(7 * 3600) == "01:00 GMT-5 (+1)")
    }

    @Test func withoutAStartTimesCountFromTheShowsBeginning() {
        let clock = PlanClock(plan: ShowPlan(gap: 30), zone: utc, reference: Date(timeIntervalSince1970: 0))
        #expect(clock.start == nil && clock.time(0) == "+0:00" && clock.time(3725, uncertain: true) == "+1:02:05~")
    }

    @Test func zonesAreReadAsTypedAndNeverAsPaths() {
        #expect(PlanZone.zone("Europe/Prague")?.identifier == "Europe/Prague")
        #expect(PlanZone.zone("europe/prague")?.identifier == "Europe/Prague")
        for utcName in ["UTC", "utc", "GMT", "Z", "+00:00", "UTC+0"] {
            #expect(PlanZone.zone(utcName)?.secondsFromGMT() == 0, "\(utcName)")
        }
        #expect(PlanZone.zone("+01:00")?.secondsFromGMT() == 3600)
        #expect(PlanZone.zone("-0430")?.secondsFromGMT() == -16200)
        #expect(PlanZone.zone("UTC+5:30")?.secondsFromGMT() == 19800)
        #expect(PlanZone.zone("GMT-4")?.secondsFromGMT() == -14400)
        for bad in ["", "Mars/Olympus", "../../etc/passwd", "/etc/localtime", "Europe/../../x", "+15:00", "+01:60", "+1:2", "PM", "20:00"] {
            #expect(PlanZone.zone(bad) == nil, "\(bad)")
        }
        #expect(PlanZone.local(environment: ["TZ": ":Asia/Tokyo"]).identifier == "Asia/Tokyo")
        #expect(PlanZone.local(environment: ["TZ": "Europe/Prague"]).identifier == "Europe/Prague")
        #expect(PlanZone.local(environment: ["TZ": "no such zone"]) == .current)
    }

    @Test func startsAreTypedWithAnOptionalZone() throws {
        let typed = try #require(PlanStart.typed("2026-12-31 20:00 Europe/Prague"))
        #expect(typed.start.description == "2026-12-31 20:00" && typed.zone?.identifier == "Europe/Prague")
        #expect(PlanStart.typed("20:00")?.zone == nil)
        #expect(PlanStart.typed("8:05 +01:00")?.zone?.secondsFromGMT() == 3600)
        for bad in ["20:00 PM", "Europe/Prague", "2026-12-31 Europe/Prague", "25:00 UTC", "20:00 UTC UTC"] {
            #expect(PlanStart.typed(bad) == nil, "\(bad)")
        }
    }

    @Test func gapsAndBreaksMayBeZeroButSongsMayNot() {
        #expect(["0", "0s", "0:00", "0m"].map(SongLength.duration(from:)) == [0, 0, 0, 0])
        #expect(SongLength.seconds(from: "0") == nil)
        #expect(SongLength.duration(from: "-5") == nil && SongLength.duration(from: "11h") == nil)
    }

    @Test func breaksKeepTheirLengthsWhenBreaksAreAddedRelabelledOrRemoved() throws {
        var library = Library()
        for name in ["A", "B", "C", "D"] { _ = library.addSong(SongFields(name: name, length: 60)) }
        _ = try library.createPlaylist(named: "P", copying: ["A", "B", "C", "D"], newSongs: [])
        let placed = try library.placeBreak(in: "P", after: 3, label: nil, length: 1200)
        #expect(placed.label == "Set 2" && placed.length == 1200 && placed.defaultLength == 0)
        // A new break before it shifts nothing: lengths follow their breaks.
        _ = try library.placeBreak(in: "P", after: 1, label: "Set 2", length: nil)
        var plan = try #require(library.playlists[0].plan)
        #expect(plan.breakLengths == [BreakLength(label: "Set 2", occurrence: 1, length: 1200)])
        // Relabelling keeps the length; a new length without a label keeps the label.
        _ = try library.placeBreak(in: "P", after: 3, label: "Encore", length: nil)
        _ = try library.placeBreak(in: "P", after: 1, label: nil, length: 300)
        plan = try #require(library.playlists[0].plan)
        #expect(Set(plan.breakLengths) == [BreakLength(label: "Encore", length: 1200), BreakLength(label: "Set 2", length: 300)])
        try library.removeBreak(in: 0, after: 1)
        #expect(library.playlists[0].plan?.breakLengths == [BreakLength(label: "Encore", length: 1200)])
        #expect(ShowSchedule(playlist: library.playlists[0], plan: library.playlists[0].plan!).sets.map(\.breakBefore) == [nil, 1200])
        // Removing every song removes the breaks, and with them their lengths.
        _ = try library.removeCopies(at: [1, 2, 3, 4], from: 0)
        #expect(library.playlists[0].plan?.breakLengths == [])
    }
}
