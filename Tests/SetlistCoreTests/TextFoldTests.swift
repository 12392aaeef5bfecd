import Foundation
import SeededRandom
import Testing

@testable import SetlistCore

/// Folding looks Latin letters up one at a time; the whole rule (decompose, drop the marks, lower
/// the case) stays the definition.
@Suite struct TextFoldTests {
    @Test func everyScalarBelowTheCombiningMarksFoldsAsTheWholeRuleFoldsIt() {
        #expect(Text.latinFolds.count == 0x250 - 0xA0)
        for value in 0..<0x300 {
            let text = String(Unicode.Scalar(UInt32(value))!)
            #expect(Text.fold(text) == Text.foldWhole(text), "U+\(String(value, radix: 16))")
        }
    }

    @Test func textFoldsAsTheWholeRuleFoldsIt() {
        var random = seededGenerator(for: "TextFoldTests.textFoldsAsTheWholeRuleFoldsIt")
        let pieces = [
            "Příběh", "ŽLUŤOUČKÝ", "kůň", " ", "İ", "ß", "Æsir", "e\u{301}", "Σοφία", "ǅ", "ŉ", "AC/DC", "\u{0}", "ﬁ", "🎸", "ǰ", "Ø",
        ]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(Text.fold(text) == Text.foldWhole(text), "\(text.debugDescription)")
        }
    }
}
