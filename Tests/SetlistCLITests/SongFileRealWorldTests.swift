import CLITestSupport
import Foundation
import Testing

/// import-songs and export-songs with what real files and spreadsheets hold (issue 36): terminal
/// escapes, lengths a spreadsheet turned into times of day, other programs' headers, ChordPro
/// files from songbooks, old encodings.
@Suite struct SongFileRealWorldTests {
    func write(_ text: String, _ name: String, in lib: TemporaryLibrary) throws {
        try write(Data(text.utf8), name, in: lib)
    }

    func write(_ data: Data, _ name: String, in lib: TemporaryLibrary) throws {
        let url = lib.folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// What a command printed, both streams.
    func printed(_ result: RunResult) -> String { result.stdout + result.stderr }

    // MARK: 9. Escapes

    @Test func escapesInCellsHeadersAndDirectivesNeverReachTheTerminal() throws {
        let lib = try TemporaryLibrary()
        try write("Title,Key,\u{1B}[2JGenre\nCreep,\u{1B}[2J,rock\nWonderwall,F#m,\u{1B}[31m\n", "esc.csv", in: lib)
        try write("{title: Creep}\n{key: \u{1B}]0;owned\u{07}}\n{tempo: \u{9B}2J}\n", "esc.cho", in: lib)
        for arguments in [["esc.csv"], ["esc.cho"], ["esc.csv", "--skip-invalid"], ["esc.cho", "--skip-invalid", "--dry-run"]] {
            let result = try lib.run(["import-songs"] + arguments)
            let text = printed(result)
            #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" }, "\(arguments): \(text)")
        }
        // The value is shown as every message shows such text: each invisible character named.
        #expect(try lib.run("import-songs", "esc.csv").stderr.contains("\"[U+001B][2J\" is not a key"))
        #expect(try lib.run("import-songs", "esc.cho").stderr.contains("\"[U+001B]]0;owned[U+0007]\" is not a key"))
    }

    // MARK: 10. ChordPro lines

    @Test func chordProErrorsNameTheLineOfTheirDirective() throws {
        let lib = try TemporaryLibrary()
        try write("# from a songbook\n{title: Broken}\n{artist: Someone}\n\n{key: H7sus}\n{tempo: fast}\n", "broken.cho", in: lib)
        let result = try lib.run("import-songs", "broken.cho")
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken.cho, line 5, {key}:"), "\(result.stderr)")
        #expect(result.stderr.contains("broken.cho, line 6, {tempo}:"), "\(result.stderr)")
    }

    // MARK: 14. Rows counted as rows

    @Test func oneRowWithThreeBadCellsIsOneInvalidRow() throws {
        let lib = try TemporaryLibrary()
        try write("Title,Length,Key,BPM\nGood,3:00,C,120\nBad,forever,H7sus,fast\n", "cells.csv", in: lib)
        let result = try lib.run("import-songs", "cells.csv")
        #expect(result.stderr.contains("cells.csv has 1 invalid row (3 bad cells)"), "\(result.stderr)")
        #expect(!result.stderr.contains("3 invalid rows"))
    }

    // MARK: 23. Lengths through a spreadsheet

    @Test func exportedLengthsAreNoTimeOfDayForASpreadsheet() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--length", "4:05")
        try lib.ok("add-song", "Echoes", "--author", "Pink Floyd", "--length", "23:31")
        try lib.ok("add-song", "Intro", "--length", "45")
        try lib.ok("export-songs", "--excel", "-o", "songs.csv")
        let text = try String(contentsOf: lib.folder.appendingPathComponent("songs.csv"), encoding: .utf8)
        let lengths = text.split(separator: "\r\n").dropFirst().map { $0.split(separator: ";", omittingEmptySubsequences: false)[2] }
        // Spreadsheets read h:mm, m:ss and h:mm:ss as a time of day; these forms stay text.
        #expect(lengths == ["4m05s", "23m31s", "0m45s"])
        // import-songs reads them back as they were.
        let again = try TemporaryLibrary()
        try write(try Data(contentsOf: lib.folder.appendingPathComponent("songs.csv")), "songs.csv", in: again)
        try again.ok("import-songs", "songs.csv")
        #expect(try again.ok("songs").contains("4:05") && again.ok("songs").contains("23:31"))
    }

    @Test func aSongOverAnHourIsReportedOnStandardError() throws {
        let lib = try TemporaryLibrary()
        try write("Title,Length\nMedley,1:05:00\nShort,3:00\n", "long.csv", in: lib)
        let result = try lib.run("import-songs", "long.csv")
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: long.csv, line 2: Medley is 1:05:00 long"), "\(result.stderr)")
        #expect(!result.stderr.contains("Short"))
    }

    // MARK: 24. Headers with SONG or TRACK before them

    @Test func songArtistIsTheAuthor() throws {
        let lib = try TemporaryLibrary()
        try write("SONG TITLE,SONG ARTIST,TRACK LENGTH,SONG KEY\nCreep,Radiohead,3:58,G\n", "songs.csv", in: lib)
        let out = try lib.ok("import-songs", "songs.csv")
        #expect(out.contains("+ Creep — Radiohead") && !out.contains("ignored columns"), "\(out)")
    }

    @Test func aColumnNamingAKnownFieldIsNeverDroppedSilently() throws {
        let lib = try TemporaryLibrary()
        try write("Title,Artist,Composer,Main Key\nCreep,Radiohead,Thom Yorke,G\n", "songs.csv", in: lib)
        let result = try lib.run("import-songs", "songs.csv")
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: songs.csv: the column \"Composer\" is left out"), "\(result.stderr)")
        #expect(result.stderr.contains("warning: songs.csv: the column \"Main Key\" is left out"), "\(result.stderr)")
    }

    // MARK: 25. Fractional seconds, one bad file among many

    @Test func oneBadFileOfAFolderIsNamedAndSkippedOnlyWhenAsked() throws {
        let lib = try TemporaryLibrary()
        try write("{title: Good}\n{duration: 3:20}\n", "Songbook/good.cho", in: lib)
        try write("{t: Fraction}\n{st: Band}\n{duration: 30.8005}\n", "Songbook/fraction.cho", in: lib)
        try write("{title: Bad}\n{artist: Band}\n{duration: long}\n", "Songbook/bad.cho", in: lib)
        let before = try lib.snapshot()
        let refused = try lib.run("import-songs", "Songbook")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Songbook/bad.cho, line 3, {duration}:"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--skip-invalid"))
        #expect(!refused.stderr.contains("fraction.cho"))
        #expect(try lib.snapshot() == before)

        let out = try lib.ok("import-songs", "Songbook", "--skip-invalid")
        #expect(out.contains("Added 2 songs."), "\(out)")
        #expect(try lib.ok("song", "Fraction").contains("0:31"))
    }

    @Test func aFileThatCannotBeReadIsSkippedWithSkipInvalid() throws {
        let lib = try TemporaryLibrary()
        try write("{title: Good}\n", "Songbook/good.cho", in: lib)
        try write("{title: Příběh}\n".data(using: .windowsCP1250)!, "Songbook/old.cho", in: lib)
        #expect(try lib.run("import-songs", "Songbook").status == 1)
        let result = try lib.run("import-songs", "Songbook", "--skip-invalid")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Added 1 song."), "\(result.stdout)")
        #expect(printed(result).contains("Songbook/old.cho"))
    }

    // MARK: 26. --columns

    @Test func columnsMayStartWithADash() throws {
        let lib = try TemporaryLibrary()
        try write("1,Autumn Leaves,Set 1\n2,So What,Set 1\n3,Take Five,Encore\n", "gig.csv", in: lib)
        let result = try lib.run("import-songs", "--columns", "-,title,set", "gig.csv", "--to", "Gig")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Added 3 songs."))
    }

    @Test func aHeaderThatColumnsNamesIsNoSong() throws {
        let lib = try TemporaryLibrary()
        try write("Standard,By\nAutumn Leaves,Joseph Kosma\nSo What,Miles Davis\n", "jazz.csv", in: lib)
        let out = try lib.ok("import-songs", "--columns", "title,author", "jazz.csv")
        #expect(!out.contains("+ Standard"), "\(out)")
        #expect(out.contains("Added 2 songs."))
    }

    @Test func aColumnOfCamelotKeysIsNamedOnceAndSkippedCellByCell() throws {
        let lib = try TemporaryLibrary()
        var rows = ["Title,Artist,Key,BPM"]
        for n in 1...81 { rows.append("Track \(n),DJ,\(n % 12 + 1)\(n % 2 == 0 ? "A" : "B"),\(100 + n)") }
        try write(rows.joined(separator: "\n") + "\n", "camelot.csv", in: lib)
        let refused = try lib.run("import-songs", "camelot.csv")
        #expect(refused.status == 1)
        let lines = refused.stderr.split(separator: "\n")
        #expect(lines.count < 8, "\(refused.stderr)")
        #expect(refused.stderr.contains("Key") && refused.stderr.contains("--columns title,author,-,bpm"), "\(refused.stderr)")
        // --skip-invalid leaves the bad cells out, not the rows.
        let out = try lib.ok("import-songs", "camelot.csv", "--skip-invalid")
        #expect(out.contains("Added 81 songs."), "\(out)")
        #expect(try lib.ok("song", "Track 7").contains("107"))
    }

    // MARK: 28. Not ChordPro, not UTF-8, subfolders

    @Test func aWindows1250ChordProFileGetsChordProAdvice() throws {
        let lib = try TemporaryLibrary()
        try write("{title: Příběh}\r\n{key: Am}\r\n".data(using: .windowsCP1250)!, "pribeh.cho", in: lib)
        let result = try lib.run("import-songs", "pribeh.cho")
        #expect(result.stderr.contains("--encoding windows-1250"))
        #expect(!result.stderr.contains(".csv") && !result.stderr.contains("Excel"), "\(result.stderr)")
        #expect(try lib.ok("import-songs", "pribeh.cho", "--encoding", "windows-1250").contains("+ Příběh"))
    }

    @Test func encodingAppliesOnlyToFilesThatAreNotUTF8() throws {
        let lib = try TemporaryLibrary()
        try write("{title: Příběh}\n".data(using: .windowsCP1250)!, "Songbook/old.cho", in: lib)
        try write("{title: Žluťoučký kůň}\n", "Songbook/new.cho", in: lib)
        let out = try lib.ok("import-songs", "Songbook", "--encoding", "windows-1250")
        #expect(out.contains("+ Příběh") && out.contains("+ Žluťoučký kůň"), "\(out)")
    }

    @Test func chordsOverLyricsIsNotChordPro() throws {
        let lib = try TemporaryLibrary()
        try write("Amazing Grace\n\n      G              G7         C        G\nAmazing grace, how sweet the sound\n", "grace.crd", in: lib)
        let result = try lib.run("import-songs", "grace.crd")
        #expect(result.status == 1)
        #expect(result.stderr.contains("grace.crd is not a ChordPro file"), "\(result.stderr)")
        #expect(!result.stderr.contains("title is empty"))
    }

    @Test func aFolderSaysWhatItDidNotImport() throws {
        let lib = try TemporaryLibrary()
        try write("{title: Creep}\n", "Songbook/creep.cho", in: lib)
        try write("{title: Live one}\n", "Songbook/Live/live.cho", in: lib)
        let out = try lib.ok("import-songs", "Songbook")
        #expect(out.contains("Live"), "\(out)")
        #expect(out.contains("Added 1 song."))
    }
}
