import Foundation
import SetlistModel
import TestLevels
import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo

/// The layout rules: nothing past the page edge, headers kept with their notes, fallback fonts.
/// The stage version's sizes and pages are in StageLayoutTests.
@Suite(.tags(.externalTools), .needs("pdfinfo", "pdftotext", "qpdf")) struct LayoutTests {
    @Test(arguments: PDFStyle.allCases)
    func hostileTextStaysInsideThePage(style: PDFStyle) throws {
        let pdf = try RenderedPDF(Fixtures.hostile, style: style)
        defer { pdf.remove() }
        _ = try pdf.run("qpdf", ["--check"])
        let boxes = try pdf.wordBoxes()
        #expect(boxes.pageWidth > 500)
        #expect(!boxes.rightEdges.isEmpty)
        let frame = PageFrame(paper: .a4)
        #expect(boxes.rightEdges.allSatisfy { $0 <= frame.right + 1 }, "a word runs past the right margin")
        #expect(boxes.leftEdges.allSatisfy { $0 >= frame.left - 1 }, "a word starts left of the margin")
        if style == .long {
            let pages = try pdf.pageCount
            #expect(pages >= 10, "the huge notes continue over many pages")
            #expect(try pdf.text(page: pages).contains("Page \(pages) of \(pages)"))
        }
    }

    @Test func everyScriptAndEmojiFindsAGlyph() throws {
        try withTypesetter { typesetter in
            for text in [
                "Příliš žluťoučký kůň úpěl ďábelské ódy", "Zażółć gęślą jaźń", "Ελληνικά Русский",
                "שלום עולם", "مرحبا بالعالم", "🎸🥁🎤🤘", "F♯ minor B♭ major",
            ] {
                let box = typesetter.box(text, font: Font(size: 12), width: 400)
                #expect(box.unknownGlyphCount == 0, "no glyph for some of '\(text)'")
            }
        }
    }

    @Test func unbrokenWordsWrapWithinTheWidth() throws {
        try withTypesetter { typesetter in
            let box = typesetter.box(String(repeating: "Nerozdělitelné", count: 40), font: Font(size: 12, bold: true), width: 300)
            #expect(box.lines.count > 5)
            #expect(box.width <= 300.5)
        }
    }

    /// No page ends with a row that must stay with the next one, unless the chain fills the page.
    @Test(arguments: PDFStyle.allCases)
    func headersStayWithTheStartOfTheirNotes(style: PDFStyle) throws {
        try withTypesetter { typesetter in
            let frame = PageFrame(paper: .a4)
            let playlist = Fixtures.generated(200, notesEvery: 1)
            let document =
                switch style {
                case .long: LongLayout(playlist: playlist, frame: frame, typesetter: typesetter).build()
                case .short: ShortLayout(playlist: playlist, frame: frame, typesetter: typesetter).build()
                case .stage: StageLayout(playlist: playlist, frame: frame, typesetter: typesetter).build()
                case .songbook: SongbookLayout(playlist: playlist, frame: frame, typesetter: typesetter).build()
                }
            let pages = document.paginate(top: frame.top, bottom: frame.bottom)
            #expect(pages.count > (style == .long ? 10 : 3))
            #expect(
                pages.flatMap { $0 }.filter { !$0.isContinuation }.map(\.row) == Array(document.rows.indices), "every row once, in order")
            // A page's continuation (its song's title) comes first, only above a song's later row.
            for page in pages {
                for (offset, placed) in page.enumerated() where placed.isContinuation {
                    #expect(offset == 0 && page.count > 1 && page[1].row == placed.row && document.rows[placed.row].continuation != nil)
                }
            }
            for page in pages.dropLast() {
                let last = try #require(page.last)
                #expect(!document.rows[last.row].keepWithNext, "page ends with a row that belongs to the next")
                #expect(last.y + document.rows[last.row].height <= frame.bottom + 0.01)
            }
        }
    }

    @Test func aChainTallerThanAPageIsSplitRatherThanLost() throws {
        try withTypesetter { typesetter in
            let box = typesetter.box(String(repeating: "word ", count: 4000), font: Font(size: 10), width: 400)
            var document = FlowDocument()
            document.append(Row.lines(of: box, x: 50, keepTogether: true))
            let pages = document.paginate(top: 50, bottom: 770)
            #expect(pages.count > 1)
            #expect(pages.map(\.count).reduce(0, +) == box.lines.count)
        }
    }
}
