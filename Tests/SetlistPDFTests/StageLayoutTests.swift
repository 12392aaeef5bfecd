import Foundation
import SetlistModel
import TestLevels
import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo

/// The stage version: titles never below the legible minimum, the fewest pages that allows, every
/// page in one size, songs split evenly, a set's heading on the page of its first song.
@Suite(.tags(.externalTools), .needs("pdfinfo", "pdftotext", "qpdf")) struct StageLayoutTests {
    let frame = PageFrame(paper: .a4)

    /// Sizes and pages at the counts of issue 14, checked in the plan and in the printed PDF.
    /// Before: 45 songs were set at 14 pt on one page, 50 at 33 pt on three pages, the last
    /// holding one song.
    @Test(arguments: [1, 20, 45, 60, 120])
    func titlesStayLegibleAndPagesBalanced(count: Int) throws {
        let playlist = Fixtures.generated(count)
        var plan = StageLayout.Plan(size: 0, pages: [])
        try withTypesetter { typesetter in
            let layout = StageLayout(playlist: playlist, frame: frame, typesetter: typesetter)
            plan = layout.plan()
            let pages = plan.pages.count
            #expect(layout.pages(size: StageLayout.minimumSize).fewestPages() == pages, "the fewest pages the minimum size allows")
            let largest = layout.largestSize(pages: pages)
            #expect(plan.size <= largest && plan.size >= largest * 0.75 - 0.5)
            if largest < StageLayout.maximumSize {
                #expect((layout.pages(size: largest + 0.5).fewestPages() ?? .max) > pages, "\(largest) + 0.5 pt still fits")
            }
        }
        #expect(plan.size >= StageLayout.minimumSize)
        #expect(plan.pages.flatMap { Array($0) } == Array(0..<count), "every song once, in order")
        let counts = plan.pages.map(\.count)
        #expect((counts.max() ?? 0) - (counts.min() ?? 0) <= 1, "pages of \(counts) songs")
        if count > 1 { #expect(!counts.contains(1), "a page with a single song: \(counts)") }

        let pdf = try RenderedPDF(playlist, style: .stage)
        defer { pdf.remove() }
        #expect(try pdf.pageCount == plan.pages.count)
        let items = try pdf.textItems()
        for (index, page) in plan.pages.enumerated() {
            let titles = items.filter { $0.page == index + 1 && $0.bold && $0.text.hasPrefix("Generated ") }
            #expect(titles.map(\.text) == page.map { "Generated \($0 + 1)" }, "page \(index + 1)")
            // pdftohtml rounds sizes to whole points.
            #expect(titles.allSatisfy { abs($0.size - plan.size) <= 0.5 }, "page \(index + 1): \(titles.map(\.size)) for \(plan.size) pt")
        }
    }

    /// The sizes and page splits of typical setlists, so a change to them is seen.
    @Test func sizesAndSplitsOfTypicalSetlists() throws {
        try withTypesetter { typesetter in
            let figures = [20, 45, 50, 60, 120].map { count in
                let plan = StageLayout(playlist: Fixtures.generated(count), frame: frame, typesetter: typesetter).plan()
                return "\(count): \(plan.size) pt, \(plan.pages.map { String($0.count) }.joined(separator: "/"))"
            }
            #expect(
                figures == [
                    "20: 44.5 pt, 10/10", "45: 29.5 pt, 15/15/15", "50: 26.5 pt, 17/17/16", "60: 29.5 pt, 15/15/15/15",
                    "120: 25.5 pt, 17/17/17/18/17/17/17",
                ])
        }
    }

    /// A set's heading starts the page of its first song; it never ends a page.
    @Test(arguments: [45, 60, 120])
    func headingsStayWithTheirFirstSong(count: Int) throws {
        try withTypesetter { typesetter in
            let document = StageLayout(playlist: Fixtures.generated(count), frame: frame, typesetter: typesetter).build()
            let pages = document.paginate(top: frame.top, bottom: frame.bottom)
            #expect(pages.flatMap { $0 }.map(\.row) == Array(document.rows.indices), "every row once, in order")
            for page in pages {
                let last = try #require(page.last)
                #expect(!document.rows[last.row].keepWithNext, "a page ends with a heading")
                #expect(last.y + document.rows[last.row].height <= frame.bottom + 0.01, "a page overflows")
            }
        }
    }

    @Test func titlesStayOnOneLineWhenTheyCan() throws {
        try withTypesetter { typesetter in
            let layout = StageLayout(playlist: Fixtures.generated(2), frame: frame, typesetter: typesetter)
            let plan = layout.plan()
            #expect(plan.size >= 30)
            let wrapped = layout.build(plan).rows.filter { $0.fragments.contains { $0.box.lines.count > 1 } }
            #expect(wrapped.isEmpty, "a short title wrapped at \(plan.size) pt")
        }
    }

    /// Titles that wrap make their songs taller: the pages still fit and no page is left with
    /// one song.
    @Test func longTitlesWrapAtTheMinimumAndPagesStillBalance() throws {
        var playlist = Fixtures.generated(30)
        for index in stride(from: 0, to: playlist.items.count, by: 4) {
            guard case .song(var copy) = playlist.items[index] else { continue }
            copy.fields.name = "Příliš žluťoučký kůň úpěl ďábelské ódy pod hradem \(index) a ještě dál"
            playlist.items[index] = .song(copy)
        }
        try withTypesetter { typesetter in
            let layout = StageLayout(playlist: playlist, frame: frame, typesetter: typesetter)
            let plan = layout.plan()
            #expect(plan.size >= StageLayout.minimumSize)
            #expect(plan.pages.count >= 2)
            #expect(!plan.pages.contains { $0.count < 2 }, "pages of \(plan.pages.map(\.count))")
            let pages = layout.build(plan).paginate(top: frame.top, bottom: frame.bottom)
            #expect(pages.count == plan.pages.count, "the planned pages are the printed ones")
        }
    }

    /// A title taller than a page even at the minimum size cannot be planned: the pages are
    /// simply filled in turn, at the minimum size.
    @Test func aTitleTallerThanAPageFillsPagesInTurn() throws {
        let playlist = Playlist(
            name: "Endless", items: [Fixtures.song("Short"), Fixtures.song(String(repeating: "Nekonečný název ", count: 400))])
        try withTypesetter { typesetter in
            let layout = StageLayout(playlist: playlist, frame: frame, typesetter: typesetter)
            #expect(layout.plan() == StageLayout.Plan(size: StageLayout.minimumSize, pages: []))
            #expect(layout.build().paginate(top: frame.top, bottom: frame.bottom).count > 1)
        }
    }

    @Test func aThousandSongsTakeEvenPagesAtTheMinimumSize() throws {
        let pdf = try RenderedPDF(Fixtures.generated(1000), style: .stage)
        defer { pdf.remove() }
        let pages = try pdf.pageCount
        #expect(pages > 40)
        #expect(try pdf.text(page: pages).contains("Page \(pages) of \(pages)"))
        let titles = try pdf.textItems().filter { $0.bold && $0.text.hasPrefix("Generated ") }
        #expect(titles.count == 1000)
        #expect(Set(titles.map(\.size)).count == 1, "one size on every page")
        let perPage = Dictionary(grouping: titles, by: \.page).values.map(\.count)
        #expect((perPage.max() ?? 0) - (perPage.min() ?? 0) <= 1)
    }
}

/// The split into pages, without type: blocks of given heights.
@Suite(.tags(.externalTools), .needs("pdfinfo", "pdftotext", "qpdf")) struct StagePagesTests {
    func pages(_ heights: [Double], available: Double = 100) -> StagePages {
        StagePages(blocks: heights.map { StageBlock(height: $0, spaceBefore: 2) }, available: available)
    }

    @Test func fillingInTurnGivesTheFewestPages() {
        #expect(pages(Array(repeating: 14, count: 6)).fewestPages() == 1) // 6 × 14 + 5 × 2 = 94
        #expect(pages(Array(repeating: 14, count: 7)).fewestPages() == 2) // 110
        #expect(pages(Array(repeating: 14, count: 20)).fewestPages() == 4)
        #expect(pages([]).fewestPages() == 1)
        #expect(pages([10, 120, 10]).fewestPages() == nil, "a block taller than the page")
    }

    /// Seven songs where six fit a page: four and three, not six and one.
    @Test func anEvenSplitRatherThanASingleSongPage() {
        let seven = pages(Array(repeating: 14, count: 7))
        #expect(seven.fewestPages() == 2)
        #expect(seven.balanced(into: 2) == [0..<4, 4..<7])
    }

    /// A heading makes its song taller: the counts stay even, the heights as even as they go.
    @Test func countsFirstThenHeights() {
        let blocks = pages([10, 10, 10, 30, 10, 10, 10, 10])
        let split = blocks.balanced(into: 2)
        #expect(split?.map(\.count) == [4, 4])
        #expect(split == [0..<4, 4..<8])
        // When the tall song cannot share a page with three others, the counts give way.
        let tight = pages([10, 10, 10, 10, 10, 70, 10, 10])
        let other = tight.balanced(into: 2)
        #expect(other.map { $0.allSatisfy { tight.fits($0) } } == true)
        #expect(other == [0..<5, 5..<8])
    }

    @Test func tooFewOrTooManyPagesHaveNoSplit() {
        let blocks = pages(Array(repeating: 30, count: 5))
        #expect(blocks.balanced(into: 1) == nil)
        #expect(blocks.balanced(into: 6) == nil)
        #expect(blocks.balanced(into: 5) == Array(0..<5).map { $0..<$0 + 1 })
    }

    @Test func theFirstSpaceOfAPageIsDropped() {
        let blocks = pages([10, 10, 10])
        #expect(blocks.height(0..<3) == 34)
        #expect(blocks.height(1..<3) == 22)
        #expect(blocks.height(1..<1) == 0)
    }
}
