import Foundation
import SetlistModel
import Testing

@testable import SetlistAppFormats

func readFixture(_ name: String, as file: String? = nil) throws -> AppLibrary {
    try #require(try AppFormats.read(try Fixture.bytes(name), name: file ?? name, notation: .english))
}

@Suite struct OpenLyricsReaderTests {
    @Test func version08WithChordNamesAuthorsByTypeAndATransposition() throws {
        let library = try readFixture("openlyrics/amazing-grace-0.8.xml")
        #expect(library.format == .openLyrics)
        let song = try #require(library.songs.first).fields
        #expect(song.name == "Amazing Grace")
        #expect(song.author == "John Newton, Traditional") // not the translator
        #expect(song.bpm == 72)
        // The verse order and songbooks, which a song has no field for, are kept in its notes.
        #expect(song.notes == "Slow first verse\nOrder: Verse 1, Chorus, Verse 2, Chorus\nSongbook: Hymns 12")
        #expect(song.chart?.key?.description == "G major")
        #expect(song.key?.description == "A major") // <transposition>2</transposition>
        #expect(
            song.chart?.lines == [
                "[G]Amazing grace how [C]sweet the [G]sound", "That saved a wretch like [D7]me", "", "{comment: Chorus}",
                "I once was [G/B]lost", "but now am found", "", "'Twas grace that taught my heart to fear",
            ])
    }

    @Test func version09ChordsThatWrapTheirSyllableAndInstrumentalParts() throws {
        let song = try #require(try readFixture("openlyrics/wrapping-chords-0.9.xml").songs.first).fields
        #expect(song.author == "Jana Nováková, Band")
        #expect(song.key?.description == "F# minor")
        #expect(song.bpm == nil) // "Moderate" is no tempo
        #expect(
            song.chart?.lines == [
                "{time: 6/8}", "{comment: Intro 1}", "[F#m] [Dmaj7]", "", "[F#m7/E]First line [Asus4]here", "second", "softly", "",
                "{comment: Verse 1}",
                "again",
            ])
    }

    @Test func aMissingNamespaceAByteOrderMarkAndRightToLeftText() throws {
        let song = try #require(try readFixture("openlyrics/no-namespace-rtl.xml").songs.first).fields
        #expect(song.name == "שלום")
        #expect(song.key?.description == "A minor")
        #expect(song.chart?.lines == ["[Am]שלום עליכם"])
    }

    @Test func aDeclaredWindows1250Encoding() throws {
        let song = try #require(try readFixture("openlyrics/windows-1250.xml").songs.first).fields
        #expect(song.name == "Žluťoučký kůň" && song.author == "Jiří Vymyšlený")
        #expect(song.chart?.lines == ["Příliš [C]žluťoučký kůň"])
    }
}

@Suite struct OpenSongReaderTests {
    @Test func aSongWithoutExtensionOrDeclaration() throws {
        let library = try readFixture("opensong/Amazing Grace", as: "Songs/Amazing Grace")
        #expect(library.format == .openSong)
        let song = try #require(library.songs.first)
        #expect(song.fields.name == "Amazing Grace" && song.fields.author == "John Newton")
        #expect(song.fields.key?.description == "G major")
        #expect(song.fields.bpm == nil) // "Moderate"
        // OpenSong writes the chords as they sound, beside the capo; the chart keeps the shapes.
        #expect(song.fields.chart?.capo == 2 && song.fields.chart?.key?.description == "F major")
        #expect(song.fields.chart?.lines.contains("[F]Amazing grace [Bb]how sweet the [F]sound") == true)
        #expect(song.fields.notes == "Order: Verse 1, Chorus, Verse 2")
        // Under [V], the lines numbered 1 are verse 1 and those numbered 2 verse 2, each under
        // the chords of the chord line over them, as OpenSong shows them.
        #expect(
            song.fields.chart?.reshaped(forCapo: nil)?.lines == [
                "{time: 3/4}", "{meta: ccli 22025}",
                "{comment: Verse 1}",
                "[G]Amazing grace [C]how sweet the [G]sound",
                "# sing gently",
                "[G]That saved a wretch [D]like me",
                "",
                "{comment: Verse 2}",
                "[G]'Twas grace th[C]at taught my h[G]eart to fear",
                "",
                "{comment: Chorus}",
                "I once was [G]lost, [C]but now am found",
                "[C]Was blind",
            ])
    }

    @Test func aSetNamesItsSongsAndLeavesOutScriptureAndCustomSlides() throws {
        let library = try readFixture("opensong/Sunday", as: "Sets/Sunday")
        #expect(library.format == .openSongSet)
        #expect(
            library.sets == [
                AppSet(name: "Sunday Morning", entries: [.init(song: .titled("Amazing Grace")), .init(song: .titled("Not Here"))])
            ])
        #expect(
            library.leftOut == [
                "Sets/Sunday, line 5: scripture slide 'John 3:16': not a song", "Sets/Sunday, line 6: custom slide 'Welcome': not a song",
            ])
    }
}

@Suite struct OnSongReaderTests {
    @Test func headerSectionsBeatDotsAndFormatPrefixes() throws {
        let library = try readFixture("onsong/amazing.onsong")
        let song = try #require(library.songs.first)
        #expect(song.fields.name == "Amazing Grace" && song.fields.author == "John Newton")
        #expect(song.fields.key?.description == "G major" && song.fields.bpm == 72 && song.fields.length == 245)
        #expect(song.fields.chart?.capo == 2 && song.fields.chart?.key?.description == "F major")
        #expect(song.fields.notes == "Order: Verse 1, Chorus, Verse 2")
        #expect(
            song.fields.chart?.reshaped(forCapo: nil)?.lines == [
                "{time: 3/4}", "{comment: Verse 1}", "[G]Amazing [C]grace how [G]sweet the sound", "That saved a [D]wretch like me", "",
                "{comment: Chorus}",
                "I once was [G]lost", "but now am found",
            ])
    }

    @Test func utf16WithAByteOrderMarkAndTaggedHeader() throws {
        let text = "Title: Invented\nArtist: Nobody\nKey: Dm\n\nChorus:\n[Dm]la la\n"
        let bytes: [UInt8] = [0xFF, 0xFE] + Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let song = try #require(try AppFormats.read(bytes, name: "x.onsong", notation: .english)?.songs.first).fields
        #expect(song.name == "Invented" && song.author == "Nobody" && song.key?.description == "D minor")
        #expect(song.chart?.lines == ["{comment: Chorus}", "[Dm]la la"])
    }

    @Test func aChartInGermanNotationIsReadAsItsAuthorWroteIt() throws {
        let text = "Title: Píseň\nKey: E\nCapo: 2\n\nVerse 1:\n[E]Jdu [Fis]dál [H7]k tobě, [Cis]ach\n"
        let library = try #require(try AppFormats.read(Array(text.utf8), name: "x.onsong", notation: .english))
        let song = try #require(library.songs.first).fields
        let chart = try #require(song.chart)
        // The H and Fis tell the notation; the capo's shapes are named as the author names chords.
        #expect(chart.notation == .german && chart.capo == 2 && chart.key?.description == "D major")
        #expect(chart.lines.last == "[D]Jdu [E]dál [A7]k tobě, [H]ach")
        #expect(song.key?.description == "E major")
        #expect(library.warnings.contains { $0.contains("its chords are read in german notation") })
    }

    @Test func aTextFileIsOnSongOnlyWhenItReadsSo() throws {
        #expect(try AppFormats.read(Array("Title,Author\nA,B\n".utf8), name: "songs.txt", notation: .english) == nil)
        #expect(try AppFormats.read(Array("{title: A}\n{key: G}\n[G]x".utf8), name: "song.txt", notation: .english) == nil)
        #expect(try AppFormats.read(Array("A song\n\nChorus:\n[G]x".utf8), name: "song.txt", notation: .english)?.format == .onSong)
    }

    @Test func onSongsDatabaseBackupIsRefusedWithAdvice() {
        #expect(throws: AppFormatError.onSongBackup(file: "OnSong.backup")) {
            try AppFormats.read(Array("SQLite format 3\u{0}".utf8), name: "OnSong.backup", notation: .english)
        }
    }
}

@Suite struct OpenLPReaderTests {
    static func osj(_ song: String) throws -> [UInt8] {
        let items: [Any] = [
            ["openlp_core": ["lite-service": false, "service-theme": NSNull(), "openlp-servicefile-version": 3]],
            ["serviceitem": ["header": ["name": "bibles", "plugin": "bibles", "title": "John 3:16"], "data": []]],
            ["serviceitem": ["header": ["name": "songs", "plugin": "songs", "title": "Amazing Grace", "xml_version": song], "data": []]],
            ["serviceitem": ["header": ["name": "custom", "plugin": "custom", "title": "Notices"], "data": []]],
        ]
        return Array(try JSONSerialization.data(withJSONObject: items))
    }

    @Test func aServiceBecomesASetOfItsSongsInServiceOrder() throws {
        let song = String(decoding: try Fixture.bytes("openlyrics/amazing-grace-0.8.xml"), as: UTF8.self)
        let osz = try zipArchive([("Sunday 2024-05-05.osj", try Self.osj(song))])
        let library = try #require(try AppFormats.read(osz, name: "services/Sunday 2024-05-05.osz", notation: .english))
        #expect(library.format == .openLPService)
        #expect(library.songs.map(\.fields.name) == ["Amazing Grace"])
        #expect(library.sets == [AppSet(name: "Sunday 2024-05-05", entries: [.init(song: .index(0))])])
        #expect(
            library.leftOut == [
                "services/Sunday 2024-05-05.osz, item 1: Bible passage 'John 3:16': not a song",
                "services/Sunday 2024-05-05.osz, item 3: custom slide 'Notices': not a song",
            ])
    }

    @Test func openLP20sPickleIsRecognisedAndNeverUnpickled() throws {
        #expect(throws: AppFormatError.pickledService(file: "old.osd")) {
            try AppFormats.read([0x80, 0x02, 0x5D, 0x71, 0x00, 0x2E], name: "old.osd", notation: .english)
        }
        #expect(throws: AppFormatError.pickledService(file: "old.osd")) {
            try AppFormats.read(Array("(lp0\n(dp1\nS'x'\np2\n.".utf8), name: "old.osd", notation: .english)
        }
        let osz = try zipArchive([("service.osd", [0x80, 0x02, 0x2E])])
        #expect(throws: AppFormatError.pickledService(file: "old.osz")) { try AppFormats.read(osz, name: "old.osz", notation: .english) }
    }
}
