import CLITestSupport
import Foundation
import Testing

/// `setlist chart`: a song's chord chart shown, moved to a copy's key, edited, set, exported,
/// removed; and the chart travelling through import-songs and .plsts.
@Suite struct ChartCommandTests {
    static let chordPro = """
        {title: Highway to Hell}
        {artist: AC/DC}
        {key: A}
        {tempo: 116}

        {start_of_chorus}
        [A]I'm on the [D/F#]highway to [G]hell
        {end_of_chorus}
        {c: Repeat}
        """

    /// A library with the song imported from ChordPro and a copy in "Koncert".
    func library() throws -> TemporaryLibrary {
        let lib = try TemporaryLibrary()
        try Data(Self.chordPro.utf8).write(to: lib.folder.appendingPathComponent("highway.cho"))
        try lib.ok("import-songs", "highway.cho", "--to", "Koncert")
        return lib
    }

    @Test func importKeepsTheChartAndShowsItChordsOverLyrics() throws {
        let lib = try library()
        let out = try lib.ok("chart", "Highway to Hell")
        #expect(
            out == """
                Highway to Hell — AC/DC · A major

                Chorus
                  A          D/F#       G
                  I'm on the highway to hell
                (Repeat)

                """)
        #expect(
            try lib.ok("chart", "Highway to Hell", "--chordpro")
                == "{start_of_chorus}\n[A]I'm on the [D/F#]highway to [G]hell\n{end_of_chorus}\n{c: Repeat}\n")
        #expect(try lib.file("songs.json").contains(#""lines" : ["#), "one JSON line per chart line")
    }

    /// On a narrow terminal the chords go on below with their syllables, never wrapped apart.
    @Test func aNarrowTerminalKeepsChordsOverTheirSyllables() throws {
        let lib = try library()
        let out = try lib.ok("chart", "Highway to Hell", environment: ["COLUMNS": "20"])
        #expect(out.contains("  A          D/F#\n  I'm on the highway\n     G\n  to hell\n"), "\(out)")
        #expect(out.split(separator: "\n").allSatisfy { $0.count <= 20 })
    }

    @Test func aCopyInAnotherKeyShowsTheChartMovedAndTheOriginalStays() throws {
        let lib = try library()
        try lib.ok("transpose", "Koncert", "1", "+3")
        let out = try lib.ok("chart", "1", "--in", "Koncert", "--chordpro")
        #expect(out.contains("[C]I'm on the [F/A]highway to [Bb]hell"))
        #expect(try lib.ok("chart", "1", "--in", "Koncert").hasPrefix("Highway to Hell — AC/DC · C major (written in A major)\n"))
        #expect(try lib.ok("chart", "Highway to Hell", "--chordpro").contains("[A]I'm on the"))
        // The copy as a ChordPro file: its own key and chords.
        try lib.ok("chart", "1", "--in", "Koncert", "--export", "-o", "copy.cho")
        let file = try String(contentsOf: lib.folder.appendingPathComponent("copy.cho"), encoding: .utf8)
        #expect(file.hasPrefix("{title: Highway to Hell}\n{artist: AC/DC}\n{key: C}\n{tempo: 116}\n\n{start_of_chorus}\n[C]I'm on"))
        // A folder named as the file is refused, naming the file to write in it.
        try FileManager.default.createDirectory(at: lib.folder.appendingPathComponent("charts"), withIntermediateDirectories: true)
        let folder = try lib.run("chart", "1", "--in", "Koncert", "--export", "-o", "charts")
        #expect(
            folder.status == 1 && folder.stderr.contains("charts is a folder. Name the file to write, like `-o charts/Highway to Hell.cho`")
        )
        // ...which imports back as the same song in C.
        let other = try TemporaryLibrary()
        try Data(file.utf8).write(to: other.folder.appendingPathComponent("copy.cho"))
        try other.ok("import-songs", "copy.cho")
        #expect(try other.ok("chart", "Highway to Hell", "--chordpro").contains("[C]I'm on the [F/A]highway to [Bb]hell"))
    }

    @Test func setFromAFileOrStandardInputAndRemove() throws {
        let lib = try library()
        let set = try lib.ok("chart", "Highway to Hell", "--set", "-", stdin: Data("{key: G}\n[G]New [C]words\n".utf8))
        #expect(set.contains("Changed the chart of 'Highway to Hell' by AC/DC; its copies in 1 playlist keep theirs"))
        // Written in G, shown in the song's A.
        #expect(try lib.ok("chart", "Highway to Hell", "--chordpro") == "[A]New [D]words\n")
        #expect(try lib.ok("chart", "1", "--in", "Koncert", "--chordpro").contains("highway to"), "the copy kept its chart")
        #expect(
            try lib.ok("chart", "Highway to Hell", "--set", "-", stdin: Data("{key: G}\n[G]New [C]words\n".utf8)).hasPrefix(
                "Nothing changed"))
        // Nothing to set by (a mistyped file before `|`, or details alone) is refused, not taken
        // as a removal; removing says so.
        let before = try lib.snapshot()
        for input in ["", "\n  \n", "{title: Highway to Hell}\n{key: A}\n"] {
            let empty = try lib.run("chart", "Highway to Hell", "--set", "-", stdin: Data(input.utf8))
            #expect(empty.status == 1 && empty.stderr.contains("standard input holds no chart") && empty.stderr.contains("--remove"))
        }
        #expect(try lib.snapshot() == before)
        #expect(
            try lib.ok("chart", "Highway to Hell", "--remove", "--everywhere").hasPrefix(
                "Removed the chart of 'Highway to Hell' by AC/DC and of 1 copy."))
        #expect(try lib.ok("chart", "1", "--in", "Koncert").contains("has no chart"))
        #expect(try lib.ok("chart", "1", "--in", "Koncert", "--remove") == "Nothing changed: song 1 in 'Koncert' already has no chart.\n")
        _ = try lib.ok("undo")
        #expect(try lib.ok("chart", "1", "--in", "Koncert", "--chordpro").contains("highway to"))
    }

    /// A song listed in A major whose chart says F# minor (its relative minor, as song lists
    /// often name a minor song) shows the chart as written, and its copy a tone up a tone up.
    @Test func aChartInTheSongsRelativeKeyIsShownAsWritten() throws {
        let lib = try library()
        try lib.ok(
            "chart", "Highway to Hell", "--set", "-", "--everywhere",
            stdin: Data("{key: F#m}\n[F#m7]Today is [A]gonna be [Esus4]the day\n".utf8))
        #expect(try lib.ok("chart", "Highway to Hell", "--chordpro") == "[F#m7]Today is [A]gonna be [Esus4]the day\n")
        try lib.ok("transpose", "Koncert", "1", "--to", "B")
        #expect(try lib.ok("chart", "1", "--in", "Koncert", "--chordpro") == "[G#m7]Today is [B]gonna be [F#sus4]the day\n")
    }

    /// A chart given to the original after its copy was made: the copy says so, and
    /// --everywhere alone carries it over.
    @Test func theOriginalsChartIsCarriedIntoItsCopiesWhenAsked() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "Koncert")
        try lib.ok("add-song", "Highway to Hell", "--key", "A", "--to", "Koncert")
        try lib.ok("chart", "Highway to Hell", "--set", "-", stdin: Data("[A]I'm on the [D]highway\n".utf8))
        try lib.ok("transpose", "Koncert", "1", "+2")
        #expect(
            try lib.ok("chart", "1", "--in", "Koncert").contains(
                "has no chart, but its original has: `setlist chart \"Highway to Hell\" --everywhere`"))
        #expect(try lib.ok("chart", "Highway to Hell", "--everywhere").contains("and of 1 copy"))
        #expect(try lib.ok("chart", "1", "--in", "Koncert", "--chordpro") == "[B]I'm on the [E]highway\n")
        #expect(try lib.ok("chart", "Highway to Hell", "--everywhere").hasPrefix("Nothing changed"))
    }

    /// A bad character is named by its line in the file as given, directives and all; a
    /// ChordPro file without {title} is named, not blamed for a {title} on line 1 it does not have.
    @Test func problemsNameTheLineOfTheFileAsGiven() throws {
        let lib = try library()
        let bad = try lib.run("chart", "Highway to Hell", "--set", "-", stdin: Data("{title: A}\n{key: C}\n\n[C]la\nok \u{1B}[31m\n".utf8))
        #expect(bad.status == 1 && bad.stderr.contains("chart (line 5)"), "\(bad.stderr)")
        try Data("{artist: Nobody}\n{key: C}\n[C]la\n".utf8).write(to: lib.folder.appendingPathComponent("x.cho"))
        let untitled = try lib.run("import-songs", "x.cho")
        #expect(untitled.status == 1)
        #expect(untitled.stderr.contains("x.cho, line 1: The song has no {title}. Every song needs one"), "\(untitled.stderr)")
        #expect(!untitled.stderr.contains("line 1, {title}"))
    }

    /// The editor's example for a song without a chart is a ChordPro comment: what is typed
    /// below it is the chart, and the example is not saved.
    @Test func theEditorsExampleIsNotSaved() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Blank", "--key", "G")
        let script = lib.folder.appendingPathComponent("editor.sh")
        try Data("#!/bin/sh\nprintf '[G]My own [C]words\\n' >> \"$1\"\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        try lib.ok("chart", "Blank", "--edit", environment: ["VISUAL": "", "EDITOR": script.path])
        #expect(try lib.ok("chart", "Blank", "--chordpro") == "[G]My own [C]words\n")
    }

    @Test func badChartsAreRefusedNamingTheLineAndChangeNothing() throws {
        let lib = try library()
        let before = try lib.snapshot()
        let refusals: [(Data, String)] = [
            (Data("{key: Q}\n[C]la\n".utf8), "Line 1: {key: \"Q\"} is not a key"),
            (Data("[C]la\n{new_song}\n{t: Two}\n".utf8), "Line 2: {new_song} starts a second song"),
            (Data("ok\nbad \u{1B}[31m\n".utf8), "chart (line 2)"),
            (Data([0x5B, 0x43, 0x5D, 0xFF, 0x0A]), "not UTF-8 text"),
        ]
        for (input, message) in refusals {
            let result = try lib.run("chart", "Highway to Hell", "--set", "-", stdin: input)
            #expect(result.status == 1 && result.stderr.contains(message), "\(result.stderr)")
        }
        let missing = try lib.run("chart", "Highway to Hell", "--set", "nowhere.cho")
        #expect(missing.status == 1 && missing.stderr.contains("Cannot read the chart file nowhere.cho"))
        #expect(try lib.snapshot() == before)
    }

    /// The editor gets the chart as the record shows it; an unchanged file, a failing editor and
    /// no editor change nothing.
    @Test func editInTheUsersEditor() throws {
        let lib = try library()
        let script = lib.folder.appendingPathComponent("editor.sh")
        func editor(_ body: String) throws -> [String: String] {
            try Data("#!/bin/sh\n\(body)\n".utf8).write(to: script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            return ["VISUAL": "", "EDITOR": script.path]
        }
        let before = try lib.snapshot()
        let unchanged = try lib.ok("chart", "Highway to Hell", "--edit", environment: try editor("cp \"$1\" \(lib.folder.path)/seen.cho"))
        #expect(unchanged.hasPrefix("Nothing changed"))
        let seen = try String(contentsOf: lib.folder.appendingPathComponent("seen.cho"), encoding: .utf8)
        #expect(seen.contains("{title: Highway to Hell}\n{key: A}\n\n{start_of_chorus}\n[A]I'm on the"))
        let failed = try lib.run("chart", "Highway to Hell", "--edit", environment: try editor("echo x >> \"$1\"; exit 3"))
        #expect(failed.status == 1 && failed.stderr.contains("ended with exit status 3; the chart is unchanged"))
        let none = try lib.run("chart", "Highway to Hell", "--edit", environment: ["VISUAL": "", "EDITOR": ""])
        #expect(none.status == 1 && none.stderr.contains("No editor is set"))
        // What the editor saved but cannot be used is kept, named, and can be given with --set
        // once corrected.
        let refused = try lib.run(
            "chart", "Highway to Hell", "--edit",
            environment: try editor("sed -i 's/{key: A}/{key: Q}/; s/highway/freeway/' \"$1\"; echo \"$1\" > \(lib.folder.path)/kept"))
        #expect(refused.status == 1 && refused.stderr.contains("is not a key"))
        let kept = try String(contentsOf: lib.folder.appendingPathComponent("kept"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(refused.stderr.contains("what you wrote is kept in \(kept): correct it there and give it with --set"))
        #expect(try lib.snapshot() == before)
        var writing = try String(contentsOf: URL(fileURLWithPath: kept), encoding: .utf8)
        writing = writing.replacingOccurrences(of: "{key: Q}", with: "{key: A}")
        try Data(writing.utf8).write(to: URL(fileURLWithPath: kept))
        #expect(try lib.ok("chart", "Highway to Hell", "--set", kept).hasPrefix("Changed the chart"))
        #expect(try lib.ok("chart", "Highway to Hell", "--chordpro").hasPrefix("{start_of_chorus}\n[A]I'm on the [D/F#]freeway"))
        try FileManager.default.removeItem(at: URL(fileURLWithPath: kept).deletingLastPathComponent())
        _ = try lib.ok("undo")
        #expect(try lib.snapshot() == before)

        // The copy in C: edited in C, saved in C, and the original keeps its chart.
        try lib.ok("transpose", "Koncert", "1", "--to", "C")
        let edited = try lib.ok(
            "chart", "1", "--in", "Koncert", "--edit", environment: try editor("sed -i 's/\\[C\\]I/[C]Oh, I/' \"$1\""))
        #expect(edited.contains("Changed the chart of song 1 in 'Koncert'; the original is unchanged."))
        #expect(try lib.ok("chart", "1", "--in", "Koncert", "--chordpro").contains("[C]Oh, I'm on the [F/A]highway"))
        #expect(try lib.ok("chart", "Highway to Hell", "--chordpro").contains("[A]I'm on the"))
    }

    @Test func theChartTravelsInAPlstsOfVersionOneTwo() throws {
        let lib = try library()
        try lib.ok("export", "Koncert", "-o", "k.plsts")
        let document = try String(contentsOf: lib.folder.appendingPathComponent("k.plsts"), encoding: .utf8)
        #expect(document.contains(#""version" : "1.2""#) && document.contains(#""chart" : {"#))
        let member = try TemporaryLibrary()
        try Data(document.utf8).write(to: member.folder.appendingPathComponent("k.plsts"))
        try member.ok("import", "k.plsts")
        #expect(try member.ok("chart", "1", "--in", "Koncert", "--chordpro").contains("[A]I'm on the [D/F#]highway"))
        // A newer minor version is read, with a warning that what it adds is left out.
        try Data(document.replacingOccurrences(of: #""version" : "1.2""#, with: #""version" : "1.5""#).utf8)
            .write(to: member.folder.appendingPathComponent("newer.plsts"))
        let newer = try member.run("import", "newer.plsts")
        #expect(newer.status == 0 && newer.stderr.contains("newer.plsts is a setlist document of version 1.5, made by a newer setlist"))
        // A chart holding {new_song} is refused, as --set refuses it: exported again, it would
        // import as two songs.
        let twoSongs = document.replacingOccurrences(of: "\"[A]I'm on the", with: "\"{new_song}\", \"[A]I'm on the")
        #expect(twoSongs != document)
        try Data(twoSongs.utf8).write(to: member.folder.appendingPathComponent("two.plsts"))
        let refused = try member.run("import", "two.plsts")
        #expect(refused.status != 0 && refused.stderr.contains("is {new_song}, which starts a second song"), "\(refused.stderr)")
        // The original app's format has no charts: export says they are left out.
        let app = try lib.run("export", "Koncert", "--format", "app", "-o", "-")
        #expect(app.status == 0 && app.stderr.contains("the original app keeps no chord charts: 1 chart of this setlist is left out"))
        // Without a chart, the document is what it was before charts.
        try lib.ok("chart", "1", "--in", "Koncert", "--remove")
        try lib.ok("chart", "Highway to Hell", "--remove")
        try lib.ok("export", "Koncert", "-o", "plain.plsts")
        #expect(try String(contentsOf: lib.folder.appendingPathComponent("plain.plsts"), encoding: .utf8).contains(#""version" : "1.0""#))
    }

    @Test func optionsThatDoNotGoTogetherAreRefused() throws {
        let lib = try library()
        for (arguments, message) in [
            (["chart", "x", "--edit", "--remove"], "Give one of"),
            (["chart", "x", "--everywhere", "--in", "Koncert"], "--everywhere changes the original and its copies"),
            (["chart", "x", "--also-original", "--remove"], "--also-original goes with --in"),
            (["chart", "x", "-o", "a.cho"], "--output goes with --export"),
        ] {
            let result = try lib.run(arguments)
            #expect(result.status == 64 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
