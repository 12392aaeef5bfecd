import CLITestSupport
import Foundation
import SetlistCLI
import Testing

/// The key a chart is written in and the notation of its chords, as `chart`, `import-songs`,
/// `edit-song`, `transpose`, `pdf --songbook`, `live` and `.plsts` documents find and keep them.
@Suite struct ChartKeyNotationTests {
    static let road = "[D]We drove all [G]night down the [A]coast [D]road\n"

    /// A library with "Road" (in D) and its copy in "Gig".
    func library(key: String? = "D") throws -> TemporaryLibrary {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "Gig")
        let added = try lib.run(["add-song", "Road", "--author", "Test Band", "--to", "Gig"] + (key.map { ["--key", $0] } ?? []))
        #expect(added.status == 0, "\(added.stderr)")
        return lib
    }

    /// The library's songs.json with the key taken out of every chart: a chart kept without one,
    /// as the library had them before.
    func keyless(_ lib: TemporaryLibrary, file: String = "songs.json") throws {
        let url = lib.root.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let stripped = text.replacingOccurrences(of: #"("chart" : \{\s*)"key" : "[^"]*",\s*"#, with: "$1", options: .regularExpression)
        #expect(stripped != text)
        try Data(stripped.utf8).write(to: url)
    }

    /// `chart --set`, `import-songs --update` and `edit-song --key` agree: a chart without a
    /// {key} is in the song's key, and a copy in another key moves it.
    @Test func everyWayOfSettingAChartTakesTheSongsKey() throws {
        let set = try library()
        try set.ok("chart", "Road", "--set", "-", "--everywhere", stdin: Data(Self.road.utf8))
        try set.ok("transpose", "Gig", "1", "+3")
        #expect(try set.ok("chart", "1", "--in", "Gig", "--chordpro") == "[F]We drove all [Bb]night down the [C]coast [F]road\n")

        let imported = try library()
        try Data(("{title: Road}\n{artist: Test Band}\n\n" + Self.road).utf8).write(to: imported.folder.appendingPathComponent("road.cho"))
        let report = try imported.ok("import-songs", "road.cho", "--update")
        #expect(!report.contains("read as"), "the song's key, not one read from the chords")
        try imported.ok("chart", "Road", "--everywhere")
        try imported.ok("transpose", "Gig", "1", "+3")
        #expect(try imported.ok("chart", "1", "--in", "Gig", "--chordpro") == "[F]We drove all [Bb]night down the [C]coast [F]road\n")

        // A chart kept without a key: edit-song --key takes it as in the song's key before.
        let edited = try library()
        try edited.ok("chart", "Road", "--set", "-", stdin: Data(Self.road.utf8))
        try keyless(edited)
        #expect(
            try edited.run("chart", "Road").stderr.contains("its chart has no key, so its chords stay as written, not moved to D major"))
        try edited.ok("edit-song", "Road", "--key", "E")
        #expect(try edited.ok("chart", "Road", "--chordpro") == "[E]We drove all [A]night down the [B]coast [E]road\n")
        // A song without a key either: the key given is the chart's.
        let none = try library(key: nil)
        try none.ok("chart", "Road", "--set", "-", stdin: Data(Self.road.utf8))
        try keyless(none)
        try none.ok("edit-song", "Road", "--key", "G")
        #expect(try none.ok("chart", "Road", "--chordpro") == Self.road)
    }

    /// A song without a key: the chart's key is read from its chords and said once;
    /// `chart --key` says another without moving the chords.
    @Test func aKeyReadFromTheChordsIsSaidAndChartKeySetsIt() throws {
        let lib = try library(key: nil)
        let set = try lib.run("chart", "Road", "--set", "-", stdin: Data(Self.road.utf8))
        #expect(set.status == 0)
        #expect(
            set.stderr.contains(
                "the chart of 'Road' has no {key}: read as D major from its chords; `setlist chart Road --key KEY` sets the key it is written in."
            ), "\(set.stderr)")
        #expect(try lib.ok("chart", "Road").hasPrefix("Road — Test Band · D major\n"))
        try lib.ok("chart", "Road", "--key", "C")
        try lib.ok("edit-song", "Road", "--key", "D")
        // Written in C now, shown in D: a tone up.
        #expect(try lib.ok("chart", "Road", "--chordpro") == "[E]We drove all [A]night down the [B]coast [E]road\n")
        let noChart = try lib.run("chart", "Nothing", "--key", "C")
        #expect(noChart.status == 1)
        try lib.ok("add-song", "Empty")
        let empty = try lib.run("chart", "Empty", "--key", "C")
        #expect(empty.status == 1 && empty.stderr.contains("has no chart to give a key or notation"), "\(empty.stderr)")
    }

    /// A chart no key moves is named before the gig: by `chart`, `transpose`, `pdf --songbook`
    /// and `live`.
    @Test func aChartThatCannotMoveIsNamedBeforeTheGig() throws {
        let lib = try library()
        try lib.ok("chart", "1", "--in", "Gig", "--set", "-", stdin: Data(Self.road.utf8))
        try keyless(
            lib,
            file: "playlists/"
                + (try FileManager.default.contentsOfDirectory(atPath: lib.root.appendingPathComponent("playlists").path).first!))
        let pdf = try lib.run("pdf", "--songbook", "-o", "gig.pdf")
        #expect(pdf.status == 0)
        #expect(
            pdf.stderr.contains(
                "'Road' (song 1 in 'Gig'): its chart has no key, so its chords stay as written, not moved to D major; its chords read as D major: `setlist chart 1 --in Gig --key KEY` says the key it is written in."
            ), "\(pdf.stderr)")
        var live = lib.context(["live", "Gig"], environment: ["TERM": "xterm"])
        live.isInteractive = true
        _ = SetlistMain.run(["live", "Gig"], context: live)
        #expect(live.errorOutput.text.contains("'Road' (song 1 in 'Gig'): its chart has no key"), "\(live.errorOutput.text)")
        let transposed = try lib.run("transpose", "Gig", "1", "+2")
        #expect(
            transposed.stderr.contains(
                "the chart of 'Road' had no key: it is taken to be written in D major, the copy's key before, and now moves with it"),
            "\(transposed.stderr)")
        #expect(try lib.ok("chart", "1", "--in", "Gig", "--chordpro") == "[E]We drove all [A]night down the [B]coast [E]road\n")
        #expect(!(try lib.run("pdf", "--songbook", "-o", "gig.pdf").stderr.contains("no key")))
    }

    /// A German chart set with --notation in an English-notation library; --notation alone says
    /// it anew; each reader sees the chords in their notation; exported, the file says it.
    @Test func theNotationIsFoundKeptAndShownInTheReaders() throws {
        let lib = try library(key: "Am")
        let czech = "[Ami]Šel jsem [Dmi]lesem [E7]k potoku\n[Ami]tam [H7]voda [E]zní\n"
        try lib.ok("chart", "Road", "--set", "-", stdin: Data(czech.utf8))
        #expect(try lib.ok("chart", "Road", "--chordpro") == "[Am]Šel jsem [Dm]lesem [E7]k potoku\n[Am]tam [B7]voda [E]zní\n")
        try lib.ok("config", "notation", "german")
        #expect(try lib.ok("chart", "Road", "--chordpro") == "{meta: notation german}\n" + czech, "as written")
        // A chart with no sign of its notation is read the band's way: B is B♭ here.
        try lib.ok("chart", "Road", "--set", "-", stdin: Data("[B]eins [F]zwei\n".utf8))
        try lib.ok("config", "notation", "english")
        #expect(try lib.ok("chart", "Road", "--chordpro") == "[Bb]eins [F]zwei\n")
        try lib.ok("chart", "Road", "--notation", "english")
        #expect(try lib.ok("chart", "Road", "--chordpro") == "[B]eins [F]zwei\n", "said anew: the same letters, English")
        try lib.ok("chart", "Road", "--set", "-", "--notation", "german", stdin: Data("[B]eins [F]zwei\n".utf8))
        #expect(try lib.ok("chart", "Road", "--chordpro") == "[Bb]eins [F]zwei\n")
        let export = try lib.ok("chart", "Road", "--export", "-o", "-")
        #expect(export.contains("{meta: notation german}\n{key: a}") || export.contains("{meta: notation german}\n{key: Am}"), "\(export)")
        let other = try TemporaryLibrary()
        try Data(export.utf8).write(to: other.folder.appendingPathComponent("road.cho"))
        try other.ok("import-songs", "road.cho")
        #expect(try other.ok("chart", "Road", "--chordpro") == "[Bb]eins [F]zwei\n")
        try other.ok("config", "notation", "german")
        #expect(try other.ok("chart", "Road", "--chordpro") == "{meta: notation german}\n[B]eins [F]zwei\n")
    }

    /// A .plsts carries a chart's notation and capo (1.3) with its chords in English names, so
    /// that an older reader reads the right chords; a newer one gets the chart back in its
    /// notation (a `mi` minor as `m`).
    @Test func aPlstsCarriesTheNotationAndTheCapo() throws {
        let lib = try library(key: "A")
        try lib.ok(
            "chart", "1", "--in", "Gig", "--set", "-", stdin: Data("{key: G}\n{capo: 2}\n[G]Open [Hmi]strings [C]and [D]shapes\n".utf8))
        try lib.ok("export", "Gig", "-o", "gig.plsts")
        let document = try String(contentsOf: lib.folder.appendingPathComponent("gig.plsts"), encoding: .utf8)
        #expect(document.contains(#""version" : "1.3""#))
        #expect(document.contains(#""capo" : 2"#) && document.contains(#""notation" : "german""#))
        #expect(document.contains("[G]Open [Bm]strings [C]and [D]shapes"), "English names on the wire")
        let member = try TemporaryLibrary()
        try Data(document.utf8).write(to: member.folder.appendingPathComponent("gig.plsts"))
        try member.ok("import", "gig.plsts")
        try member.ok("config", "notation", "german")
        #expect(
            try member.ok("chart", "1", "--in", "Gig", "--chordpro")
                == "{meta: notation german}\n{capo: 2}\n[G]Open [Hm]strings [C]and [D]shapes\n")
        #expect(try member.ok("chart", "1", "--in", "Gig").hasPrefix("Road — Test Band · A dur · capo 2: G dur shapes\n"))
        // What chart --set refuses, a document may not carry either.
        for (bad, message) in [
            ("\"[G]Open", "\"{key: purple}\", \"[G]Open"), ("\"capo\" : 2", "\"capo\" : 14"),
            ("\"notation\" : \"german\"", "\"notation\" : \"klingon\""),
        ] {
            let changed = document.replacingOccurrences(of: bad, with: message)
            #expect(changed != document)
            try Data(changed.utf8).write(to: member.folder.appendingPathComponent("bad.plsts"))
            let refused = try member.run("import", "bad.plsts")
            #expect(refused.status != 0, "\(message)")
            #expect(
                refused.stderr.contains("purple") || refused.stderr.contains("capo") || refused.stderr.contains("klingon"),
                "\(refused.stderr)")
        }
    }

    /// What real files write, moved with a copy a tone up: guitar comments shown, {transpose}
    /// honoured, chord groups and marked chords moved chord by chord, madd9 read, chords in a
    /// comment moved, a line of chords over the lyrics made inline, Dutch names read, and the
    /// bass of A/C# keeping its letter.
    @Test func chordFormsRealFilesUseMoveWithTheCopy() throws {
        let lib = try library(key: "C")
        let chart = """
            {gc: Capo 3 to play along}
            {c: Intro [C] [G]}
            [C-Csus]one [Csus-C-Gsus]two [C*]three [(F)]four [Emadd9]five [Amadd9]six [A/C#]seven
            {transpose: 2}
            [C]higher [Dm]now
            {transpose}
            G           Am
            Words under chords
            [Cis]Dutch [Bes]names
            """
        try lib.ok("chart", "1", "--in", "Gig", "--set", "-", stdin: Data(chart.utf8))
        try lib.ok("transpose", "Gig", "1", "+2")
        #expect(
            try lib.ok("chart", "1", "--in", "Gig", "--chordpro") == """
                {gc: Capo 3 to play along}
                {c: Intro [D] [A]}
                [D-Dsus]one [Dsus-D-Asus]two [D*]three [(G)]four [F#madd9]five [Bmadd9]six [B/D#]seven
                {key: E}
                [E]higher [F#m]now
                {key: D}
                [A]Words under [Bm]chords
                [D#]Dutch [C]names

                """)
        let shown = try lib.ok("chart", "1", "--in", "Gig")
        #expect(shown.contains("(Capo 3 to play along)") && shown.contains("(Intro [D] [A])"), "\(shown)")
    }

    /// `check` names in a library file what `chart --set` and a .plsts refuse.
    @Test func checkNamesWhatChartSetRefuses() throws {
        let lib = try library()
        try lib.ok("chart", "Road", "--set", "-", stdin: Data("{capo: 2}\n[D]la\n".utf8))
        let url = lib.root.appendingPathComponent("songs.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let broken = text.replacingOccurrences(of: #""capo" : 2"#, with: #""capo" : 14"#)
            .replacingOccurrences(of: #""[D]la""#, with: #""{key: purple}", "[D]la""#)
        #expect(broken != text)
        try Data(broken.utf8).write(to: url)
        let check = try lib.run("check")
        #expect(check.status == 1)
        #expect(
            check.stdout.contains("{key: \"purple\"} is not a key") && check.stdout.contains("capo 14"), "\(check.stdout)\(check.stderr)")
    }
}
