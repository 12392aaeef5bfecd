import Foundation
import SetlistModel
import Testing

@testable import SetlistSpreadsheet

@Suite struct CSVReadingTests {
    @Test func excelEnglishWithBOMCommasCRLFAndQuotedNewlines() throws {
        let sheet = try Fixture.sheet("excel-en.csv")
        #expect(sheet.problems.isEmpty && sheet.ignoredColumns.isEmpty)
        #expect(
            Fixture.rows(sheet) == [
                "Highway to Hell|AC/DC|3:28|A major|116|",
                "Stairway to Heaven|Led Zeppelin|8:02|A minor|82|Slow intro\nBand in at 2:15",
                "Hey, Jude|The Beatles|7:11|F major|74|Sing the \"na na na\" part twice",
                "Smoke on the Water|Deep Purple|5:40|G minor|114|",
            ])
        // The line of each row, counting the line break inside the quoted notes.
        #expect(sheet.songs.map(\.line) == [2, 3, 5, 6])
    }

    @Test func excelCzechWithSemicolonsAndCzechHeaders() throws {
        let sheet = try Fixture.sheet("excel-cs.csv")
        #expect(sheet.problems.isEmpty)
        #expect(
            Fixture.rows(sheet) == [
                "Žluťoučký kůň|Jiří Šťastný|3:05|F# minor|96|",
                "Hey, Jude|The Beatles|7:11|F major|74|Refrén; dvakrát",
                "Holubí dům|Jiří Žáček|2:58|C major||Kapodastr na 2.\nZačíná kytara",
                "Den, kdy se zastavila Země||4:10|Eb major|120|",
            ])
    }

    @Test func libreOfficeGoogleSheetsSetlistHelperAndBandHelper() throws {
        #expect(
            Fixture.rows(try Fixture.sheet("libreoffice.csv")) == [
                "Black Magic Woman|Santana|5:19|D minor|122|",
                "Wonderwall|Oasis|4:18|F# minor|87|Capo 2, Em7 shapes",
                "Sweet Child O' Mine|Guns N' Roses|5:56|Db major|125|",
            ])
        #expect(
            Fixture.rows(try Fixture.sheet("google-sheets.csv")) == [
                "Under the Bridge|Red Hot Chili Peppers|4:24|E major|84|",
                "Thunderstruck|AC/DC|4:52|B major|134|Count in: 4",
                "Creep|Radiohead|3:58|G major|92|",
            ])
        #expect(
            Fixture.rows(try Fixture.sheet("setlist-helper.csv")) == [
                "Brown Eyed Girl|Van Morrison|3:05|G major|150|Crowd sings along",
                "Sultans of Swing|Dire Straits|5:48|D minor|148|",
            ])
        let band = try Fixture.sheet("bandhelper.csv")
        #expect(band.ignoredColumns == ["Genre", "Year"])
        #expect(
            Fixture.rows(band) == [
                "Johnny B. Goode|Chuck Berry|2:41|Bb major|168|",
                "Superstition|Stevie Wonder|4:26|Eb minor|100|Clav riff first",
            ])
    }

    @Test(arguments: [
        ("Title", SongColumn.name), ("SONG", .name), ("Název", .name), ("píseň", .name), ("Nazev", .name),
        ("Artist", .author), ("ArtistName", .author), ("interpret", .author), ("Autor", .author), ("author", .author),
        ("Song Length", .length), ("SongLength", .length), ("Délka", .length), ("duration", .length),
        ("Key", .key), ("TÓNINA", .key), ("tempo", .bpm), ("BPM", .bpm),
        ("Poznámky", .notes), ("Other", .notes), ("notes", .notes), ("#", .position), ("Set", .set),
        // What DJ programs and playlists write: SONG or TRACK before the field (issue 36).
        ("SONG ARTIST", .author), ("Track Length", .length), ("TRACK TITLE", .name), ("song_bpm", .bpm), ("By", .author),
    ])
    func headerSpellings(header: String, column: SongColumn) {
        #expect(SongColumn(header: header) == column)
        // NFD (as macOS writes file names and some programs text) is the same header.
        #expect(SongColumn(header: header.decomposedStringWithCanonicalMapping) == column)
    }

    @Test func delimiterDetection() throws {
        #expect(try CSVTable(text: "a;b;c\n1;2, 3;4\n", file: "x").records[1].fields == ["1", "2, 3", "4"])
        #expect(try CSVTable(text: "a\tb\n\"x;y\"\tz\n", file: "x").records[1].fields == ["x;y", "z"])
        #expect(try CSVTable(text: "title,author\nA,B\n", file: "x").delimiter == ",")
        #expect(try CSVTable(text: "sep=;\ntitle,x;author\nA,B;C\n", file: "x").records[0].fields == ["title,x", "author"])
        #expect(try CSVTable(text: "sep=;\ntitle;author\nA;B\n", file: "x").records[1].line == 3)
    }

    @Test func columnsOptionMapsAFileWithoutAHeader() throws {
        let columns = try SongColumn.parseList("title,-,length,key")
        let sheet = try CSVSongs.read("Creep,ignored,3:58,G\nWonderwall,x,4:18,F#m\n", file: "f.csv", columns: columns)
        #expect(Fixture.rows(sheet) == ["Creep||3:58|G major||", "Wonderwall||4:18|F# minor||"])
        // With other names in a header row, that row is not a song.
        let named = try CSVSongs.read(
            "Písnička;Kdo;Jak dlouho\nCreep;Radiohead;3:58\n", file: "f.csv",
            columns: try SongColumn.parseList("title,author,length"))
        #expect(Fixture.rows(named) == ["Creep|Radiohead|3:58|||"])
        #expect(throws: SpreadsheetError.unknownColumnName("lyrics")) { try SongColumn.parseList("title,lyrics") }
    }

    @Test func aFileWithoutATitleColumnIsRefusedWithItsHeader() {
        #expect(throws: SpreadsheetError.noTitleColumn(file: "f.csv", header: ["Who", "When"])) {
            try CSVSongs.read("Who,When\nA,B\n", file: "f.csv")
        }
    }

    @Test func formulaGuardRoundTrips() {
        for text in ["=HYPERLINK(\"x\")", "+1", "-ism", "@me", "'=x", "''+y", "plain", "'quoted'"] {
            #expect(SongCells.unguarded(SongCells.guarded(text)) == text)
            #expect(!"=+-@".contains(SongCells.guarded(text).first!))
        }
    }
}

@Suite struct BrokenCSVTests {
    @Test func unterminatedQuoteNamesTheLineItOpensOn() {
        #expect(throws: SpreadsheetError.unterminatedQuote(file: "unterminated-quote.csv", line: 3)) {
            try Fixture.sheet("unterminated-quote.csv")
        }
    }

    @Test func textAfterAClosingQuote() {
        #expect(throws: SpreadsheetError.textAfterQuote(file: "f.csv", line: 2)) {
            try CSVSongs.read("title,author\n\"Help\"!,Beatles\n", file: "f.csv")
        }
    }

    @Test func raggedRowsAreEachListed() throws {
        let sheet = try Fixture.sheet("ragged-rows.csv")
        #expect(sheet.problems.map(\.line) == [3, 5])
        #expect(sheet.problems[0].message.contains("4 fields but the header 3"))
        #expect(Fixture.rows(sheet) == ["Highway to Hell|AC/DC|3:28|||", "Creep|Radiohead||||"])
    }

    @Test func badLengthOnLine37() throws {
        let sheet = try Fixture.sheet("bad-length-line-37.csv")
        #expect(sheet.problems == [.init(line: 37, field: "Length", message: ValueError.invalidLength("3:75").description)])
        #expect(sheet.songs.count == 36)
        #expect(
            SpreadsheetError.invalidRows(sheet).description
                .contains("bad-length-line-37.csv, line 37, Length: \"3:75\" is not a length."))
    }

    @Test func nonUTF8IsRefusedWithHowToReadOrConvertIt() throws {
        #expect(throws: SpreadsheetError.notUTF8(file: "windows-1250.csv", line: 1)) { try Fixture.sheet("windows-1250.csv") }
        let message = SpreadsheetError.notUTF8(file: "windows-1250.csv", line: 1).description
        #expect(message.contains("--encoding windows-1250") && message.contains("iconv -f WINDOWS-1250 -t UTF-8"))
    }

    @Test(arguments: ["windows-1250", "CP1250", "Windows-1250"])
    func windows1250IsReadWithEncoding(name: String) throws {
        let sheet = try Fixture.sheet("windows-1250.csv", options: .init(encoding: try TextDecoding.encoding(named: name)))
        #expect(Fixture.rows(sheet) == ["Žluťoučký kůň|Jiří Šťastný|3:05|||", "Příběh|Ďábel a spol.|2:30|||"])
    }

    @Test func latin2AndLatin1() throws {
        let sheet = try Fixture.sheet("iso-8859-2.csv", options: .init(encoding: try TextDecoding.encoding(named: "iso-8859-2")))
        #expect(Fixture.rows(sheet) == ["Žluťoučký kůň||3:05|||"])
        let latin1 = try CSVSongs.read(
            try TextDecoding.text(
                of: Data([0x54, 0x69, 0x74, 0x6C, 0x65, 0x0A, 0x43, 0x61, 0x66, 0xE9, 0x0A]), file: "l.csv",
                encoding: try TextDecoding.encoding(named: "latin-1")), file: "l.csv")
        #expect(Fixture.rows(latin1) == ["Café|||||"])
        #expect(throws: SpreadsheetError.unknownEncoding("ebcdic")) { try TextDecoding.encoding(named: "ebcdic") }
    }

    @Test func invalidUTF8LaterInTheFileNamesItsLine() {
        var bytes = Array("Title\nOne\nTwo\n".utf8)
        bytes.insert(0xFF, at: 10)
        #expect(throws: SpreadsheetError.notUTF8(file: "f.csv", line: 3)) { try TextDecoding.text(of: Data(bytes), file: "f.csv") }
    }

    @Test func utf16WithBOMIsRead() throws {
        let data = "Title\tKey\nCreep\tG\n".data(using: .utf16)!
        #expect(Fixture.rows(try SongFiles.read(data, name: "unicode.txt", options: .init())) == ["Creep|||G major||"])
    }
}
