import CLITestSupport
import Foundation
import SetlistModel
import SetlistStore
import TestLevels
import Testing

@testable import SetlistSupport

/// `setlist plan` and the plan in `show` and `show --json`.
@Suite(.tags(.externalTools), .needs("pdftotext")) struct PlanCommandTests {
    /// "Silvestr": three songs (10:00, unknown, 20:00), a break, one more (5:00).
    func library() throws -> TemporaryLibrary {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Opener", "--length", "10:00")
        try lib.ok("add-song", "Mystery")
        try lib.ok("add-song", "Long One", "--length", "20:00")
        try lib.ok("add-song", "Closer", "--length", "5:00")
        try lib.ok("new", "Silvestr", "Opener", "Mystery", "Long One", "Closer")
        try lib.ok("break", "--after", "3")
        return lib
    }

    @Test func planAcrossMidnightInShow() throws {
        let lib = try library()
        let set = try lib.ok("plan", "--start", "2026-12-31 23:30", "--gap", "30s", "--target", "1h", "--break-length", "15m")
        #expect(set.hasPrefix("Plan of 'Silvestr': starts 2026-12-31 23:30, 0:30 between songs, 15:00 breaks, target 1:00:00.\n"))
        let show = try lib.ok("show")
        // Opener 23:30; Mystery 23:40:30 (no length); Long One 23:41 (at least); break 15 min
        // after 00:01, so Closer at 00:16 on the next day.
        // The date once, in the plan's line; then times, a later day marked "(+1)".
        #expect(show.contains("1        23:30  Opener"))
        #expect(show.contains("2        23:40  Mystery"))
        #expect(show.contains("3       23:41~  Long One"))
        #expect(show.contains("4  00:16~ (+1)  Closer"))
        #expect(show.contains("Plan: starts 2026-12-31 23:30, "))
        #expect(!show.contains("2027-01-01") && show.components(separatedBy: "2026-12-31").count == 2)
        #expect(show.contains("Set 1: 23:30–00:01~ (+1) (31:00+)"))
        #expect(show.contains("Set 2: 00:16~ (+1)–00:21~ (+1) (5:00)"))
        // A narrow terminal keeps the Start column narrow: the names get the room.
        let narrow = try lib.run(["show"], environment: ["COLUMNS": "40"]).stdout
        #expect(narrow.contains("4  00:16~ (+1)  Closer"))
        #expect(show.contains("Total 51:00+ with gaps and breaks, 9:00 under the target 1:00:00."))
        #expect(show.contains("1 song has no length (2), counted as 0"))

        let json = try lib.json("show", "--json")
        let plan = try #require(json["plan"] as? [String: Any])
        #expect(plan["start"] as? String == "2026-12-31 23:30")
        #expect(plan["total"] as? Int == 3060)
        #expect(plan["overTarget"] as? Int == -540)
        #expect(plan["unknownLengths"] as? Int == 1)
        let songs = try #require(plan["songs"] as? [[String: Any]])
        #expect(songs.map { $0["clock"] as? String } == ["2026-12-31 23:30", "2026-12-31 23:40", "2026-12-31 23:41", "2027-01-01 00:16"])
        #expect(songs.map { $0["uncertain"] as? Bool } == [false, false, true, true])

        // The playlist file carries the plan as an optional part.
        let file = try lib.snapshot().first { $0.key.hasPrefix("playlists/") && $0.key.hasSuffix(".json") }!
        let stored = try JSONSerialization.jsonObject(with: file.value) as! [String: Any]
        #expect((stored["plan"] as? [String: Any])?["breakLength"] as? Int == 900)
    }

    @Test func overTheTargetWithATimeAlone() throws {
        let lib = try library()
        try lib.ok("edit-song", "Mystery", "--in", "Silvestr", "--length", "40:00")
        try lib.ok("plan", "--start", "23:00", "--target", "1h")
        let show = try lib.ok("show")
        #expect(show.contains("00:10 (+1)"))
        #expect(show.contains("Total 1:15:00 with gaps and breaks, 15:00 over the target 1:00:00."))
        #expect(!show.contains("no length"))
        // Changing one part keeps the others.
        try lib.ok("plan", "--gap", "1m")
        #expect(try lib.ok("plan").contains("starts 23:00, 1:00 between songs, 0:00 breaks, target 1:00:00"))
    }

    @Test func clearAndRefusals() throws {
        let lib = try library()
        let empty = try lib.snapshot()
        #expect(try lib.ok("plan").contains("'Silvestr' has no plan"))
        #expect(!(try lib.ok("show")).contains("Start"))
        try lib.ok("plan", "--start", "20:00")
        #expect(try lib.ok("show").contains("Start"))
        #expect(try lib.ok("plan", "--clear") == "Removed the plan of 'Silvestr'.\n")
        #expect(try lib.snapshot().filter { !$0.key.contains("history") } == empty.filter { !$0.key.contains("history") })
        let before = try lib.snapshot()
        let bad = try lib.run("plan", "--start", "25:00", "--gap", "soon")
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("25:00") && bad.stderr.contains("soon"))
        let both = try lib.run("plan", "--clear", "--gap", "20s")
        #expect(both.status == 64)
        #expect(try lib.snapshot() == before)
    }

    @Test func aBreakGetsItsOwnLengthAndGapsMayBeZero() throws {
        let lib = try library()
        try lib.ok("plan", "--start", "20:00", "--gap", "0", "--break-length", "0:00")
        #expect(try lib.ok("plan").contains("starts 20:00, 0:00 between songs, 0:00 breaks"))
        #expect(try lib.ok("break", "--after", "3", "--length", "20m") == "Break 'Set 2', lasting 20:00 after song 3 in 'Silvestr'.\n")
        let show = try lib.ok("show")
        // Opener 20:00, Mystery 20:10 (no length), Long One 20:10, the break 20:30–20:50, Closer 20:50.
        #expect(show.contains("Set 2: 20:50~–20:55~ (5:00), after a 20:00 break"))
        #expect(show.contains("Total 55:00+ with gaps and breaks."))
        let plan = try #require(try lib.json("show", "--json")["plan"] as? [String: Any])
        #expect((plan["breaks"] as? [[String: Any]])?.first?["length"] as? Int == 1200)
        #expect((plan["sets"] as? [[String: Any]])?.map { $0["breakBefore"] as? Int } == [nil, 1200])
        // A new label keeps the length; removing the break forgets it.
        try lib.ok("break", "--after", "3", "--label", "Encore")
        #expect(try lib.ok("show").contains("Encore: 20:50~–20:55~ (5:00), after a 20:00 break"))
        try lib.ok("remove-break", "--after", "3")
        #expect(try lib.json("show", "--json")["plan"].map { ($0 as? [String: Any])?["breaks"] == nil } == true)
        // Refused values change nothing, and say what was wrong.
        let before = try lib.snapshot()
        let bad = try lib.run("break", "--after", "1", "--length=-5m", "--label", "")
        #expect(bad.status == 1 && bad.stderr.contains("A length cannot be negative (\"-5m\")") && bad.stderr.contains("label"))
        #expect(try lib.run("plan", "--target", "0").status == 1)
        #expect(try lib.snapshot() == before)
    }

    @Test func aBreakLengthStartsAPlan() throws {
        let lib = try library()
        try lib.ok("break", "--after", "3", "--length", "15m")
        let show = try lib.ok("show")
        #expect(show.contains("Plan: no start time, 0:00 between songs, 0:00 breaks."))
        #expect(show.contains("Set 2: +45:00~–+50:00~ (5:00), after a 15:00 break"))
    }

    @Test func timesInTheReadersZoneWithTheZoneWhenItDiffers() throws {
        let lib = try library()
        let prague = ["TZ": "Europe/Prague"], london = ["TZ": "Europe/London"]
        // Typed without a zone: the machine's zone ($TZ), kept with the plan.
        try lib.ok("plan", "--start", "2026-12-31 23:30", environment: prague)
        let json = try lib.run(["show", "--json"], environment: prague)
        let plan = try #require((try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])?["plan"] as? [String: Any])
        #expect(plan["zone"] as? String == "Europe/Prague")
        let home = try lib.run(["show"], environment: prague).stdout
        #expect(home.replacing(/\ +/, with: " ").contains("1 23:30 Opener") && !home.contains("GMT"))
        #expect(home.contains("Plan: starts 2026-12-31 23:30, "))
        let abroad = try lib.run(["show"], environment: london).stdout
        #expect(abroad.contains("Plan: starts 2026-12-31 23:30 Europe/Prague, "))
        #expect(abroad.replacing(/\ +/, with: " ").contains("1 22:30 GMT Opener"))
        #expect(abroad.contains("Set 1: 22:30 GMT–23:00~ GMT (30:00+)"))
        #expect(abroad.contains("4  23:00~ GMT  Closer"))
        // In Tokyo the show is on the next day: marked against the plan's date.
        let tokyo = try lib.run(["show"], environment: ["TZ": "Asia/Tokyo"]).stdout
        #expect(tokyo.contains("Set 1: 07:30 GMT+9 (+1)–08:00~ GMT+9 (+1) (30:00+)"))
        // A zone typed with the start is the plan's, wherever it is set.
        try lib.ok("plan", "--start", "20:00 America/New_York", environment: prague)
        let typed = try lib.run(["plan"], environment: prague).stdout
        #expect(typed.contains("starts 20:00 America/New_York"))
        #expect(typed.contains("Set 1: 02:00 GMT+1–02:30~ GMT+1 (30:00+)"))
        #expect(try lib.run(["plan"], environment: ["TZ": "America/New_York"]).stdout.contains("Set 1: 20:00–20:30~ (30:00+)"))
        let bad = try lib.run("plan", "--start", "20:00 Mars/Olympus")
        #expect(bad.status == 1 && bad.stderr.contains("time zone"))
    }

    /// `export --format text|markdown` reads the zone from the command's $TZ, as pdf and share do.
    @Test func textExportShowsTheTimesInTheCommandsZone() throws {
        let lib = try library()
        try lib.ok("plan", "--start", "2026-12-31 23:30 Europe/Prague")
        for format in ["text", "markdown"] {
            let home = try lib.run(["export", "--format", format, "-o", "-"], environment: ["TZ": "Europe/Prague"]).stdout
            #expect(home.contains("23:30") && !home.contains("GMT"), "\(home)")
            let london = try lib.run(["export", "--format", format, "-o", "-"], environment: ["TZ": "Europe/London"]).stdout
            #expect(london.contains("22:30 GMT") && london.contains("2026-12-31 23:30 Europe/Prague"), "\(london)")
        }
    }

    @Test func pdfsCarryThePlanInTheReadersZone() throws {
        let lib = try library()
        try lib.ok("plan", "--start", "2026-12-31 23:30 Europe/Prague", "--gap", "30s")
        try lib.ok("break", "--after", "3", "--length", "15m")
        try lib.ok("pdf", "-o", "long.pdf", environment: ["TZ": "Europe/Prague"])
        try lib.ok("pdf", "--short", "-o", "short.pdf", environment: ["TZ": "Europe/London"])
        func text(_ name: String) throws -> String {
            let result = try ChildProcess.run("/usr/bin/pdftotext", ["-layout", lib.folder.appendingPathComponent(name).path, "-"])
            return result.outputText.replacing(/\ +/, with: " ")
        }
        let long = try text("long.pdf"), short = try text("short.pdf")
        #expect(long.contains("Show 2026-12-31 23:30–00:21~ (+1)"))
        #expect(long.contains("Set 2 1 song · 5:00 · 00:16~ (+1)–00:21~ (+1), after a 15:00 break"))
        #expect(long.contains("no length"))
        #expect(short.contains("Show 22:30 GMT–23:21~ GMT"))
        #expect(short.contains("Planned to start 2026-12-31 23:30"))
        #expect(short.contains("23:16~ GMT"))
    }

    /// Plan values a hand edit put out of range are reported with their file and field, and left
    /// for a person to set again (like a song's length out of range): repair would have to guess.
    @Test func checkReportsPlanValuesOutOfRange() throws {
        let lib = try library()
        try lib.ok("plan", "--start", "2026-12-31 23:30 Europe/Prague", "--gap", "30s", "--target", "1h")
        try lib.ok("break", "--after", "3", "--length", "15m")
        let name = try #require(lib.snapshot().keys.first { $0.hasPrefix("playlists/") && $0.hasSuffix(".json") })
        var text = try lib.file(name)
        for (from, to) in [
            ("\"gap\" : 30", "\"gap\" : -20"), ("\"zone\" : \"Europe/Prague\"", "\"zone\" : \"Mars/Olympus\""),
            ("\"length\" : 900", "\"length\" : 99999"), ("\"target\" : 3600", "\"target\" : 0"),
        ] {
            #expect(text.contains(from), "\(from)")
            text = text.replacingOccurrences(of: from, with: to)
        }
        try Data(text.utf8).write(to: lib.root.appendingPathComponent(name))
        let before = try lib.snapshot()
        let check = try lib.run("check")
        #expect(check.status == 1)
        for line in [
            "\(name): plan.zone: \"Mars/Olympus\" is not a time zone; set the start again with `setlist plan --start`",
            "\(name): plan.gap: -20 s is outside 0 s to 10 hours; set it with `setlist plan --gap`.",
            "\(name): plan.target: 0 s is outside 1 s to 10 hours; set it with `setlist plan --target`.",
            "\(name): plan.breaks[0].length: 99999 s is outside 0 s to 10 hours; set it with `setlist break --after N --length`.",
        ] {
            #expect(check.stdout.contains(line), "\(check.stdout)")
        }
        #expect(!check.stderr.contains("--repair"), "\(check.stderr)")
        let repair = try lib.run("check", "--repair")
        #expect(repair.status == 1 && repair.stdout.contains("plan.gap: -20 s"), "\(repair.stdout)\(repair.stderr)")
        #expect(try lib.snapshot() == before)
        // Set again, the values pass.
        try lib.ok("plan", "--start", "2026-12-31 23:30", "--gap", "0", "--target", "1h", environment: ["TZ": "UTC"])
        try lib.ok("break", "--after", "3", "--length", "10m")
        #expect(try lib.ok("check").contains("No problems found."))
    }

    @Test func thePlanTravelsInThePlstsAndMergesOnUpdate() throws {
        let leader = try library()
        try leader.ok("plan", "--start", "2026-12-31 23:30 Europe/Prague", "--gap", "30s", "--target", "1h")
        try leader.ok("break", "--after", "3", "--length", "15m")
        try leader.ok("export", "Silvestr", "-o", "s.plsts")
        let document = try Data(contentsOf: leader.folder.appendingPathComponent("s.plsts"))
        let member = try TemporaryLibrary()
        try member.run(["import", "-"], stdin: document)
        let environment = ["TZ": "Europe/Prague"]
        #expect(try member.run(["show"], environment: environment).stdout == (try leader.run(["show"], environment: environment).stdout))
        #expect(
            try member.run(["show"], environment: environment).stdout.contains(
                "Set 2: 00:16~ (+1)–00:21~ (+1) (5:00), after a 15:00 break"))
        // The member lengthens the gaps; the sender moves the show: both stay.
        try member.ok("plan", "--gap", "1m")
        try leader.ok("plan", "--start", "2026-12-31 22:00 Europe/Prague")
        try leader.ok("export", "Silvestr", "-o", "s.plsts")
        let update = try member.run(["import", "-"], stdin: try Data(contentsOf: leader.folder.appendingPathComponent("s.plsts")))
        #expect(update.stdout.contains("~ plan: start 2026-12-31 23:30 Europe/Prague → 2026-12-31 22:00 Europe/Prague"))
        #expect(try member.ok("plan").contains("starts 2026-12-31 22:00 Europe/Prague, 1:00 between songs, 0:00 breaks, target 1:00:00"))
    }

    @Test func showAtAPositionSaysWhenTheSongShouldStart() throws {
        let lib = try library()
        try lib.ok("plan", "--start", "2026-12-31 23:30", "--gap", "30s")
        #expect(try lib.ok("show", "--at", "4").hasSuffix("Planned start 00:01~ (+1)\n"))
        #expect(try lib.ok("show", "--at", "1").hasSuffix("Planned start 23:30\n"))
    }
}
