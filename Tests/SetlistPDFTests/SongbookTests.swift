import Foundation
import SetlistModel
import TestLevels
import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo

/// The songbook: chords over their syllables, songs kept on a page, contents that number the
/// pages, the outline.
@Suite(.tags(.externalTools), .needs("pdfinfo", "pdftotext", "qpdf")) struct SongbookTests {
    static let frame = PageFrame(paper: .a4)

    /// The lyrics and chords of one ChordPro line.
    static func segments(_ line: String) -> [ChartSegment] {
        guard case .lyrics(let segments)? = ChartLine.lines(of: Chart(lines: [line], key: nil)).first else { return [] }
        return segments
    }

    @Test func aChordStandsOverTheStartOfItsSyllable() throws {
        try withTypesetter { typesetter in
            let rows = ChartRows(typesetter: typesetter, left: 0, width: 500)
            let lines = rows.placedLines(Self.segments("[G]Hello dark[D]ness my old [Em]friend"), width: 500)
            #expect(lines.count == 1)
            let chords = lines[0].filter { $0.chord != nil }
            #expect(chords.count == 3)
            #expect(chords[0].x == 0)
            let before = typesetter.box("Hello dark", font: ChartRows.lyrics, width: nil).width
            #expect(abs(chords[1].x - before) < 0.5, "D at \(chords[1].x), 'Hello dark' is \(before) wide")
            let beforeFriend = typesetter.box("Hello darkness my old ", font: ChartRows.lyrics, width: nil).width
            #expect(abs(chords[2].x - beforeFriend) < 0.5)
            // The lyric under each chord starts where the chord does.
            for placed in chords { #expect(placed.text != nil) }
        }
    }

    /// Words and chords are laid out once and reused: a chart set with boxes taken from the
    /// cache is placed exactly as one set with every box laid out afresh.
    @Test func reusedWordsArePlacedAsFreshOnesAre() throws {
        let line = "[Am]Hello the [F]night the [C]road the [G]night, the [Am]road"
        func figures(_ lines: [[ChartRows.Placed]]) -> [[Double]] {
            lines.map { $0.flatMap { [$0.x, $0.text?.width ?? -1, $0.chord?.width ?? -1] } }
        }
        var fresh: [[Double]] = []
        try withTypesetter { typesetter in
            fresh = figures(ChartRows(typesetter: typesetter, left: 0, width: 200).placedLines(Self.segments(line), width: 200))
        }
        try withTypesetter { cached in
            let rows = ChartRows(typesetter: cached, left: 0, width: 200)
            _ = rows.placedLines(Self.segments(line), width: 200)
            #expect(figures(rows.placedLines(Self.segments(line), width: 200)) == fresh)
            #expect(cached.word("night", font: ChartRows.lyrics) === cached.word("night", font: ChartRows.lyrics))
        }
    }

    @Test func aWideChordMovesTheLyricsOnRatherThanOverlapTheNext() throws {
        try withTypesetter { typesetter in
            let rows = ChartRows(typesetter: typesetter, left: 0, width: 500)
            let line = try #require(rows.placedLines(Self.segments("[Cmaj7sus4]a[G]b"), width: 500).first)
            let wide = try #require(line.first?.chord), next = try #require(line.last)
            #expect(next.x >= wide.width + ChartRows.chordGap - 0.01)
            #expect(next.chord != nil && next.text != nil)
        }
    }

    @Test func aLineTooLongForTheColumnGoesOnBelowWithItsChords() throws {
        try withTypesetter { typesetter in
            let rows = ChartRows(typesetter: typesetter, left: 0, width: 120)
            let lines = rows.placedLines(Self.segments("[Am]Line one of verse two, [F]singing a[C]long to the [G]end"), width: 120)
            #expect(lines.count > 1)
            for line in lines {
                #expect(line.allSatisfy { $0.x + max($0.text?.width ?? 0, $0.chord?.width ?? 0) <= 120.01 })
            }
            #expect(lines.flatMap { $0 }.compactMap(\.chord).count == 4)
        }
    }

    /// A line wraps between words (after a space or a hyphen), never inside a word a chord
    /// stands in: "w[C]hite" goes to the next line whole, its chord with it (issue 45). Tried at
    /// every width from 60 to 300 points.
    @Test func aLineWrapsBetweenWordsAndAChordInsideAWordMovesWithIt() throws {
        let line = "[G]Snow is falling too w[C]hite on the ground, [D]rock-and-[E]roll to[A]night"
        let texts = ["Snow ", "is ", "falling ", "too ", "w", "hite ", "on ", "the ", "ground, ", "rock-", "and-", "roll ", "to", "night"]
        let pieces = texts.indices.map {
            (text: texts[$0], startsWord: $0 == 0 || texts[$0 - 1].hasSuffix(" ") || texts[$0 - 1].hasSuffix("-"))
        }
        try withTypesetter { typesetter in
            var hyphenBreaks = 0
            for width in stride(from: 60.0, through: 300, by: 2) {
                let lines = ChartRows(typesetter: typesetter, left: 0, width: width).placedLines(Self.segments(line), width: width)
                try #require(lines.map(\.count).reduce(0, +) == pieces.count, "at \(width)")
                var boundary = 0
                for placed in lines.dropLast() {
                    boundary += placed.count
                    #expect(pieces[boundary].startsWord, "at \(width) a line ends with '\(pieces[boundary - 1].text)'")
                    if pieces[boundary - 1].text.hasSuffix("-") { hyphenBreaks += 1 }
                }
                for placed in lines {
                    #expect(placed.allSatisfy { $0.x + max($0.text?.width ?? 0, $0.chord?.width ?? 0) <= width + 0.01 }, "at \(width)")
                }
            }
            #expect(hyphenBreaks > 0, "no line wrapped after a hyphen")
        }
    }

    @Test func theChorusIsIndentedWithABarAndTabsAreMonospaced() throws {
        try withTypesetter { typesetter in
            let rows = ChartRows(typesetter: typesetter, left: 50, width: 400).rows(
                ChartLine.lines(of: Chart(lines: Fixtures.chart, key: nil)))
            let barred = rows.filter { $0.rules.contains { $0.toY != nil } }
            #expect(barred.count == 4, "the chorus's two chord and two lyric rows")
            #expect(barred.allSatisfy { $0.fragments.allSatisfy { $0.x >= 50 + ChartRows.chorusIndent } })
            let shaded = rows.filter { !$0.shades.isEmpty }
            #expect(shaded.count == 1, "the comment")
        }
    }

    /// Song by song: the rows from its heading to the next heading.
    static func songRanges(_ document: FlowDocument) -> [Range<Int>] {
        let starts = document.rows.indices.filter { document.rows[$0].outline != nil }
        return zip(starts, starts.dropFirst() + [document.rows.count]).map { $0..<$1 }
    }

    @Test func aSongThatFitsOnAPageIsNeverSplitAndALongerOneFlowsOn() throws {
        try withTypesetter { typesetter in
            let items = (1...24).map { index in
                Fixtures.song("Song \(index)", key: "C", chart: Fixtures.longChart(verses: index % 9 + 1))
            }
            let playlist = Playlist(name: "Many", items: items + [Fixtures.song("Huge", chart: Fixtures.longChart(verses: 20))])
            let document = SongbookLayout(playlist: playlist, frame: Self.frame, typesetter: typesetter).build()
            let pages = document.paginate(top: Self.frame.top, bottom: Self.frame.bottom)
            var pageOfRow: [Int: Int] = [:]
            for (index, page) in pages.enumerated() { for placed in page where !placed.isContinuation { pageOfRow[placed.row] = index } }
            var split = 0
            for range in Self.songRanges(document) {
                let height = FlowDocument(rows: Array(document.rows[range])).totalHeight
                let songPages = Set(range.map { pageOfRow[$0]! })
                if height <= Self.frame.bottom - Self.frame.top {
                    #expect(songPages.count == 1, "a song \(height) pt high is split over pages \(songPages.sorted())")
                } else {
                    #expect(songPages.count > 1)
                    split += 1
                    // It flows on from the page before, unless that has no room for its heading
                    // and first lines.
                    let previous = range.lowerBound - 1, start = pageOfRow[range.lowerBound]!
                    if start != pageOfRow[previous]! {
                        let placed = pages[pageOfRow[previous]!].last!
                        let room = Self.frame.bottom - placed.y - document.rows[previous].height
                        let chain = (range.lowerBound...).prefix { $0 == range.lowerBound || document.rows[$0 - 1].keepWithNext }
                        let needed =
                            FlowDocument(rows: chain.map { document.rows[$0] }).totalHeight + document.rows[range.lowerBound].spaceBefore
                        #expect(room < needed, "a long song waits for a new page with \(room) pt left for \(needed)")
                    }
                }
            }
            #expect(split == 1, "only the song too long for two columns")
            // Its later pages start with its title, continued.
            let continued = pages.filter { $0.first?.isContinuation == true }
            #expect(!continued.isEmpty)
        }
    }

    @Test func aSongTooLongForAPageButNotForTwoColumnsIsSetInTwo() throws {
        try withTypesetter { typesetter in
            let playlist = Playlist(name: "Seven", items: [Fixtures.song("Seven", chart: Fixtures.longChart(verses: 7))])
            let layout = SongbookLayout(playlist: playlist, frame: Self.frame, typesetter: typesetter)
            let entry = try #require(playlist.sets.first?.entries.first)
            let rows = layout.songRows(entry, outline: 0)
            let chart = try #require(entry.copy.fields.chart)
            let pageHeight = Self.frame.bottom - Self.frame.top
            #expect(FlowDocument(rows: rows).totalHeight <= pageHeight)
            let block = try #require(rows.last?.blockHeight != nil ? rows.last : nil, "the chart is one block")
            let middle = Self.frame.left + Self.frame.contentWidth / 2
            #expect(block.fragments.contains { $0.x > middle } && block.fragments.contains { $0.x < middle })
            #expect(block.fragments.allSatisfy { $0.x + $0.box.width <= Self.frame.right + 0.01 })
            #expect(rows.dropLast().allSatisfy { $0.keepWithNext }, "kept on one page with its heading")
            // At full width the same chart would take more than a page.
            let full = ChartRows(typesetter: typesetter, left: Self.frame.left, width: Self.frame.contentWidth)
                .rows(ChartLine.lines(of: chart))
            #expect(FlowDocument(rows: full).totalHeight > pageHeight)
        }
    }

    /// Two columns divide a chart between stanzas when that fits, never inside a verse; when
    /// only a cut inside one fits, they still take it.
    @Test func twoColumnsDivideBetweenStanzas() throws {
        try withTypesetter { typesetter in
            let lines = ChartLine.lines(of: Chart(lines: Fixtures.longChart(verses: 5), key: nil))
            let rows = ChartRows(typesetter: typesetter, left: 0, width: 240).rows(lines)
            let whole = TwoColumns.height(of: rows[...])
            let split = try #require(TwoColumns.split(rows, height: whole * 0.7))
            #expect(rows[split.split].startsParagraph, "the second column starts with a verse's heading")
            #expect(split.tallest <= whole * 0.7)
            // Room for an even cut only: it is made inside a verse rather than not at all.
            let tight = try #require(TwoColumns.split(rows, height: whole * 0.52))
            #expect(!rows[tight.split].startsParagraph)
        }
    }

    @Test func theContentsNumberThePageEachSongStartsOn() throws {
        let pdf = try RenderedPDF(Fixtures.songbook, style: .songbook)
        defer { pdf.remove() }
        let contents = try pdf.text(page: 1)
        #expect(contents.contains("Contents"))
        let pageCount = try pdf.pageCount
        var checked = 0
        for copy in Fixtures.songbook.copies {
            let position = Fixtures.songbook.copies.firstIndex { $0.id == copy.id }! + 1
            let title = "\(position). \(copy.name)"
            let line = try #require(contents.split(separator: "\n").first { $0.contains(title) }, "\(title) in the contents")
            let page = try #require(Int(line.split(separator: " ").last ?? ""), "a page number after \(title)")
            #expect((2...pageCount).contains(page))
            let text = try pdf.text(page: page)
            let heading = text.split(separator: "\n").contains { $0.contains(title) && !$0.contains("(continued)") }
            #expect(heading, "\(title) starts on page \(page)")
            if page > 2 { #expect(try !pdf.text(page: page - 1).contains(title), "\(title) is not on the page before") }
            checked += 1
        }
        #expect(checked == 5)
    }

    @Test func theSongbookHasFootersAnOutlineAndItsChartsInTheCopysKey() throws {
        let pdf = try RenderedPDF(Fixtures.songbook, style: .songbook)
        defer { pdf.remove() }
        _ = try pdf.run("qpdf", ["--check"])
        let pages = try pdf.pageCount
        #expect(pages >= 4)
        #expect(try pdf.text(page: pages).contains("Page \(pages) of \(pages)"))
        #expect(try pdf.text(page: 1).contains("Songbook concert"))
        #expect(
            try pdf.outlineTitles() == [
                "1. The Sound of Silence", "2. Short One", "Set 2", "3. Epic", "4. No Chart Yet", "5. Middle",
            ])
        let text = try pdf.text()
        #expect(text.contains("Key A major (written in G major)"))
        #expect(text.contains("(no chart)"))
        #expect(text.contains("CHORUS") && text.contains("INTRO RIFF") && text.contains("Capo off, let it ring"))
        #expect(text.contains("e|-----0-----|"), "the tab as written")
    }

    /// A word's box as `pdftotext -bbox` gives it.
    struct Word {
        var text: String
        var page: Int
        var xMin: Double
        var yMin: Double
    }

    static func words(_ pdf: RenderedPDF) throws -> [Word] {
        let html = try pdf.run("pdftotext", ["-bbox", pdf.url.path, "-"], pathLast: false)
        var words: [Word] = [], page = 0
        for line in html.split(separator: "\n") {
            if line.contains("<page ") { page += 1 }
            guard line.contains("<word "), let open = line.firstIndex(of: ">"), let close = line.range(of: "</word>") else { continue }
            func value(_ name: String) -> Double {
                guard let start = line.range(of: "\(name)=\"") else { return -1 }
                return Double(line[start.upperBound...].prefix { $0 != "\"" }) ?? -1
            }
            words.append(
                Word(text: String(line[line.index(after: open)..<close.lowerBound]), page: page, xMin: value("xMin"), yMin: value("yMin")))
        }
        return words
    }

    @Test func inThePDFEachChordStartsWhereItsWordDoes() throws {
        let pdf = try RenderedPDF(Fixtures.songbook, style: .songbook)
        defer { pdf.remove() }
        let words = try Self.words(pdf)
        // The chart is written in G; the copy is in A: Em becomes F#m, G becomes A.
        for (chord, word) in [("F#m", "friend"), ("A", "Hello"), ("D", "talk")] {
            // The word just under the chord, on the next line, where the chord starts.
            let pair = words.lazy.compactMap { chordBox -> (Word, Word)? in
                guard chordBox.text == chord else { return nil }
                return words.first {
                    $0.text == word && $0.page == chordBox.page && $0.yMin > chordBox.yMin && $0.yMin - chordBox.yMin < 20
                        && abs($0.xMin - chordBox.xMin) < 30
                }.map { (chordBox, $0) }
            }.first
            let (chordBox, wordBox) = try #require(pair, "\(chord) over \(word)")
            #expect(abs(chordBox.xMin - wordBox.xMin) < 0.6, "\(chord) at \(chordBox.xMin), \(word) at \(wordBox.xMin)")
        }
    }

    /// A lyric line that wraps keeps "white" whole on one line, under its chord, as
    /// `pdftotext -bbox` reads the PDF (it printed "too w" and "hite" on two lines).
    @Test func inThePDFAWrappedLineKeepsAWordWithAChordWhole() throws {
        // Each line a little longer before the word, so that one of them reaches the column's end
        // inside it, whatever the column's width.
        let verse = (0..<24).map {
            String(repeating: "la ", count: $0)
                + "[G]Snow is falling so softly and quietly, too w[C]hite on the [D]ground tonight and [Em]ever"
        }
        let chart = ["{start_of_verse: Snow}"] + verse + ["{end_of_verse}"]
        let playlist = Playlist(name: "Snow", items: [Fixtures.song("Snow", key: "G", chart: chart)])
        let pdf = try RenderedPDF(playlist, style: .songbook)
        defer { pdf.remove() }
        let words = try Self.words(pdf)
        #expect(!words.contains { $0.text == "hite" || $0.text == "w" }, "\(words.map(\.text))")
        let whites = words.filter { $0.text == "white" }
        #expect(whites.count == 24)
        for white in whites {
            let chord = words.first {
                $0.text == "C" && $0.page == white.page && white.yMin > $0.yMin && white.yMin - $0.yMin < 20
                    && abs($0.xMin - white.xMin) < 15
            }
            #expect(chord.map { $0.xMin > white.xMin } == true, "C stands over the word's second letter")
        }
    }

    @Test func aCapoShowsTheShapesAndTheHeadingNamesTheKeyThatSounds() throws {
        guard case .song(let copy) = Fixtures.songbook.items[0] else { throw Tool.Failure(description: "no song first") }
        // Written in G, the copy in A; a capo on 2 plays it with G shapes, as written.
        let shown = SongbookChart.shown(copy.fields, capo: 2, notation: .english)
        #expect(shown?.key == MusicalKey(parsing: "G"))
        #expect(shown?.chart.lines.contains("[G]Hello dark[D]ness my old [Em]friend") == true)
        let details = SongbookChart.details(copy.fields, capo: 2, notation: .english)
        #expect(
            details.contains("Key A\u{00A0}major (written in G\u{00A0}major)") && details.contains("Capo 2: G\u{00A0}major shapes"),
            "\(details)")
        // A capo on 3 in A: F♯ shapes, spelled with sharps.
        #expect(
            SongbookChart.shown(copy.fields, capo: 3, notation: .english)?.chart.lines.contains("[F#]Hello dark[C#]ness my old [D#m]friend")
                == true)
        // Without one, the chart is in the copy's key.
        #expect(
            SongbookChart.shown(copy.fields, capo: nil, notation: .english)?.chart.lines.contains("[A]Hello dark[E]ness my old [F#m]friend")
                == true)
    }

    /// A chart that names its capo is printed as its shapes with "Capo N" in the heading,
    /// without --capo; a capo asked for wins, and --capo 0 prints the chords as they sound.
    @Test func theChartsOwnCapoIsPrinted() throws {
        guard case .song(var copy) = Fixtures.songbook.items[0] else { throw Tool.Failure(description: "no song first") }
        copy.fields.key = MusicalKey(parsing: "A major")
        copy.fields.chart = try Chart(text: "[G]Hello dark[D]ness", key: MusicalKey(parsing: "G major"), capo: 2)
        #expect(SongbookChart.details(copy.fields, capo: nil, notation: .english).contains("Capo 2: G\u{00A0}major shapes"))
        #expect(SongbookChart.shown(copy.fields, capo: nil, notation: .english)?.chart.lines == ["[G]Hello dark[D]ness"])
        #expect(SongbookChart.shown(copy.fields, capo: 4, notation: .english)?.chart.lines == ["[F]Hello dark[C]ness"])
        #expect(SongbookChart.shown(copy.fields, capo: 0, notation: .english)?.chart.lines == ["[A]Hello dark[E]ness"])
        #expect(!SongbookChart.details(copy.fields, capo: 0, notation: .english).contains("Capo"))
    }
}
