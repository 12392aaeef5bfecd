import Foundation
import SetlistModel
import TestLevels
import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo

/// The songbook and the setlists printed for a member's part (``Part``), read back with poppler
/// and checked with qpdf.
@Suite(.tags(.externalTools), .needs("pdftotext", "pdftohtml", "qpdf")) struct PartPDFTests {
    /// A song that sounds in C major, its chart written in C: a verse, a chorus, a line of chords.
    static let playlist = Playlist(
        name: "Parts",
        items: [
            Fixtures.song(
                "Hey", "The Band", key: "C", bpm: 100,
                chart: [
                    "[C]Hello my [F]friend, [G7]how are [Am]you", "{start_of_chorus}", "[F]Sing it [C/E]loud, [Bb]sing it [G/B]strong",
                    "{end_of_chorus}", "[C] [F] [G]",
                ])
        ])

    static func songbook(_ part: Part) throws -> RenderedPDF {
        let pdf = try RenderedPDF(playlist, style: .songbook, reader: PDFReader(part: part, member: Contact(name: "Jana", email: "j@x.cz")))
        _ = try pdf.run("qpdf", ["--check"])
        return pdf
    }

    /// The chord over the first `word` of the chart: on the line above, starting where it does.
    static func chord(over word: String, in words: [SongbookTests.Word]) -> String? {
        guard let box = words.first(where: { $0.text == word }) else { return nil }
        return words.first { $0.page == box.page && $0.yMin < box.yMin && box.yMin - $0.yMin < 20 && abs($0.xMin - box.xMin) < 0.6 }?
            .text
    }

    /// The lyric words the chart's chords stand over.
    static let syllables = ["Hello", "friend,", "how", "you", "Sing", "loud,", "sing", "strong"]

    @Test func theEFlatPartReadsInAMajorOverItsSyllables() throws {
        let pdf = try Self.songbook(.transposing(.eFlat))
        defer { pdf.remove() }
        let text = try pdf.text()
        #expect(text.contains("E♭ part · written in A major · sounds C major"), "\(text)")
        #expect(text.contains("E♭ part · Jana"))
        let words = try SongbookTests.words(pdf)
        let chords = ["A", "D", "E7", "F#m", "D", "A/C#", "G", "E/G#"]
        #expect(Self.syllables.map { Self.chord(over: $0, in: words) } == chords)
    }

    @Test func theNumbersPartHasNumbersWhereTheChordsWere() throws {
        let pdf = try Self.songbook(.numbers)
        defer { pdf.remove() }
        let text = try pdf.text()
        #expect(text.contains("Numbers · 1 is C major"))
        let words = try SongbookTests.words(pdf)
        #expect(Self.syllables.map { Self.chord(over: $0, in: words) } == ["1", "4", "5⁷", "6m", "4", "1/3", "♭7", "5/7"])
        #expect(words.contains { $0.text == "5" }, "the line of chords alone")
    }

    @Test func theLyricsPartHasLargerWordsAndNoChords() throws {
        let lyrics = try Self.songbook(.lyrics), concert = try Self.songbook(.concert)
        defer { lyrics.remove() }
        defer { concert.remove() }
        let words = try SongbookTests.words(lyrics)
        #expect(Self.syllables.allSatisfy { Self.chord(over: $0, in: words) == nil }, "\(words.map(\.text))")
        #expect(!words.contains { ["F", "G", "G7", "Am"].contains($0.text) }, "not even the line of chords alone")
        let text = try lyrics.text()
        #expect(text.contains("Lyrics · C major") && text.contains("CHORUS") && text.contains("Sing it loud, sing it strong"))
        func size(_ pdf: RenderedPDF) throws -> Double { try #require(pdf.textItems().first { $0.text.contains("Hello") }).size }
        #expect(try size(lyrics) > size(concert) + 2)
    }

    @Test func aCapoPartReadsTheShapes() throws {
        let pdf = try Self.songbook(.capo(5))
        defer { pdf.remove() }
        #expect(try pdf.text().contains("Capo 5 · G major shapes · sounds C major"))
        let words = try SongbookTests.words(pdf)
        #expect(Self.syllables.map { Self.chord(over: $0, in: words) } == ["G", "C", "D7", "Em", "C", "G/B", "F", "D/F#"])
    }

    /// The long, short and stage setlists show the keys the part reads, and every page says whose.
    @Test(arguments: [PDFStyle.long, .stage])
    func theSetlistsShowTheWrittenKeys(style: PDFStyle) throws {
        let pdf = try RenderedPDF(Self.playlist, style: style, reader: PDFReader(part: .transposing(.bFlat)))
        defer { pdf.remove() }
        _ = try pdf.run("qpdf", ["--check"])
        let text = try pdf.text()
        #expect(text.contains("D major") && !text.contains("C major"), "\(text)")
    }
}
