import Foundation
import SetlistModel
import Testing

@testable import SetlistSpreadsheet

/// The charts of issue 45 as the project's own small ChordPro files (Fixtures/chordpro-charts,
/// written for these tests): each case a musician reads wrong, imported as `import-songs` does
/// and shown as every reader shows it.
@Suite struct ChartFixtureTests {
    /// The song of one fixture, read as `import-songs` reads it with the band's `notation`.
    static func song(_ name: String, notation: KeyNotation = .english, given: KeyNotation? = nil) throws -> (SongFields, SongSheet) {
        let sheet = try Fixture.sheet("chordpro-charts/" + name, options: .init(notation: notation, given: given))
        #expect(sheet.problems.isEmpty, "\(sheet.problems)")
        return (try #require(sheet.songs.first?.fields), sheet)
    }

    /// The chords of a chart, in order.
    static func chords(_ chart: Chart) -> [String] {
        ChartLine.lines(of: chart).flatMap { line -> [String] in
            guard case .lyrics(let segments) = line else { return [] }
            return segments.compactMap(\.chord)
        }
    }

    static func key(_ text: String) -> MusicalKey? { MusicalKey(parsing: text) }

    /// Most real files carry no {key}: the song's key is the chart's, else its chords tell it,
    /// said once; and a copy in another key moves it.
    @Test func aChartWithoutAKeyTakesTheSongsOrItsChords() throws {
        let (fields, sheet) = try Self.song("no-key.cho")
        #expect(fields.key == nil && fields.chart?.key == nil, "the file says no key")
        // Imported anew: read from its chords, and said.
        var library = Library()
        let report = try SongImport.apply([sheet], to: &library, options: .init())
        #expect(library.songs[0].fields.chart?.key == Self.key("D major"))
        #expect(report.inferredKeys == [.init(song: "Road Without a Key", key: try #require(Self.key("D major")))])
        #expect(report.lines(dryRun: false, update: false).contains { $0.contains("read as D major from its chords") })
        // Over a song the repertoire has in D with --update: the song's key, nothing inferred.
        var keyed = Library()
        keyed.addSong(SongFields(name: "Road Without a Key", author: "Test Band", key: Self.key("D major")))
        let updated = try SongImport.apply([sheet], to: &keyed, options: .init(update: true, playlist: "Gig"))
        #expect(updated.inferredKeys.isEmpty && keyed.songs[0].fields.chart?.key == Self.key("D major"))
        // The copy in F shows the chart in F, not D chords under "Key F major".
        _ = try keyed.transpose("1", in: "Gig", .to(try #require(Self.key("F major"))), alsoOriginal: false)
        let copy = keyed.playlists[0].copies[0].fields
        #expect(Self.chords(try #require(ShownChart(copy, notation: .english)).chart).prefix(4) == ["F", "Bb", "C", "F"])
    }

    /// A Czech chart (Ami, Hmi, Fis, Es, H7, B for B♭) in an English-notation library: read as
    /// German, kept as written, moved right, and shown to each reader in their notation.
    @Test func czechChordsAreReadInGermanNotation() throws {
        let (fields, sheet) = try Self.song("czech-notation.cho")
        let chart = try #require(fields.chart)
        #expect(chart.notation == .german && fields.key == Self.key("A minor"))
        #expect(sheet.warnings.contains { $0.contains("read in german notation (Ami, line 5)") }, "\(sheet.warnings)")
        #expect(chart.lines[3] == "[Ami]dnes je [H7]den a [Es]zítra [B]bez.", "kept as written")
        // Unmoved, a German reader sees it as written (Cis stays Cis, Gism stays Gism), an English one in English names.
        #expect(chart.shown(in: fields.key, notation: .german).lines == chart.lines)
        #expect(Self.chords(chart.shown(in: fields.key, notation: .english)).suffix(6) == ["Am", "B7", "Eb", "Bb", "C#", "G#m"])
        // A copy in B minor.
        let moved = chart.shown(in: Self.key("B minor"), notation: .english)
        #expect(
            Self.chords(moved) == ["Bm", "Em", "A7", "D", "F#", "Bm", "G", "C#m7/B", "F#", "Bm", "C#7", "F", "C", "D#", "A#m"])
        #expect(Self.chords(chart.shown(in: Self.key("B minor"), notation: .german)).prefix(2) == ["Hmi", "Emi"])
        // In a German-notation library the same.
        let (german, _) = try Self.song("czech-notation.cho", notation: .german)
        #expect(german.chart == chart)
    }

    /// An English file's Bm read in a German-notation library: B minor, as its chords fit G
    /// major; its copy in A shows C♯m, not Cm.
    @Test func anEnglishBmIsBMinorInAGermanLibrary() throws {
        let (fields, _) = try Self.song("english-b-minor.cho", notation: .german)
        let chart = try #require(fields.chart)
        #expect(chart.notation == .english)
        let settled = chart.settled(forSongIn: nil)
        #expect(settled.inferred == Self.key("G major"))
        #expect(Self.chords(settled.chart.shown(in: Self.key("A major"))) == ["A", "E", "F#m", "C#m", "D", "A", "E"])
        #expect(Self.chords(settled.chart.shown(in: Self.key("A major"), notation: .german))[3] == "C#m")
        // --notation says otherwise.
        let (given, _) = try Self.song("english-b-minor.cho", given: .german)
        #expect(given.chart?.notation == .german)
    }

    @Test func aFileMixingBothNotationsIsReported() throws {
        let (fields, sheet) = try Self.song("mixed-notation.cho")
        #expect(fields.chart?.notation == .german)
        #expect(
            sheet.warnings.contains {
                $0.contains("mixes German chord names (H7, line 4) with English ones (Bb, line 5)")
            }, "\(sheet.warnings)")
    }

    /// Secondary dominants keep their raised thirds: D/F# in F moved to G is E/G#, A/C# is B/D#.
    @Test func secondaryDominantsAreSpelledByWhatTheyDo() throws {
        let (fields, _) = try Self.song("secondary-dominants.cho")
        let chart = try #require(fields.chart)
        #expect(
            Self.chords(chart.shown(in: Self.key("G major"))) == [
                "G", "E/G#", "Am", "D#dim7", "Em", "F#/A#", "Bm", "B/D#", "Em", "B/A#", "E/D#", "Am7", "D7",
            ])
        #expect(Self.chords(chart.shown(in: Self.key("Eb major")))[1] == "C/E")
    }

    /// {gc} and {comment_guitar} are comments; {transpose: N} moves the chords after it and says
    /// the key there; chords in a comment move.
    @Test func directivesRealFilesUse() throws {
        let (fields, _) = try Self.song("directives.cho")
        let chart = try #require(fields.chart).shown(in: fields.key)
        let comments = ChartLine.lines(of: chart).compactMap { $0.commentText(notation: .english) }
        #expect(
            comments == [
                "Capo 3 to play along with the record", "Intro [C] [G]", "Transition to key of D:", "Key: D major", "instrumental x2",
                "Key: C major",
            ])
        #expect(Self.chords(chart) == ["C", "Am", "F", "G", "D", "Bm", "G", "A", "C", "G"])
        let inE = try #require(fields.chart).shown(in: Self.key("E major"))
        #expect(Self.chords(inE) == ["E", "C#m", "A", "B", "F#", "D#m", "B", "C#", "E", "B"])
        #expect(ChartLine.lines(of: inE).compactMap { $0.commentText(notation: .english) }[1] == "Intro [E] [B]")
    }

    /// Chord groups and marked chords move chord by chord, their marks kept; madd9 and its kin
    /// are chords.
    @Test func chordGroupsAndMarksMove() throws {
        let (fields, _) = try Self.song("chord-groups.cho")
        #expect(
            fields.chart?.shown(in: Self.key("E major")).lines == [
                "[E-Esus]Hanging [Esus-E-Bsus]on a [E*]little [(A)]while",
                "[F#madd9]then [Bmadd9]some [Dmadd11]more [Dmadd2]colour",
            ])
    }

    /// {capo} stays with the chart: the song sounds two frets up, the chart keeps its shapes,
    /// a copy a tone up shows the shapes a tone up, and the file written back says the capo.
    @Test func aCapoStaysWithTheChart() throws {
        let (fields, _) = try Self.song("capo.cho")
        #expect(fields.key == Self.key("A major") && fields.chart?.key == Self.key("G major") && fields.chart?.capo == 2)
        let shown = try #require(ShownChart(fields, notation: .english))
        #expect(shown.capo == 2 && shown.key == Self.key("G major") && Self.chords(shown.chart) == ["G", "Em", "C", "D"])
        #expect(shown.capoText { $0.spelled(in: .english) } == "Capo 2: G major shapes")
        var copy = fields
        copy.key = Self.key("B major")
        #expect(Self.chords(try #require(ShownChart(copy, notation: .english)).chart) == ["A", "F#m", "D", "E"])
        #expect(Self.chords(try #require(ShownChart(copy, notation: .english, capo: 0)).chart) == ["B", "G#m", "E", "F#"], "as they sound")
        let file = ChordProFile.text(of: fields)
        #expect(file.contains("{key: G}\n{capo: 2}\n"), "\(file)")
        let back = try ChordPro.read(file, file: "back.cho", withLyrics: false)
        #expect(back.songs.first?.fields == fields, "the round trip is exact")
    }

    /// A file naming its notation is read so, and written back so: exact both ways.
    @Test func aGermanFileSaysSoAndTravelsBackExactly() throws {
        let (fields, _) = try Self.song("german-marked.cho")
        #expect(fields.key == Self.key("Bb major") && fields.chart?.notation == .german)
        #expect(Self.chords(try #require(fields.chart).shown(in: fields.key)) == ["Bb", "Eb", "F7"])
        let file = ChordProFile.text(of: fields)
        #expect(file.contains("{meta: notation german}\n{key: B}\n") && file.contains("[B]Nur ein [Es]Lied in [F7]B"), "\(file)")
        for band in KeyNotation.allCases {
            #expect(try ChordPro.read(file, file: "back.cho", withLyrics: false, notation: band).songs.first?.fields == fields)
        }
        // An English chart from a German-notation library goes out in English, and back the same.
        let (english, _) = try Self.song("english-b-minor.cho", notation: .german)
        let out = ChordProFile.text(of: english)
        #expect(!out.contains("notation") && out.contains("[Bm]water"))
        #expect(try ChordPro.read(out, file: "back.cho", withLyrics: false, notation: .german).songs.first?.fields.chart == english.chart)
    }

    /// Chords written over the lyrics inside a .cho become inline chords, said once.
    @Test func chordsOverLyricsBecomeInlineChords() throws {
        let (fields, sheet) = try Self.song("chords-over-lyrics.cho")
        #expect(
            fields.chart?.lines == [
                "[G]Words under [C]chords as [D]sites write them", "[Em]Short [C]line", "[G]     [D]     [G]",
            ])
        #expect(sheet.warnings.contains { $0.contains("3 lines of chords over the lyrics became chords in the lyrics") })
        #expect(Self.chords(try #require(fields.chart).shown(in: Self.key("A major"))) == ["A", "D", "E", "F#m", "D", "A", "E", "A"])
    }

    /// Sharps and flats as syllables, which ChordPro reads in its default notation (Dutch
    /// charts): read and moved in an English-notation library, kept as written unmoved.
    @Test func dutchNamesAreReadInEnglishNotation() throws {
        let (fields, _) = try Self.song("dutch-names.cho")
        let chart = try #require(fields.chart)
        #expect(chart.notation == .english && chart.shown(in: fields.key).lines == chart.lines)
        #expect(Self.chords(chart.shown(in: Self.key("E major"))) == ["E", "G#", "C", "F", "Bb", "D#"])
    }
}
