import Foundation
import SetlistModel
import Testing

@testable import SetlistSpreadsheet

@Suite struct SongImportTests {
    static func library() -> Library {
        var library = Library()
        library.addSong(SongFields(name: "Highway to Hell", author: "AC/DC", length: 208))
        // NFD and other case: the same song as "Žluťoučký kůň" by "Jiří Šťastný".
        library.addSong(
            SongFields(name: "ŽLUŤOUČKÝ KŮŇ".decomposedStringWithCanonicalMapping, author: "jiri stastny", key: MusicalKey(parsing: "C")))
        return library
    }

    @Test func matchingRowsAreSkippedAndTheRestAdded() throws {
        var library = Self.library()
        let sheets = [try Fixture.sheet("excel-en.csv"), try Fixture.sheet("excel-cs.csv")]
        let report = try SongImport.apply(sheets, to: &library, options: .init())
        // Highway to Hell and Žluťoučký kůň are there; "Hey, Jude" is in both files: added once,
        // and its second row is said to be the same song.
        #expect(report.added == 5 && report.matched == 2)
        #expect(report.lines(dryRun: false, update: false).contains { $0.hasPrefix("= Hey, Jude — The Beatles (excel-cs.csv, line ") })
        #expect(library.songs.count == 7)
        #expect(library.songs.filter { $0.name == "Hey, Jude" }.count == 1)
        #expect(library.songs[1].fields.key == MusicalKey(parsing: "C"))
        #expect(
            report.lines(dryRun: false, update: false).last
                == "Added 5 songs; 2 already in the repertoire (skipped; --update changes them to the file's values).")
    }

    @Test func updateChangesOnlyTheCellsTheFileFills() throws {
        var library = Self.library()
        let report = try SongImport.apply([try Fixture.sheet("excel-cs.csv")], to: &library, options: .init(update: true))
        let song = library.songs[1]
        #expect(song.fields.key == MusicalKey(parsing: "F#m") && song.fields.length == 185 && song.fields.bpm == 96)
        #expect(song.fields.name == "ŽLUŤOUČKÝ KŮŇ".decomposedStringWithCanonicalMapping) // the title stays as the band wrote it
        #expect(report.updated == 1)
        #expect(report.lines(dryRun: false, update: true).contains { $0.contains("key C major → F♯ minor") })
    }

    @Test func anyInvalidRowStopsEverythingUnlessSkipInvalid() throws {
        var library = Self.library()
        let before = library
        let sheets = [try Fixture.sheet("excel-en.csv"), try Fixture.sheet("bad-length-line-37.csv"), try Fixture.sheet("ragged-rows.csv")]
        #expect(throws: SpreadsheetError.self) { try SongImport.apply(sheets, to: &library, options: .init()) }
        #expect(library == before)
        do {
            _ = try SongImport.apply(sheets, to: &library, options: .init())
        } catch {
            #expect(error.description.contains("bad-length-line-37.csv, line 37, Length:"))
            #expect(error.description.contains("ragged-rows.csv, line 3:") && error.description.contains("ragged-rows.csv, line 5:"))
        }
        let report = try SongImport.apply(sheets, to: &library, options: .init(skipInvalid: true))
        #expect(report.added == 3 + 36 + 1) // Highway to Hell is there already, and in two of the files
        #expect(report.lines(dryRun: false, update: false).contains("  skipped line 37, Length: \(ValueError.invalidLength("3:75"))"))
    }

    @Test func toPlaylistCopiesInFileOrderWithSetBreaks() throws {
        var library = Self.library()
        let csv = "#,Set,Title,Author\n1,Set 1,Highway to Hell,AC/DC\n2,Set 1,Creep,Radiohead\n3,Encore,Wonderwall,Oasis\n"
        let sheet = try SongFiles.read(Data(csv.utf8), name: "gig.csv", options: .init())
        #expect(sheet.ignoredColumns.isEmpty)
        let report = try SongImport.apply([sheet], to: &library, options: .init(playlist: "Gig"))
        let playlist = try #require(library.playlists.first)
        #expect(playlist.name == "Gig" && library.currentPlaylistID == playlist.id)
        #expect(
            playlist.items.map { item -> String in
                switch item {
                case .song(let copy): copy.name
                case .setBreak(let label): "[\(label)]"
                }
            } == ["Highway to Hell", "Creep", "[Encore]", "Wonderwall"])
        #expect(playlist.copies[0].originalID == library.songs[0].id) // the matched original
        #expect(report.playlist?.created == true && report.playlist?.copied == 3)
    }
}

@Suite struct CSVExportTests {
    @Test func roundTripCSVToLibraryToCSV() throws {
        for (name, dialect) in [("excel-en.csv", CSVExport.Dialect.standard), ("excel-cs.csv", .excel)] {
            var library = Library()
            _ = try SongImport.apply([try Fixture.sheet(name)], to: &library, options: .init())
            let written = CSVExport.songs(library.songs, dialect: dialect)
            var again = Library()
            _ = try SongImport.apply([try SongFiles.read(written, name: "out.csv", options: .init())], to: &again, options: .init())
            #expect(again.songs.map(\.fields) == library.songs.map(\.fields))
            // And written again, byte for byte the same file.
            #expect(CSVExport.songs(again.songs, dialect: dialect) == written)
        }
    }

    @Test func excelDialectHasBOMSemicolonsAndCRLF() {
        let song = Song(
            fields: SongFields(name: "Hey; Jude", author: "=cmd", length: 431, key: MusicalKey(parsing: "F"), bpm: 74, notes: "a\nb \"c\""))
        let text = String(decoding: CSVExport.songs([song], dialect: .excel), as: UTF8.self)
        #expect(text == "\u{FEFF}Title;Author;Length;Key;BPM;Notes\r\n\"Hey; Jude\";'=cmd;7m11s;F major;74;\"a\nb \"\"c\"\"\"\r\n")
        let plain = String(decoding: CSVExport.songs([song]), as: UTF8.self)
        #expect(plain.hasPrefix("Title,Author,Length,Key,BPM,Notes\r\nHey; Jude,'=cmd,7m11s,"))
    }

    @Test func playlistRoundTripsThroughImportTo() throws {
        var library = Library()
        let a = library.addSong(SongFields(name: "A", author: "X", length: 60))
        let b = library.addSong(SongFields(name: "B", length: 90))
        library.playlists = [Playlist(name: "Gig", items: [.song(SongCopy(of: a)), .setBreak("Encore"), .song(SongCopy(of: b))])]
        let csv = CSVExport.playlist(library.playlists[0])
        #expect(
            String(decoding: csv, as: UTF8.self)
                == "#,Set,Title,Author,Length,Key,BPM,Notes\r\n1,Set 1,A,X,1m00s,,,\r\n2,Encore,B,,1m30s,,,\r\n")
        var fresh = Library()
        _ = try SongImport.apply([try SongFiles.read(csv, name: "gig.csv", options: .init())], to: &fresh, options: .init(playlist: "Gig"))
        #expect(fresh.playlists[0].items.count == 3)
        #expect(CSVExport.playlist(fresh.playlists[0]) == csv)
    }
}

@Suite struct NotationTests {
    @Test func aGermanBandsBIsBFlat() throws {
        let text = "Titel;Tonart\nEins;B\nZwei;h\n"
        let german = try CSVSongs.read(text, file: "de.csv", notation: .german)
        #expect(german.songs.map(\.fields.key) == [MusicalKey(parsing: "Bb"), MusicalKey(parsing: "Bm")])
        #expect(try CSVSongs.read(text, file: "en.csv").songs[0].fields.key == MusicalKey(parsing: "B major"))
    }
}
