import SetlistCore
import Testing

@Suite struct CellsTests {
    @Test func wideAndCombiningCharacters() {
        #expect(Cells.width("Příběh") == 6)
        #expect(Cells.width("e\u{301}") == 1)
        #expect(Cells.width("日本") == 4)
        #expect(Cells.width("🎸") == 2)
    }

    /// Terminals draw emoji two columns wide, also symbols that are emoji by default (⚡) or made
    /// emoji by U+FE0F (❤️); counted as one, a line of them ran past the edge of the screen.
    @Test func emojiTakeTwoColumns() {
        #expect(Cells.width("⚡") == 2)
        #expect(Cells.width("⚡\u{FE0F}") == 2)
        #expect(Cells.width("❤\u{FE0F}") == 2)
        #expect(Cells.width("❤") == 1, "text presentation without the selector")
        #expect(Cells.width("🇨🇿") == 2)
        #expect(Cells.width("a⚡b") == 4)
        #expect(Cells.truncate(String(repeating: "❤\u{FE0F}", count: 10), to: 7) == "❤\u{FE0F}❤\u{FE0F}❤\u{FE0F}…")
        for line in Cells.wrap(String(repeating: "⚡\u{FE0F}", count: 30), width: 11) {
            #expect(Cells.width(line) <= 11)
            #expect(line.count <= 5)
        }
    }

    @Test func truncateCountsColumns() {
        #expect(Cells.truncate("Highway to Hell", to: 10) == "Highway t…")
        #expect(Cells.truncate("日本語の歌", to: 6) == "日本…")
        #expect(Cells.truncate("short", to: 10) == "short")
        #expect(Cells.truncate("abc", to: 0) == "")
    }

    @Test func wrapKeepsParagraphsAndSplitsLongWords() {
        #expect(Cells.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(Cells.wrap("a\n\nb", width: 5) == ["a", "", "b"])
        #expect(Cells.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(Cells.wrap("x\tend", width: 20) == ["x    end"])
        #expect(Cells.wrap("C    G    Am", width: 20) == ["C    G    Am"], "a line that fits keeps its spacing")
        #expect(Cells.wrap("C    G    Am", width: 5) == ["C G", "Am"])
        for line in Cells.wrap(String(repeating: "žluťoučký kůň ", count: 20), width: 13) {
            #expect(Cells.width(line) <= 13)
        }
    }

    @Test func spreadPutsTheRightPartFlushRight() {
        #expect(Cells.spread("Koncert", "1/5", width: 14) == "Koncert    1/5")
        #expect(Cells.spread("A very long playlist name", "12/15 · Set 2", width: 24) == "A very l…  12/15 · Set 2")
    }
}
