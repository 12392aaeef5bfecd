import Foundation
import SetlistModel
import Testing

@testable import SetlistSpreadsheet

@Suite struct ChordProTests {
    @Test func everyDirectiveForm() throws {
        let folder = Fixture.url("chordpro")
        let sheets = try SongFiles.read([("chordpro", folder)], options: .init()).sheets
        // A folder stands for its ChordPro files by name; the .txt is named on its own.
        #expect(
            sheets.map(\.file) == [
                "chordpro/artist-and-subtitle.crd", "chordpro/long-forms.cho",
                "chordpro/meta-forms.chordpro", "chordpro/short-forms.chopro",
            ])
        #expect(
            sheets.flatMap(Fixture.rows) == [
                "Sultans of Swing|Dire Straits||D minor|148|",
                "Highway to Hell|AC/DC|3:28|A major|116|",
                "Stairway to Heaven|Led Zeppelin|8:02|A minor|82|",
                "Žluťoučký kůň|Jiří Šťastný|3:05|F# minor|96|",
            ])
        #expect(sheets.allSatisfy { $0.kind == .chordPro && $0.problems.isEmpty })
        let byContent = try SongFiles.read([("content-only.txt", folder.appendingPathComponent("content-only.txt"))], options: .init())
            .sheets
        #expect(byContent.flatMap(Fixture.rows) == ["Creep|Radiohead||G major||"])
    }

    @Test func lyricsGoIntoTheNotesOnlyWhenAsked() throws {
        let sheet = try Fixture.sheet("chordpro/long-forms.cho", options: .init(withLyrics: true))
        #expect(
            sheet.songs[0].fields.notes == """
                {start_of_verse}
                [A]Living easy, [D/F#]living free
                {end_of_verse}
                {c: Chorus}
                [A]I'm on the highway to hell
                """)
        #expect(try Fixture.sheet("chordpro/long-forms.cho").songs[0].fields.notes == nil)
    }

    @Test func badValuesAreListedWithTheirDirectiveAndItsLine() throws {
        let sheet = try Fixture.sheet("chordpro-broken/bad-values.cho")
        #expect(sheet.songs.isEmpty)
        #expect(sheet.problems.map(\.field) == ["{key}", "{tempo}", "{duration}"])
        #expect(sheet.problems.map(\.line) == [2, 3, 4])
        #expect(SpreadsheetError.invalidRows(sheet).description.hasPrefix("chordpro-broken/bad-values.cho has 3 invalid directives;"))
    }

    @Test func newSongStartsAnother() throws {
        let sheet = try ChordPro.read(
            "{title: One}\n{key: C}\n{new_song}\n{t: Two}\n{meta: artist Someone}\n", file: "two.cho", withLyrics: false)
        #expect(Fixture.rows(sheet) == ["One|||C major||", "Two|Someone||||"])
    }

    /// `{key}` with `{capo}` is the key of the shapes (chordpro.org): the song's key is the one
    /// heard, and its chart, kept in the shapes, is shown in it; `{meta: capo 2}` reads the same.
    @Test(arguments: ["{capo: 2}", "{meta: capo 2}"])
    func aCapoMakesTheKeyHeardTheSongsKey(capo: String) throws {
        let sheet = try ChordPro.read("{title: Shapes}\n{key: C}\n\(capo)\n\n[C]Sing [G]on\n", file: "capo.cho", withLyrics: false)
        let fields = try #require(sheet.songs.first?.fields)
        #expect(fields.key == MusicalKey(parsing: "D"))
        #expect(fields.chart?.key == MusicalKey(parsing: "C") && fields.chart?.capo == 2)
        #expect(fields.chart?.shown(in: fields.key).lines.contains("[D]Sing [A]on") == true)
        #expect(
            sheet.warnings == [
                "capo.cho, line 3: Shapes is played with a capo on fret 2: its key is D major, the key heard; the chart keeps its C major shapes and its capo."
            ])
        // Without a key there is nothing to move; a capo on no fret changes nothing.
        #expect(try ChordPro.read("{title: S}\n\(capo)\n[C]x\n", file: "c.cho", withLyrics: false).songs.first?.fields.key == nil)
        #expect(
            try ChordPro.read("{title: S}\n{key: C}\n{capo: 0}\n", file: "c.cho", withLyrics: false).songs.first?.fields.key
                == MusicalKey(parsing: "C"))
    }

    /// A folder's files come in the order people number them (Song 2 before Song 10), which is
    /// the order `import-songs FOLDER --to PLAYLIST` puts them in.
    @Test func aFoldersFilesComeInNumberOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("numbered-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Song 10", "Song 2", "Song 1", "song 3", "Intro"] {
            try Data("{title: \(name)}\n".utf8).write(to: folder.appendingPathComponent(name + ".cho"))
        }
        let files = try SongFiles.expand(("set", folder)).files.map(\.name)
        #expect(files == ["set/Intro.cho", "set/Song 1.cho", "set/Song 2.cho", "set/Song 10.cho", "set/song 3.cho"])
    }

    @Test func aFolderWithoutChordProFilesIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: SpreadsheetError.self) { try SongFiles.read([("songs", folder)], options: .init()) }
    }
}

/// The chart a ChordPro file gives its song: every line but the song's details, in the file's key.
@Suite struct ChordProChartTests {
    @Test func theBodyIsTheChartInTheFilesKey() throws {
        let song = try #require(try Fixture.sheet("chordpro/long-forms.cho").songs.first)
        #expect(song.fields.notes == nil, "the notes are left for the band's own")
        let chart = try #require(song.fields.chart)
        #expect(chart.key == song.fields.key)
        #expect(
            chart.lines == [
                "# Every directive in its long form, with a colon.", "", "{start_of_verse}", "[A]Living easy, [D/F#]living free",
                "{end_of_verse}", "{c: Chorus}", "[A]I'm on the highway to hell",
            ])
    }

    /// A second `{key}` is where the song changes key: it stays in the chart; one that is no
    /// key is a problem of the file, named with its line.
    @Test func aKeyChangeStaysInTheChart() throws {
        let text = "{title: Love}\n{key: G}\n[G]Love is [C]all around\n{key: A}\n[A]Love is [D]all around\n"
        let song = try #require(try ChordPro.read(text, file: "love.cho", withLyrics: false).songs.first)
        #expect(song.fields.key == MusicalKey(parsing: "G major"))
        #expect(song.fields.chart?.lines == ["[G]Love is [C]all around", "{key: A}", "[A]Love is [D]all around"])
        let bad = try ChordPro.read(text + "{key: Q}\n", file: "love.cho", withLyrics: false)
        #expect(bad.songs.isEmpty && bad.problems.map(\.line) == [6], "\(bad.problems)")
        #expect(
            bad.problems.map(\.message) == [#"{key: "Q"} is not a key. Write it like {key: Am}, {key: F#} or {key: Bb}."#],
            "\(bad.problems)")
    }

    /// Songs as the ChordPro project ships them: what each keeps, and that it reads as a chart.
    @Test func realFilesKeepTheirCharts() throws {
        let swing = try #require(try Fixture.sheet("chordpro-real/swinglow.cho").songs.first?.fields)
        #expect(swing.name == "Swing Low Sweet Chariot" && swing.author == "Traditional" && swing.key == nil)
        let chart = try #require(swing.chart)
        #expect(chart.lines.first == "# Example of a simple ChordPro song.")
        #expect(!chart.lines.contains { $0.hasPrefix("{title") || $0.hasPrefix("{subtitle") })
        #expect(chart.lines.contains("Comin’ for to carry me [A7]home."))
        let lines = ChartLine.lines(of: chart)
        #expect(chart.lines.prefix(3) == ["# Example of a simple ChordPro song.", "", "{start_of_chorus}"])
        #expect(lines.first == .blank && lines.dropFirst().first == .sectionStart(.chorus, label: "Chorus"))
        #expect(lines.last == .comment("Chorus"))
        #expect(!lines.contains { if case .lyrics(let s) = $0 { s.contains { $0.text.contains("#") } } else { false } })

        // The same file from Windows: CRLF gone, and with a key, moved.
        let windows = try #require(try Fixture.sheet("chordpro-real/swinglow-crlf.cho").songs.first?.fields)
        #expect(windows.key == MusicalKey(parsing: "D major"))
        let crlf = try #require(windows.chart)
        #expect(crlf.lines == chart.lines && crlf.key == windows.key)
        #expect(crlf.shown(in: MusicalKey(parsing: "F major")).lines.contains("Swing [F]low, sweet [Bb]chari[F]ot,"))

        let molly = try #require(try Fixture.sheet("chordpro-real/mollymalone.cho").songs.first?.fields.chart)
        let shown = ChartLine.lines(of: molly)
        #expect(shown.contains(.sectionStart(.other("abc"), label: "Abc")))
        #expect(shown.contains(.verbatim(#"D | "G"GGG | "Em"G<BG | "Am"AAA|"D7"A<cA|"G"BAG|"Em"dcB|"A7"BAG | "D7"A2 D/2D/2 |"#)))
        #expect(shown.contains(.sectionStart(.other("textblock"), label: "Textblock")))
        #expect(
            shown.contains(
                .lyrics([
                    ChartSegment(chord: nil, text: "Crying "), ChartSegment(chord: "G", text: "“Cockles and Mus"),
                    ChartSegment(chord: "Em", text: "sels, a"), ChartSegment(chord: "A7", text: "live a"),
                    ChartSegment(chord: "D7", text: "live-"), ChartSegment(chord: "G", text: "o”"),
                ])))
        // ABC notation is not moved with the chords.
        let moved = Chart(lines: molly.lines, key: MusicalKey(parsing: "G major")).shown(in: MusicalKey(parsing: "A major"))
        #expect(moved.lines.contains(#"X: 1"#) && moved.lines.contains(#""G"GGG|"Em"G<BG|"Am"AAA|"D7"A<cA/2A/2|"#))
        #expect(moved.lines.contains("She [A]was a fish [F#m]monger"))

        let armenian = try #require(try Fixture.sheet("chordpro-real/example-armenian.cho").songs.first?.fields)
        #expect(armenian.name == "Ալմաստը շողում է" && armenian.author == "Almaste Shoghum E")
        #expect(armenian.chart?.lines.contains("[Bb]Ինչպես հըպարտ [C]ջեյրա[Dm]նի։") == true)
    }
}
