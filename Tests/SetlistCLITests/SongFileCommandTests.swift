import CLITestSupport
import Foundation
import Testing

/// import-songs, export-songs and export --format csv|text|markdown, run as the user runs them.
@Suite struct SongFileCommandTests {
    /// Excel's "CSV UTF-8" in a Czech locale: byte order mark, semicolons, CRLF, a quoted line break.
    static let excelCzech =
        Data(
            "\u{FEFF}Název;Interpret;Délka;Tónina;Tempo;Poznámky\r\nŽluťoučký kůň;Jiří Šťastný;3:05;fis-moll;96;\r\n"
                .utf8) + Data("Hey, Jude;The Beatles;7:11;F-dur;74;\"Refrén\ndvakrát\"\r\nHolubí dům;Jiří Žáček;2:58;C;;\r\n".utf8)

    func write(_ data: Data, _ name: String, in lib: TemporaryLibrary) throws {
        try data.write(to: lib.folder.appendingPathComponent(name))
    }

    @Test func importThenExportRoundTripsByteForByte() throws {
        let lib = try TemporaryLibrary()
        try write(Self.excelCzech, "repertoar.csv", in: lib)
        let out = try lib.ok("import-songs", "repertoar.csv")
        #expect(out.contains("+ Žluťoučký kůň — Jiří Šťastný") && out.contains("Added 3 songs."))
        #expect(try lib.ok("song", "zlutoucky kun").contains("F♯ minor"))
        try lib.ok("export-songs", "-o", "first.csv", "--excel")
        let first = try Data(contentsOf: lib.folder.appendingPathComponent("first.csv"))
        #expect(first.starts(with: [0xEF, 0xBB, 0xBF]))

        let again = try TemporaryLibrary()
        try write(first, "first.csv", in: again)
        try again.ok("import-songs", "first.csv")
        let second = try again.run("export-songs", "--excel", "-o", "-")
        #expect(second.status == 0 && second.stdoutData == first)
    }

    @Test func everyRefusalLeavesTheLibraryByteForByteUnchanged() throws {
        let lib = try TemporaryLibrary()
        try write(Self.excelCzech, "ok.csv", in: lib)
        try lib.ok("import-songs", "ok.csv", "--to", "Koncert")
        let before = try lib.snapshot()
        var lines = ["Title;Length"]
        for i in 1...35 { lines.append("Song \(i);3:\(10 + i)") }
        lines.append("Broken;3:75") // line 37
        try write(Data((lines.joined(separator: "\r\n") + "\r\n").utf8), "line37.csv", in: lib)
        try write(Data("Title,Author\n\"Open,quote\nNext,Row\n".utf8), "quote.csv", in: lib)
        try write(Data("Title,Author\nA,B,C\nD,E\n".utf8), "ragged.csv", in: lib)
        try write("Název;Délka\r\nPříběh;2:30\r\n".data(using: .windowsCP1250)!, "old.csv", in: lib)
        try write(Data("Who,When\nA,B\n".utf8), "notitle.csv", in: lib)
        let refusals: [([String], String)] = [
            (["line37.csv"], "line37.csv, line 37, Length: \"3:75\" is not a length"),
            (["ok.csv", "line37.csv", "--to", "Other"], "line 37"),
            (["quote.csv"], "quote.csv, line 2: a quoted field starts here and is never closed"),
            (["ragged.csv"], "ragged.csv, line 2: The row has 3 fields but the header 2"),
            (["old.csv"], "--encoding windows-1250"),
            (["old.csv", "--encoding", "ebcdic"], "Unknown encoding 'ebcdic'"),
            (["notitle.csv"], "no column of song titles"),
            (["ok.csv", "--columns", "title,lyrics"], "'lyrics' is not a column"),
            (["missing.csv"], "missing.csv: there is no such file"),
        ]
        for (arguments, message) in refusals {
            let result = try lib.run(["import-songs"] + arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(try lib.snapshot() == before, "\(arguments) changed the library")
        }
        // With the encoding named, the old file reads.
        #expect(try lib.ok("import-songs", "old.csv", "--encoding", "windows-1250", "--dry-run").contains("+ Příběh"))
        #expect(try lib.snapshot() == before)
    }

    /// The report prints keys as the band reads them (`config notation german`).
    @Test func updateReportSpeaksTheBandsNotation() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("config", "notation", "german")
        try lib.ok("add-song", "ZLUTOUCKY KUN", "--author", "jiri stastny", "--key", "H")
        try write(Self.excelCzech, "songs.csv", in: lib)
        let updated = try lib.ok("import-songs", "songs.csv", "--update")
        #expect(updated.contains("key H dur → fis moll"), "\(updated)")
    }

    @Test func dryRunUpdateSkipInvalidAndTo() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "ZLUTOUCKY KUN", "--author", "jiri stastny", "--key", "C")
        try write(Self.excelCzech, "songs.csv", in: lib)
        let before = try lib.snapshot()
        let dry = try lib.ok("import-songs", "songs.csv", "--dry-run")
        #expect(dry.contains("Would add 2 songs; 1 already in the repertoire") && dry.contains("Nothing was changed (--dry-run)."))
        #expect(try lib.snapshot() == before)

        let updated = try lib.ok("import-songs", "songs.csv", "--update")
        #expect(updated.contains("~ ZLUTOUCKY KUN — jiri stastny: length — → 3:05, key C major → F♯ minor, bpm — → 96 BPM"))
        #expect(try lib.ok("songs").contains("ZLUTOUCKY KUN"))

        try write(Data("Title,Length\nGood,3:00\nBad,forever\n".utf8), "mixed.csv", in: lib)
        let skipped = try lib.ok("import-songs", "mixed.csv", "--skip-invalid", "--to", "Zkouška")
        #expect(skipped.contains("skipped line 3, Length: \"forever\" is not a length"))
        #expect(skipped.contains("Copied 1 song into 'Zkouška' (a new playlist)."))
        #expect(try lib.ok("show", "Zkouška").contains("Good"))
    }

    @Test func playlistCSVTextAndMarkdown() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--length", "2:20", "--bpm", "250", "--key", "C minor")
        try lib.ok("add-song", "Stairway to Heaven", "--author", "Led Zeppelin", "--length", "1:30", "--key", "D")
        try lib.ok("add-song", "Příběh | *nový*", "--length", "3:05")
        try lib.ok("new", "Koncert", "Highway to Hell", "Stairway to Heaven", "Příběh | *nový*")
        try lib.ok("break", "--after", "2", "--label", "Přídavek")

        #expect(
            try lib.ok("export", "--format", "text", "-o", "-") == """
                Koncert
                3 songs, 6:55

                — Set 1 (3:50) —
                1. Highway to Hell — AC/DC
                   2:20 · C minor · 250 BPM
                2. Stairway to Heaven — Led Zeppelin
                   1:30 · D major

                — Přídavek (3:05) —
                3. Příběh | *nový*
                   3:05

                Total length: 6:55

                """)
        #expect(try lib.ok("export", "Koncert", "--format", "markdown") == "Exported 'Koncert' (3 songs) as markdown to Koncert.md.\n")
        let markdown = try String(contentsOf: lib.folder.appendingPathComponent("Koncert.md"), encoding: .utf8)
        #expect(markdown.contains("## Set 1 (3:50)\n\n| # | Title | Author | Length | Key | BPM |\n"))
        #expect(markdown.contains("| 1 | Highway to Hell | AC/DC | 2:20 | C minor | 250 |"))
        #expect(markdown.contains("| 3 | Příběh \\| \\*nový\\* |  | 3:05 |  |  |"))
        #expect(markdown.hasSuffix("**Total length: 6:55**\n"))

        // A setlist spreadsheet becomes the same setlist in another library.
        try lib.ok("export", "--format", "csv", "-o", "koncert.csv")
        let other = try TemporaryLibrary()
        try write(try Data(contentsOf: lib.folder.appendingPathComponent("koncert.csv")), "koncert.csv", in: other)
        #expect(try other.ok("import-songs", "koncert.csv", "--to", "Koncert").contains("Copied 3 songs into 'Koncert' (a new playlist)."))
        #expect(try other.ok("export", "--format", "text", "-o", "-") == (try lib.ok("export", "--format", "text", "-o", "-")))

        let usage = try lib.run("export", "--format", "text", "--excel")
        #expect(usage.status == 64)
    }

    @Test func chordProFolderWithLyrics() throws {
        let lib = try TemporaryLibrary()
        let folder = lib.folder.appendingPathComponent("Zpěvník")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{title: Creep}\n{artist: Radiohead}\n{key: G}\n{duration: 3:58}\n\n[G]When you were here\n".utf8)
            .write(to: folder.appendingPathComponent("creep.cho"))
        try Data("{meta: title Holubí dům}\n{meta: artist Jiří Žáček}\n{meta: tempo 100}\n".utf8)
            .write(to: folder.appendingPathComponent("holubi.chordpro"))
        try Data("not a song".utf8).write(to: folder.appendingPathComponent("readme.md"))
        let out = try lib.ok("import-songs", "Zpěvník", "--with-lyrics")
        #expect(out.contains("Zpěvník/creep.cho: 1 song (ChordPro)") && out.contains("Added 2 songs."))
        let creep = try lib.ok("song", "Creep")
        #expect(creep.contains("[G]When you were here") && creep.contains("3:58"))
    }

    /// Two versions of one song in a folder: the first is the song, the second is named by its
    /// file, and --duplicate adds it as a song of its own (issue 45).
    @Test func aSecondVersionInAFolderIsNamedAndDuplicateAddsIt() throws {
        let lib = try TemporaryLibrary()
        let folder = lib.folder.appendingPathComponent("Songbook")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{title: Creep}\n{artist: Radiohead}\n[G]When you were here\n".utf8).write(to: folder.appendingPathComponent("a.cho"))
        try Data("{title: Creep}\n{artist: Radiohead}\n[A]When you were here before\n".utf8).write(
            to: folder.appendingPathComponent("b.cho"))
        let dry = try lib.ok("import-songs", "Songbook", "--dry-run")
        #expect(dry.contains("! Creep — Radiohead (Songbook/b.cho): another version, with another chart"), "\(dry)")
        #expect(dry.contains("--duplicate adds"), "\(dry)")
        let out = try lib.ok("import-songs", "Songbook", "--duplicate")
        #expect(out.contains("Added 2 songs."), "\(out)")
        #expect(try lib.run("song", "Creep").stderr.contains("matches 2 songs"))
    }
}
