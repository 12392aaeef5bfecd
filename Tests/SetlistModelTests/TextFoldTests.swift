import Foundation
import SeededRandom
import Testing

@testable import SetlistModel
@testable import SetlistSupport

/// Folding looks Latin letters up one at a time; the whole rule (decompose, drop the marks, lower
/// the case) stays the definition.
@Suite struct TextFoldTests {
    @Test func everyScalarBelowTheCombiningMarksFoldsAsTheWholeRuleFoldsIt() {
        #expect(LatinText.folds.count == 0x250 - 0xA0)
        for value in 0..<0x300 {
            let text = String(Unicode.Scalar(UInt32(value))!)
            #expect(Text.fold(text) == Text.foldWhole(text), "U+\(String(value, radix: 16))")
        }
    }

    @Test func thePunctuationTheShortcutPassesFoldsToItself() {
        for value in 0x2000..<0x2070 {
            let text = String(Unicode.Scalar(UInt32(value))!)
            let passed = LatinText.isSelfFoldingPunctuation(value - 0x2000)
            #expect(LatinText.fold(text) == (passed ? text : nil), "U+\(String(value, radix: 16))")
            if passed {
                #expect(Text.foldWhole(text).utf8.elementsEqual(text.utf8), "U+\(String(value, radix: 16))")
                // A character of its own, whatever stands beside it (the file-name stem counts on it).
                #expect(("a" + text + "b").count == 3, "U+\(String(value, radix: 16))")
            }
        }
    }

    /// Latin folds are compared byte for byte: each scalar one can hold is its own canonical
    /// decomposition, so the folds are in NFD, where canonically equal text has equal bytes.
    @Test func latinFoldsHoldOnlyTheirOwnDecompositions() {
        let held =
            (0..<0xA0).map { String(Unicode.Scalar(UInt32($0))!) } + LatinText.folds
            + (0x2000..<0x2070).filter { LatinText.isSelfFoldingPunctuation($0 - 0x2000) }.map { String(Unicode.Scalar(UInt32($0))!) }
        for text in held {
            #expect(text.unicodeScalars.count == 1)
            #expect(text.decomposedStringWithCanonicalMapping.utf8.elementsEqual(text.utf8), "\(text.debugDescription)")
            #expect(text.unicodeScalars.allSatisfy { $0.properties.canonicalCombiningClass == .notReordered }, "\(text.debugDescription)")
        }
    }

    /// A reference folded once answers whether a name folds to it as comparing the folds does,
    /// among names that differ in case, accents, decomposition, ligatures and scripts.
    @Test func aFoldedReferenceMatchesAsTheFoldsCompare() {
        var random = seededGenerator(for: "TextFoldTests.aFoldedReferenceMatchesAsTheFoldsCompare")
        let pieces = [
            "Koncert", "KÓNCERT", "kóncert", "Ko\u{301}ncert", " ", "—", "e", "é", "e\u{301}", "É", "ﬁ", "fi", "ß", "ss", "Σ", "σ",
            "\u{212A}", "k", "K", "Å", "\u{212B}", "한", "\u{1100}\u{1161}\u{11AB}", "🎸", "İ", "i", "ǅ", "ǆ", "\u{0}",
        ]
        func text() -> String { (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
        var equal = 0
        for _ in 0..<6000 {
            let (reference, name) = (text(), text())
            let expected = Text.fold(name) == Text.fold(reference)
            if expected { equal += 1 }
            #expect(Text.Folded(reference).isFold(of: name) == expected, "\(reference.debugDescription) \(name.debugDescription)")
        }
        #expect(equal > 100, "the pieces collide often enough to test the matches too")
    }

    @Test func thePackedTableIsTheTable() {
        for (offset, fold) in LatinText.folds.enumerated() {
            let packed = LatinText.foldBytes[offset]
            let bytes = (0..<Int(packed >> 24)).map { UInt8(truncatingIfNeeded: packed >> (8 * $0)) }
            #expect(bytes == Array(fold.utf8), "U+\(String(offset + 0xA0, radix: 16))")
        }
    }

    @Test func textFoldsAsTheWholeRuleFoldsIt() {
        var random = seededGenerator(for: "TextFoldTests.textFoldsAsTheWholeRuleFoldsIt")
        let pieces = [
            "Příběh", "ŽLUŤOUČKÝ", "kůň", " ", "İ", "ß", "Æsir", "e\u{301}", "Σοφία", "ǅ", "ŉ", "AC/DC", "\u{0}", "ﬁ", "🎸", "ǰ", "Ø",
            "—", "„Koncert“", "‼", "\u{2028}", "\u{202E}", "\u{2060}", "\u{200D}", "ΟΔΟΣ", "\u{212A}", "Ａ", "\r\n", "ĲÇ", "\u{85}",
        ]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(Text.fold(text).utf8.elementsEqual(Text.foldWhole(text).utf8), "\(text.debugDescription)")
        }
    }
}
