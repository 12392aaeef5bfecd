import Foundation
import SetlistModel
import Testing

@testable import SetlistSpreadsheet

/// Files as they arrive from spreadsheets and songbooks (issue 36): lengths a spreadsheet made
/// times of day, columns of values setlist does not read, ChordPro files that are not ChordPro or
/// not UTF-8.
@Suite struct RealWorldFileTests {
    /// What `export-songs --excel` wrote before lengths were written as 3m28s, read as it was.
    static let exported = [
        "Highway to Hell|AC/DC|3:28|A major|116|", "Intro||0:45|||Drums only", "Wonderwall|Oasis|4:18|F# minor|87|Capo 2",
        "Sultans of Swing|Dire Straits|5:48|D minor|148|", "Holubí dům|Jiří Žáček|2:58|C major||",
        "Echoes|Pink Floyd|23:31|C# minor||Side B",
    ]

    @Test(arguments: ["libreoffice-cs-time-of-day.csv", "libreoffice-en-time-of-day.csv"])
    func timesOfDayFromASpreadsheetAreMinutesAndSeconds(file: String) throws {
        #expect(Fixture.rows(try Fixture.sheet("old-export-excel.csv")) == Self.exported)
        let sheet = try Fixture.sheet(file)
        #expect(Fixture.rows(sheet) == Self.exported)
        #expect(sheet.warnings.count == 1 && sheet.warnings[0].contains("the column Length holds times of day"), "\(sheet.warnings)")
    }

    @Test func anHourIsAnHourUnlessTheColumnIsTimesOfDay() throws {
        let mixed = try CSVSongs.read("Title,Length\nMedley,1:05:00\nShort,3:00\n", file: "m.csv")
        #expect(Fixture.rows(mixed) == ["Medley||1:05:00|||", "Short||3:00|||"])
        #expect(
            mixed.warnings == [
                "m.csv, line 2: Medley is 1:05:00 long. If that is a mistake, correct the length (setlist edit-song \"Medley\" --length M:SS)."
            ])
        // One cell as a person types an hour stays an hour; as only a spreadsheet writes it, not.
        #expect(Fixture.rows(try CSVSongs.read("Title,Length\nMedley,1:05:00\n", file: "m.csv")) == ["Medley||1:05:00|||"])
        #expect(Fixture.rows(try CSVSongs.read("Title,Length\nIntro,00:45:00\n", file: "m.csv")) == ["Intro||0:45|||"])
        #expect(
            Fixture.rows(try CSVSongs.read("Title,Length\nA,12:45:00 AM\nB,11:31:00 PM\n", file: "m.csv")) == ["A||0:45|||", "B||23:31|||"])
    }

    @Test func exportedLengthsStayTextInASpreadsheetAndReadBack() throws {
        #expect([45, 245, 1411, 3723].map(CSVExport.lengthCell) == ["0m45s", "4m05s", "23m31s", "1h02m03s"])
        #expect([45, 245, 1411, 3723].map(CSVExport.lengthCell).map(SongLength.seconds) == [45, 245, 1411, 3723])
    }

    @Test func aColumnOfCamelotKeysIsOneProblem() throws {
        var csv = "Title,Artist,Key,BPM\n"
        for n in 1...10 { csv += "Track \(n),DJ,\(n)A,\(100 + n)\n" }
        csv += "Bad,DJ,C,fast\n"
        let sheet = try CSVSongs.read(csv, file: "dj.csv")
        #expect(sheet.columnProblems.map(\.field) == ["Key"])
        #expect(sheet.columnProblems[0].bad == 10 && sheet.columnProblems[0].filled == 11)
        #expect(sheet.columnProblems[0].columnsWithout == "title,author,-,bpm")
        // Only the other row's bad cell is a row problem; the rows of the column come in without it.
        #expect(sheet.problems.map(\.line) == [12])
        #expect(sheet.songs.count == 10 && sheet.songs.allSatisfy { $0.fields.key == nil && $0.fields.bpm != nil })
        let message = SpreadsheetError.invalidRows(sheet).description
        #expect(message.hasPrefix("dj.csv has 1 invalid row and a column of values setlist does not read;"), "\(message)")
        #expect(message.split(separator: "\n").count == 5, "\(message)")
    }

    @Test func aFewBadCellsAreRowProblems() throws {
        let sheet = try CSVSongs.read("Title,Key\nA,10A\nB,C\nC,11B\nD,D\n", file: "k.csv")
        #expect(sheet.columnProblems.isEmpty && sheet.problems.map(\.line) == [2, 4])
        #expect(SpreadsheetError.invalidRows(sheet).description.hasPrefix("k.csv has 2 invalid rows;"))
    }

    @Test func aColumnNamingAKnownFieldIsWarnedAbout() throws {
        let sheet = try CSVSongs.read("Title,Artist,Composer,Main Key,Genre\nCreep,Radiohead,Thom Yorke,G,rock\n", file: "s.csv")
        #expect(sheet.ignoredColumns == ["Genre"])
        #expect(
            sheet.warnings == [
                "s.csv: the column \"Composer\" is left out: the column \"Artist\" already gives the author. To read it instead, name the columns: --columns title,-,author,-,-",
                "s.csv: the column \"Main Key\" is left out, though it names the key. To read it, name the columns: --columns title,author,-,key,-",
            ])
    }

    @Test func withColumnsAHeaderNamingItsColumnsIsNoSong() throws {
        let columns = try SongColumn.parseList("title,author")
        let sheet = try CSVSongs.read("Standard,By\nAutumn Leaves,Joseph Kosma\n", file: "j.csv", columns: columns)
        #expect(sheet.headerRow == ["Standard", "By"] && Fixture.rows(sheet) == ["Autumn Leaves|Joseph Kosma||||"])
        // A title that happens to be a header word of another field is a song.
        let time = try CSVSongs.read("Time,Pink Floyd\n", file: "t.csv", columns: columns)
        #expect(time.headerRow == nil && time.songs.count == 1)
    }

    @Test func fractionalSecondsOfAChordProDurationAreRounded() throws {
        #expect(
            Fixture.rows(try Fixture.sheet("chordpro-real/fractional-duration.chordpro")) == [
                "Sultans of Swing|Dire Straits|0:31|D minor||"
            ])
        #expect(["30.8005", "3:20.5", "3:20.4", "0.2", "long.5"].map(ChordPro.roundedSeconds) == ["31", "201", "200", "0.2", "long.5"])
    }

    @Test func chordsOverLyricsIsNotChordPro() {
        #expect(throws: SpreadsheetError.notChordPro(file: "chordpro-real/amazing-grace.crd")) {
            try Fixture.sheet("chordpro-real/amazing-grace.crd")
        }
        #expect(
            SpreadsheetError.notChordPro(file: "Songbook/grace.crd").description.contains(
                "chordpro --a2crd Songbook/grace.crd > Songbook/grace.cho"))
    }

    @Test func aChordProFileInAnOldEncodingGetsChordProAdvice() throws {
        let file = "chordpro-real/okolo-hradce-cp1250.cho"
        #expect(throws: SpreadsheetError.notUTF8(file: file, line: 2, chordPro: true)) { try Fixture.sheet(file) }
        let message = SpreadsheetError.notUTF8(file: file, line: 2, chordPro: true).description
        #expect(message.contains("> chordpro-real/okolo-hradce-cp1250-utf8.cho") && !message.contains("Excel") && !message.contains(".csv"))
        let sheet = try Fixture.sheet(file, options: .init(encoding: .windowsCP1250))
        #expect(Fixture.rows(sheet) == ["Okolo Hradce|lidová|1:45|G major||"])
    }

    @Test func aFolderNamesItsSubfoldersAndSetsAsideWhatItCannotRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("songbook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Live"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{title: Creep}\n".utf8).write(to: folder.appendingPathComponent("creep.cho"))
        try Fixture.data("chordpro-real/amazing-grace.crd").write(to: folder.appendingPathComponent("grace.crd"))
        #expect(throws: SpreadsheetError.refusedFiles([.notChordPro(file: "Songbook/grace.crd")])) {
            try SongFiles.read([("Songbook", folder)], options: .init())
        }
        let found = try SongFiles.read([("Songbook", folder)], options: .init(skipInvalid: true))
        #expect(found.sheets.map(\.file) == ["Songbook/creep.cho"])
        #expect(found.refused == [.notChordPro(file: "Songbook/grace.crd")])
        #expect(found.subfolders == ["Songbook/Live/"])
        // A name that is not there is refused even so.
        #expect(throws: SpreadsheetError.self) {
            try SongFiles.read(
                [("Songbook", folder), ("missing.cho", folder.appendingPathComponent("missing.cho"))], options: .init(skipInvalid: true))
        }
    }

    @Test func labelsAndHeadersFromAFileShowTheirInvisibleCharacters() throws {
        let sheet = try CSVSongs.read("Title,\u{1B}[2JGenre\nCreep,rock\n", file: "e.csv")
        #expect(sheet.ignoredColumns == ["\u{1B}[2JGenre"])
        let lines = SongImportReport(sheets: [sheet]).lines(dryRun: true, update: false)
        #expect(lines.contains("  ignored columns: \"[U+001B][2JGenre\""), "\(lines)")
        #expect(throws: SpreadsheetError.noTitleColumn(file: "e.csv", header: ["\"[U+001B]]0x[U+0007]\""])) {
            try CSVSongs.read("\u{1B}]0x\u{07}\nCreep\n", file: "e.csv")
        }
    }
}
