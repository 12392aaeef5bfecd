import Foundation
import SetlistModel
import Testing

@testable import SetlistSpreadsheet

/// The same song twice in one import (issue 45): a setlist's song played in two sets, in two
/// keys, is one original and two copies, each with its row's values; a second version of a
/// song in a ChordPro folder is reported by file, or with `--duplicate` added as a song.
@Suite struct RepeatedSongTests {
    static func csv(_ text: String) throws -> SongSheet {
        try SongFiles.read(Data(text.utf8), name: "gig.csv", options: .init())
    }

    static func chordPro(_ name: String, _ lines: [String]) throws -> SongSheet {
        try SongFiles.read(Data(lines.joined(separator: "\n").utf8), name: name, options: .init())
    }

    @Test func aSongInTwoRowsIsOneOriginalAndACopyPerRowWithItsValues() throws {
        var library = Library()
        library.addSong(SongFields(name: "Creep", author: "Radiohead", length: 238, key: MusicalKey(parsing: "G"), bpm: 92))
        let sheet = try Self.csv(
            """
            Set,Title,Author,Length,Key,BPM
            Set 1,Wonderwall,Oasis,4:18,F#m,87
            Set 1,Creep,Radiohead,,A,
            Set 2,Wonderwall,Oasis,4:30,G#m,90
            Set 2,Creep,Radiohead,,,
            """)
        let report = try SongImport.apply([sheet], to: &library, options: .init(playlist: "Gig"))
        #expect(library.songs.map(\.name) == ["Creep", "Wonderwall"], "one original each")
        #expect(library.songs[1].fields.key == MusicalKey(parsing: "F#m") && library.songs[1].fields.length == 258)
        #expect(library.songs[0].fields.key == MusicalKey(parsing: "G"), "the repertoire's song is left as it is")
        let copies = library.playlists[0].copies
        #expect(copies.map(\.name) == ["Wonderwall", "Creep", "Wonderwall", "Creep"])
        #expect(copies.map(\.fields.key) == ["F#m", "A", "G#m", "G"].map { MusicalKey(parsing: $0) })
        #expect(copies.map(\.fields.length) == [258, 238, 270, 238])
        #expect(copies.map(\.fields.bpm) == [87, 92, 90, 92])
        #expect(copies[0].originalID == copies[2].originalID && copies[1].originalID == library.songs[0].id)
        let lines = report.lines(dryRun: false, update: false)
        #expect(
            lines.contains(
                "= Wonderwall — Oasis (gig.csv, line 4): the same song as gig.csv, line 2, one song in the repertoire; a copy of its own in 'Gig', with this row's key, tempo and length"
            ), "\(lines)")
        #expect(!lines.contains { $0.contains("Wonderwall") && $0.contains("already in the repertoire") }, "\(lines)")
        #expect(report.added == 1 && report.matched == 1)
        #expect(report.playlist?.copied == 4)
    }

    /// `--update` takes the first row's values into the original, not the last one's.
    @Test func updateTakesTheFirstRowOfASong() throws {
        var library = Library()
        library.addSong(SongFields(name: "Creep", author: "Radiohead", key: MusicalKey(parsing: "G")))
        let sheet = try Self.csv("Title,Author,Key\nCreep,Radiohead,A\nCreep,Radiohead,B\n")
        let report = try SongImport.apply([sheet], to: &library, options: .init(update: true))
        #expect(library.songs.count == 1 && library.songs[0].fields.key == MusicalKey(parsing: "A"))
        #expect(report.updated == 1)
    }

    @Test func aSecondVersionWithAnotherChartIsReportedByFileOrAddedWithDuplicate() throws {
        let first = try Self.chordPro("Songbook/wonderwall.cho", ["{title: Wonderwall}", "{artist: Oasis}", "[Em7]Today is [G]gonna be"])
        let second = try Self.chordPro(
            "Songbook/wonderwall-capo2.cho", ["{title: Wonderwall}", "{artist: Oasis}", "{capo: 2}", "[Em]Today is [G]gonna be the day"])
        let same = try Self.chordPro(
            "Songbook/wonderwall-copy.cho", ["{title: Wonderwall}", "{artist: Oasis}", "[Em7]Today is [G]gonna be"])
        var library = Library()
        let report = try SongImport.apply([first, second, same], to: &library, options: .init())
        #expect(library.songs.count == 1)
        #expect(library.songs[0].fields.chart?.lines.last == "[Em7]Today is [G]gonna be", "the first is the song")
        let lines = report.lines(dryRun: false, update: false)
        #expect(
            lines.contains(
                "! Wonderwall — Oasis (Songbook/wonderwall-capo2.cho): another version, with another chart; the song is the one of Songbook/wonderwall.cho, so this one was not imported (`--duplicate` adds it as a song of its own)"
            ), "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("= Wonderwall — Oasis (Songbook/wonderwall-copy.cho): the same song as Songbook/wonderwall.cho") }
        )
        #expect(lines.last == "Added 1 song; 1 other version of a song not imported (--duplicate adds them).", "\(lines)")

        var both = Library()
        let duplicated = try SongImport.apply([first, second, same], to: &both, options: .init(duplicate: true))
        #expect(both.songs.map(\.name) == ["Wonderwall", "Wonderwall"])
        #expect(both.songs[1].fields.chart?.lines.last == "[Em]Today is [G]gonna be the day")
        #expect(duplicated.added == 2 && duplicated.otherVersions == 0)
    }
}
