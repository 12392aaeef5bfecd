import Foundation
import SeededRandom
import Testing

@testable import SetlistModel
@testable import SetlistSupport

/// The shortcuts of the text rules give what Foundation gives: NFC for text below U+0300, trimming
/// by scalars, and ISO 8601 dates read directly.
@Suite struct TextShortcutTests {
    /// Pieces that mix the shortcut's cases with what it must hand to Foundation.
    static let pieces = [
        "Příliš", "žluťoučký", " ", "\t", "\n", "\r\n", "\u{A0}", "\u{2028}", "\u{3000}", "\u{85}", "e\u{301}", "\u{301}",
        "A\u{30A}", "\u{212B}", "한", "\u{1100}\u{1161}", "Σοφία", "ǅ", "🎸", "ﬁ", "\u{0}", "\u{200B}", "AC/DC", "ǰ",
    ]

    static func randomTexts(_ name: String, count: Int = 3000) -> [String] {
        var random = seededGenerator(for: name)
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
    }

    @Test func everyScalarBelowU0300IsItsOwnNFC() {
        for value in 0..<0x300 {
            let text = String(Unicode.Scalar(UInt32(value))!)
            #expect(Text.normalizedByFoundation(text) == text, "U+\(String(value, radix: 16))")
            #expect(Text.normalized(text).utf8.elementsEqual(text.utf8))
        }
    }

    @Test func normalizedIsFoundationsNFC() {
        for text in Self.randomTexts("TextShortcutTests.normalizedIsFoundationsNFC") {
            #expect(Text.normalized(text).utf8.elementsEqual(Text.normalizedByFoundation(text).utf8), "\(text.debugDescription)")
        }
    }

    /// `trimmed` is `.whitespacesAndNewlines`' trimming and `trimmedSpaces` `.whitespaces`'.
    @Test(arguments: [true, false])
    func trimmingIsFoundations(newLines: Bool) {
        let set: CharacterSet = newLines ? .whitespacesAndNewlines : .whitespaces
        let (isTrimmed, trim) = newLines ? (Text.isSpaceOrNewline, Text.trimmed) : (Text.isSpace, Text.trimmedSpaces)
        for value in 0..<0x3100 where !(0xD800..<0xE000).contains(value) {
            let scalar = Unicode.Scalar(UInt32(value))!
            #expect(isTrimmed(scalar) == set.contains(scalar), "U+\(String(value, radix: 16))")
        }
        for text in Self.randomTexts("TextShortcutTests.trimmingIsFoundations(newLines: \(newLines))") {
            #expect(trim(text).utf8.elementsEqual(text.trimmingCharacters(in: set).utf8), "\(text.debugDescription)")
        }
    }

    @Test func lowercasedIsTheStandardLibrarys() {
        for value in Array(0..<0x300) + Array(0x2000..<0x2070) {
            let text = String(Unicode.Scalar(UInt32(value))!)
            #expect(Text.lowercased(text).utf8.elementsEqual(text.lowercased().utf8), "U+\(String(value, radix: 16))")
        }
        var random = seededGenerator(for: "TextShortcutTests.lowercasedIsTheStandardLibrarys")
        let pieces = Self.pieces + ["KONCERT — Ďábel", "İ", "ΟΔΟΣ", "Ÿ", "Ŀ", "ŉ", "ſ", "ĸ", "Ǆ", "Ⱥ", "„Ž“", "\u{2028}", "Ω"]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(Text.lowercased(text).utf8.elementsEqual(text.lowercased().utf8), "\(text.debugDescription)")
        }
    }

    @Test func addressCharactersAreTheSetOfThem() {
        let atext = Set(EmailAddress.atext)
        let characters = (0..<0x3100).compactMap { Unicode.Scalar(UInt32($0)).map(Character.init) } + ["\r\n", "a\u{301}", "-\u{200D}"]
        for character in characters {
            #expect(EmailAddress.isAtext(character) == atext.contains(character), "\(character.debugDescription)")
        }
    }

    @Test func notesAndNamesAreCleanedAsBefore() throws {
        for text in Self.randomTexts("TextShortcutTests.notesAndNamesAreCleanedAsBefore") {
            let unified = Text.normalizedByFoundation(text).replacingOccurrences(of: "\r\n", with: "\n")
                .replacingOccurrences(of: "\r", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            let notes = try? Text.cleanNotes(text)
            if unified.isEmpty {
                #expect(notes == nil)
            } else if !unified.unicodeScalars.contains(where: ControlCharacters.isForbiddenInNotes) {
                #expect(notes == unified, "\(text.debugDescription)")
            }
        }
        #expect(throws: ValueError.self) { try Text.cleanNotes(String(repeating: "é", count: Text.maximumNotesLength + 1)) }
        #expect(try Text.cleanNotes(String(repeating: "é", count: Text.maximumNotesLength))?.count == Text.maximumNotesLength)
        #expect(throws: ValueError.self) { try Text.cleanName(String(repeating: "e\u{301}", count: 301), field: "name") }
        #expect(try Text.cleanName(String(repeating: "e\u{301}", count: 300), field: "name").count == 300)
    }

    @Test func canonicalDatesAreReadAsTheFormatterReadsThem() {
        var random = seededGenerator(for: "TextShortcutTests.canonicalDatesAreReadAsTheFormatterReadsThem")
        for _ in 0..<2000 {
            let date = Date(timeIntervalSince1970: Double(Int.random(in: 0...253_402_300_799, using: &random)))
            let text = DateText.iso8601ByFormatter(date)
            #expect(DateText.canonicalDate(text) == date, "\(text)")
            #expect(DateText.dateByFormatter(fromISO8601: text) == date, "\(text)")
        }
        // Fields out of their range, leap days, and years before 1970 go to the formatter.
        for _ in 0..<2000 {
            func digits(_ count: Int, _ range: ClosedRange<Int>) -> String {
                String(Int.random(in: range, using: &random)).leftPadded(to: count)
            }
            let text =
                "\(digits(4, 1900...2400))-\(digits(2, 0...13))-\(digits(2, 0...32))T\(digits(2, 0...25)):\(digits(2, 0...61)):\(digits(2, 0...61))Z"
            #expect(DateText.date(fromISO8601: text) == DateText.dateByFormatter(fromISO8601: text), "\(text)")
        }
        for text in [
            "2024-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2000-02-29T23:59:59Z", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
        ] {
            #expect(DateText.date(fromISO8601: text) == DateText.dateByFormatter(fromISO8601: text), "\(text)")
        }
    }
}

@Suite struct TextLinesTests {
    @Test func linesSplitAtEveryLineEndAsCharactersWould() {
        let samples = ["", "one", "a\nb", "a\r\nb\rc\n", "\n\n", "é\r\n\u{301}x", "tab\there\r", "šč\nř"]
        for text in samples {
            let characters = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            #expect(Text.lines(of: text).map(String.init) == characters.map(String.init), "\(text.debugDescription)")
        }
    }
}
