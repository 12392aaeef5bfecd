import Foundation
import SetlistModel
import TestLevels
import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo

/// Checks every layout with the PDF tools: valid structure, embedded fonts, metadata, text in order.
@Suite(.tags(.externalTools), .needs("pdfinfo", "pdftotext", "qpdf", "pdffonts")) struct RenderTests {
    static let playlists = [Fixtures.concert, Fixtures.empty, Fixtures.generated(40), Fixtures.hostile]

    @Test(arguments: PDFStyle.allCases, playlists)
    func everyLayoutIsAValidPDFWithEmbeddedFonts(style: PDFStyle, playlist: Playlist) throws {
        let pdf = try RenderedPDF(playlist, style: style)
        defer { pdf.remove() }
        #expect(pdf.data.starts(with: Data("%PDF-".utf8)))
        _ = try pdf.run("qpdf", ["--check"])
        let fonts = try pdf.run("pdffonts", []).split(separator: "\n").dropFirst(2)
        #expect(!fonts.isEmpty)
        for font in fonts {
            let columns = font.split(separator: " ")
            #expect(columns.count >= 6 && columns[columns.count - 5] == "yes", "not embedded: \(font)")
        }
        let info = try pdf.info()
        #expect(info["Title"] == playlist.name)
        #expect(info["Creator"] == "setlist 0.1.0")
        #expect(info["Page size"]?.hasPrefix("595.276 x 841.89") == true)
        #expect(info["Subject"]?.contains(style.subject) == true)
    }

    /// Keys print in the band's notation in the long and the stage version.
    @Test(arguments: [PDFStyle.long, .stage])
    func keysPrintInTheBandsNotation(style: PDFStyle) throws {
        let german = try RenderedPDF(Fixtures.concert, style: style, notation: .german)
        defer { german.remove() }
        let text = try german.text()
        for key in ["A dur", "Fis dur", "g moll", "h moll", "B dur"] { #expect(text.contains(key), "\(key) in \(style)") }
        let english = try RenderedPDF(Fixtures.concert, style: style)
        defer { english.remove() }
        let englishText = try english.text()
        for key in ["F♯ major", "G minor", "B minor", "B♭ major"] { #expect(englishText.contains(key), "\(key) in \(style)") }
    }

    @Test func metadataCarriesTheCreationDateAndLetterPaperHasItsSize() throws {
        let pdf = try RenderedPDF(Fixtures.concert, style: .short, paper: .letter)
        defer { pdf.remove() }
        let info = try pdf.info()
        #expect(info["Page size"]?.hasPrefix("612 x 792") == true)
        #expect(info["CreationDate"]?.contains("Feb 15 19:30:00 2010") == true)
    }

    @Test func theSameInputGivesTheSameBytesAndTheDateIsWhatDiffers() throws {
        for style in PDFStyle.allCases {
            let first = try PDFRenderer.render(Fixtures.concert, style: style, paper: .a4, date: Fixtures.date)
            let second = try PDFRenderer.render(Fixtures.concert, style: style, paper: .a4, date: Fixtures.date)
            #expect(first == second, "\(style) differs between two renders")
            let later = try PDFRenderer.render(Fixtures.concert, style: style, paper: .a4, date: Fixtures.date + 86_400)
            #expect(later != first)
        }
    }

    @Test func rendersFromManyThreadsAtOnceGiveTheSameBytes() async throws {
        let expected = try PDFRenderer.render(Fixtures.concert, style: .long, paper: .a4, date: Fixtures.date)
        let results = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<8 {
                group.addTask { try PDFRenderer.render(Fixtures.concert, style: .long, paper: .a4, date: Fixtures.date) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test func longVersionListsEverySongInOrderWithItsDetailsAndFooters() throws {
        let pdf = try RenderedPDF(Fixtures.concert, style: .long)
        defer { pdf.remove() }
        let text = try pdf.text()
        let names = Fixtures.concert.copies.map(\.name)
        let positions = names.map { text.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "missing a song in \(text)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        for expected in [
            "8 songs in 3 sets", "total 40:30", "AC/DC", "3:28", "A major", "116 BPM", "F♯ major",
            "Set 2", "Encore", "Druhou sloku zpívá Jitka", "Page 1 of 1", "Koncert v Praze 15.2.2010",
        ] {
            #expect(text.contains(expected), "missing '\(expected)'")
        }
        #expect(
            try pdf.outlineTitles() == [
                "1. Highway to Hell", "2. Příliš žluťoučký kůň", "3. Smoke on the Water", "4. Jožin z bažin",
                "Set 2", "5. Hotel California", "6. Bohemian Rhapsody", "7. Zvonky štěstí",
                "Encore", "8. Stairway to Heaven",
            ])
    }

    @Test func longVersionOfManySongsNumbersEveryPage() throws {
        let playlist = Fixtures.generated(120)
        let pdf = try RenderedPDF(playlist, style: .long)
        defer { pdf.remove() }
        let pages = try pdf.pageCount
        #expect(pages > 5)
        for page in [1, pages / 2, pages] {
            let text = try pdf.text(page: page)
            #expect(text.contains("Page \(page) of \(pages)"))
            #expect(text.contains("Generated 120"))
        }
        #expect(try pdf.outlineTitles().filter { $0.contains(". Generated") }.count == 120)
        #expect(try pdf.text(page: pages).contains("120.  Generated 120") || pdf.text(page: pages).contains("120. Generated 120"))
    }

    @Test func shortVersionFitsThirtySongsOnOnePageAndPaginatesBeyond() throws {
        let thirty = try RenderedPDF(Fixtures.generated(30), style: .short)
        defer { thirty.remove() }
        #expect(try thirty.pageCount == 1)
        let text = try thirty.text()
        #expect(text.contains("30 songs in 3 sets"))
        #expect(text.contains("Generated 30") && text.contains("Author 0"))
        #expect(!text.contains("Page 1"))
        #expect(!text.contains("Note 2"), "the short version has no notes")

        let many = try RenderedPDF(Fixtures.generated(100), style: .short)
        defer { many.remove() }
        let pages = try many.pageCount
        #expect(pages >= 2)
        #expect(try many.text(page: pages).contains("Page \(pages) of \(pages)"))
        #expect(try many.text(page: pages).contains("Generated 100"))
    }

    @Test func stageVersionFitsAShortSetlistOnOnePage() throws {
        for count in [3, 10, 15] {
            let pdf = try RenderedPDF(Fixtures.generated(count), style: .stage)
            defer { pdf.remove() }
            #expect(try pdf.pageCount == 1, "\(count) songs")
            let text = try pdf.text()
            #expect(text.contains("Generated \(count)"))
            #expect(!text.contains("Author"), "the stage version has titles only")
        }
    }

    @Test(arguments: PDFStyle.allCases)
    func emptyPlaylistIsOnePageSayingSo(style: PDFStyle) throws {
        let pdf = try RenderedPDF(Fixtures.empty, style: style)
        defer { pdf.remove() }
        #expect(try pdf.pageCount == 1)
        #expect(try pdf.text().contains("no songs yet"))
    }
}
