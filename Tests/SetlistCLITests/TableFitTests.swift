import CLITestSupport
import Foundation
import SetlistModel
import Testing

/// Tables fit the width ($COLUMNS here): the widest text columns shrink first, cut with "…" by
/// display width; numbers, keys and ids stay whole; --json is never cut.
@Suite struct TableFitTests {
    static let longTitle = String(repeating: "Dlouhý název písně 🎸 漢字 ", count: 12)

    static func library() throws -> TemporaryLibrary {
        let lib = try TemporaryLibrary()
        try lib.ok(
            "add-song", longTitle, "--author", "Jiří Šťastný a Přátelé z Vysočiny", "--length", "1:02:03", "--key", "F#m", "--bpm", "250")
        try lib.ok("add-song", "Žluťoučký kůň", "--author", "Čechomor", "--length", "3:05", "--key", "Bb")
        try lib.ok("add-song", "e\u{301}te\u{301} 夏", "--author", "BTS 방탄소년단", "--length", "2:20", "--key", "C")
        try lib.ok("new", "Letní festival 2026 " + String(repeating: "🎺", count: 30), longTitle, "Žluťoučký kůň", "e\u{301}te\u{301} 夏")
        try lib.ok("break", "--after", "1", "--label", "Set 2 " + String(repeating: "—", count: 100))
        return lib
    }

    @Test(arguments: [40, 80, 200])
    func tablesFitTheWidth(columns: Int) throws {
        let lib = try Self.library()
        let environment = ["COLUMNS": "\(columns)"]
        for command in [["songs"], ["show"], ["playlists"], ["undo", "--list"], ["contacts"]] {
            let result = try lib.run(command, environment: environment)
            #expect(result.status == 0)
            // At 40 columns the columns that matter least (notes, tempo, author) are left out.
            for line in result.stdout.split(separator: "\n") where !line.hasPrefix("`setlist") && !line.hasPrefix("No contacts yet") {
                #expect(Cells.width(String(line)) <= columns, "\(command) at \(columns): [\(line)]")
            }
        }
        let songs = try lib.run(["songs"], environment: environment).stdout
        // Numbers, keys and ids are never cut.
        for whole in ["1:02:03", "F♯ minor", "B♭ major", "3:05"] { #expect(songs.contains(whole), "\(whole) at \(columns)") }
        #expect(songs.contains("250") == (columns >= 80), "the tempo shows unless the terminal is narrow")
        let ids = try #require(try JSONSerialization.jsonObject(with: lib.run("songs", "--json").stdoutData) as? [[String: Any]])
            .compactMap { ($0["id"] as? String).map { String($0.prefix(8)) } }
        for id in ids { #expect(songs.contains(id)) }
        if columns < 200 { #expect(songs.contains("…")) }
        #expect(try lib.run(["show"], environment: environment).stdout.contains("(current) — 3 songs, 1:07:28"))
        if columns == 40 { #expect(songs.contains("Dlouh") && songs.contains("Žluťouč…") && !songs.contains("Čecho")) }
    }

    /// With a plan, at 40 columns the titles come first: the Start column (wide when the plan
    /// is in another zone, "17:50 GMT-5") gives way before a title is cut short, and the plan's
    /// lines are wrapped to the width.
    @Test func titlesComeBeforeStartTimes() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--length", "3:28", "--key", "A")
        try lib.ok("add-song", "Stairway to Heaven", "--author", "Led Zeppelin", "--length", "8:02", "--key", "Am")
        try lib.ok("new", "Koncert", "Highway to Hell", "Stairway to Heaven")
        try lib.ok("break", "--after", "1")
        try lib.ok("plan", "--start", "2026-12-31 23:50 Europe/Prague", "--gap", "20s", "--target", "1h30m")
        let environment = ["TZ": "America/New_York"]
        let narrow = try lib.run(["show"], environment: environment.merging(["COLUMNS": "40"]) { $1 }).stdout
        for line in narrow.split(separator: "\n") { #expect(Cells.width(String(line)) <= 40, "[\(line)]") }
        #expect(narrow.contains("Highway to Hell") && narrow.contains("Stairway to Heaven"), "\(narrow)")
        #expect(narrow.contains("Europe/Prague"), "the plan's line is wrapped, not cut: \(narrow)")
        #expect(narrow.contains("under the target 1:30:00"), "\(narrow)")
        // Wide enough, the start times stay.
        let wide = try lib.run(["show"], environment: environment.merging(["COLUMNS": "80"]) { $1 }).stdout
        #expect(wide.contains("1  17:50 GMT-5  Highway to Hell"), "\(wide)")
        for line in wide.split(separator: "\n") { #expect(Cells.width(String(line)) <= 80, "[\(line)]") }
    }

    @Test func theWidestTextColumnShrinksFirst() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", String(repeating: "x", count: 60), "--author", "Short author")
        let lines = try lib.run(["songs"], environment: ["COLUMNS": "60"]).stdout.split(separator: "\n")
        #expect(lines[1].contains("Short author"), "the author keeps its width while the title is longer")
        #expect(lines[1].contains("x…"))
    }

    /// `show`'s "*" (the copy differs from its original) survives the cut: "Přejmenovan…*".
    @Test func aCutCellKeepsItsDifferenceMarker() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Short", "--author", "Band")
        try lib.ok("new", "P", "Short")
        try lib.ok("edit-song", "Short", "--in", "P", "--name", String(repeating: "Přejmenovaná píseň ", count: 4), "--author", "Other")
        let show = try lib.run(["show"], environment: ["COLUMNS": "40"]).stdout
        let row = try #require(show.split(separator: "\n").first { $0.hasPrefix("1  ") })
        #expect(Cells.width(String(row)) <= 40, "[\(row)]")
        #expect(row.contains("…*"), "the cut title keeps its mark: [\(row)]")
        #expect(row.contains("Other*"))
        #expect(show.contains("* differs from the original"))
    }

    @Test func withoutAWidthNothingIsCutAndJSONNeverIs() throws {
        let lib = try Self.library()
        #expect(try lib.ok("songs").contains(Self.longTitle.trimmingCharacters(in: .whitespaces)))
        let json = try lib.run(["songs", "--json"], environment: ["COLUMNS": "40"])
        #expect(json.stdout.contains(Self.longTitle.trimmingCharacters(in: .whitespaces)))
        #expect(!json.stdout.contains("…"))
    }
}
