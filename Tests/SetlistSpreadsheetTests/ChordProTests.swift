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

    @Test func aFolderWithoutChordProFilesIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: SpreadsheetError.self) { try SongFiles.read([("songs", folder)], options: .init()) }
    }
}
