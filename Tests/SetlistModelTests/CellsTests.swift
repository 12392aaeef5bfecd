import SeededRandom
import Testing

@testable import SetlistModel

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

    /// The byte count of one-column text is the scalar rule's: every code point to U+0400 alone
    /// and between letters, and random text of letters, marks, wide letters, controls and emoji.
    @Test func oneColumnTextIsCountedByItsBytesAsByItsScalars() {
        func byScalars(_ text: String) -> Int? {
            text.unicodeScalars.allSatisfy(Cells.isOneColumnAlone) ? text.unicodeScalars.count : nil
        }
        let scalars = (0..<0x400).compactMap(Unicode.Scalar.init) + (0x2000..<0x2700).compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            for text in ["\(scalar)", "ař\(scalar)é"] {
                #expect(Cells.oneColumnScalars(text) == byScalars(text), "\(text.debugDescription)")
            }
        }
        var random = seededGenerator(for: "CellsTests.oneColumnTextIsCountedByItsBytesAsByItsScalars")
        let pieces = [
            "Příběh", " ", "e\u{301}", "\u{AD}", "\u{9F}", "\u{A0}", "\t", "日本", "🎸", "—", "ǅ", "ʯ", "\u{2FF}", "~", "\u{7F}", "B♭", "F♯",
            "‼", "\u{FE0F}", "\u{200D}", "\u{2028}", "♮\u{20E3}", "…",
        ]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(Cells.oneColumnScalars(text) == byScalars(text), "\(text.debugDescription)")
            #expect(Cells.width(text) == text.reduce(0) { $0 + Cells.width(of: $1) }, "\(text.debugDescription)")
        }
        // Each scalar passed by its bytes is a one-column character of its own beside the others.
        let passed = scalars.filter(Cells.isOneColumnAlone)
        for scalar in passed {
            #expect(Cells.width(of: Character(scalar)) == 1, "\(scalar.debugDescription)")
            for neighbour in passed where neighbour.value % 7 == 0 || neighbour.value > 0x2000 {
                #expect("\(neighbour)\(scalar)\(neighbour)".count == 3, "\(neighbour.debugDescription) \(scalar.debugDescription)")
            }
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

    /// Text of one-column scalars is counted by scalar; around the edges of that range (controls,
    /// the soft hyphen, combining marks) the count must be what measuring each character gives.
    @Test func theQuickCountAgreesWithMeasuringEachCharacter() {
        var random = seededGenerator(for: "CellsTests.theQuickCountAgreesWithMeasuringEachCharacter")
        let scalars: [UInt32] = [
            0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x85, 0x9F, 0xA0, 0xAD, 0xE1, 0x17E, 0x2FF, 0x300, 0x301, 0x200D, 0xFE0F,
            0x4E2D, 0x1F600, 0x1F3FB, 0xA9,
        ]
        for _ in 0..<2000 {
            let text = String(
                String.UnicodeScalarView(
                    (0..<Int.random(in: 0...8, using: &random)).map { _ in Unicode.Scalar(scalars.randomElement(using: &random)!)! }))
            #expect(Cells.width(text) == text.reduce(0) { $0 + Cells.width(of: $1) }, "\(text.unicodeScalars.map(\.value))")
        }
    }
}
