import SeededRandom
import Testing

@testable import SetlistModel
@testable import SetlistSupport

@Suite struct ControlCharactersTests {
    @Test(
        arguments: [
            "\u{0}", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{2028}", "\u{2029}",
            "\u{202E}", "\u{200B}", "\u{FEFF}", "\u{AD}", "\u{E0001}", "\u{0378}",
        ] as [Unicode.Scalar])
    func forbidden(scalar: Unicode.Scalar) {
        #expect(ControlCharacters.isForbidden(scalar))
        #expect(ControlCharacters.isInvisible(scalar))
        #expect(ControlCharacters.printable("a\(scalar)b") == "a\u{FFFD}b")
    }

    @Test(arguments: ["a", "ř", " ", "\u{A0}", "🎸", "\u{200D}", "\u{200C}", "\u{FE0F}", "\u{301}", "\u{E000}"] as [Unicode.Scalar])
    func allowed(scalar: Unicode.Scalar) {
        #expect(!ControlCharacters.isForbidden(scalar))
    }

    /// The quick answer below U+0370 is the category rule's (above it, the rule is asked).
    @Test func theQuickAnswerIsTheRule() {
        let differing = (0..<0x400).lazy.compactMap(Unicode.Scalar.init).filter {
            ControlCharacters.isForbidden($0) != ControlCharacters.byCategory($0)
        }
        #expect(Array(differing.prefix(5)) == [])
    }

    /// Whether the byte scan gives the scalar rule's answer for `text`, in names and in notes.
    static func agrees(_ text: String) -> Bool {
        ControlCharacters.firstForbidden(in: text) == text.unicodeScalars.first(where: ControlCharacters.isForbidden)
            && ControlCharacters.firstForbiddenInNotes(text) == text.unicodeScalars.first(where: ControlCharacters.isForbiddenInNotes)
    }

    /// Random text of up to `length` scalars: one in `oneIn` from `pieces`, the others from `plain`.
    static func randomText(
        length: ClosedRange<Int>, pieces: [Unicode.Scalar], oneIn: Int, plain: String, using random: inout some RandomNumberGenerator
    ) -> String {
        String(
            String.UnicodeScalarView(
                (0..<Int.random(in: length, using: &random)).map { _ in
                    Int.random(in: 0..<oneIn, using: &random) == 0
                        ? pieces.randomElement(using: &random)! : plain.unicodeScalars.randomElement(using: &random)!
                }))
    }

    /// The byte scan that passes most text by is the scalar rule's answer: every code point to
    /// U+0400 alone and between letters, and random text of letters, marks, controls and emoji.
    @Test func theByteScanIsTheRule() {
        let scalars = (0..<0x400).compactMap(Unicode.Scalar.init)
        #expect(Array(scalars.filter { !Self.agrees("\($0)") || !Self.agrees("ař\($0)é") }.prefix(5)) == [])
        var random = seededGenerator(for: "ControlCharactersTests.theByteScanIsTheRule")
        let pieces = scalars + ["\u{2028}", "\u{202E}", "\u{FEFF}", "🎸", "\u{200D}", "\u{E000}", "\u{0378}", "\u{E0001}"]
        for _ in 0..<5000 {
            let text = Self.randomText(length: 0...8, pieces: pieces, oneIn: 4, plain: "abcžé \n\t", using: &random)
            #expect(Self.agrees(text), "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// Long text is passed sixteen bytes at a time where it is plainly letters: every code point
    /// to U+0400 and the forbidden ones above, at every place in such runs, and random long text.
    @Test func theRunsOfLongTextAreTheRule() {
        let letters = "Příliš žluťoučký kůň úpěl ďábelské ódy\nx"
        let scalars = (0..<0x400).compactMap(Unicode.Scalar.init) + ["\u{2028}", "\u{202E}", "\u{FEFF}", "🎸", "\u{0378}", "\u{E0001}"]
        let disagreeing = scalars.filter { scalar in
            (0..<24).contains { offset in !Self.agrees(String(letters.prefix(offset)) + "\(scalar)" + letters) }
        }
        #expect(Array(disagreeing.prefix(5)) == [])
        var random = seededGenerator(for: "ControlCharactersTests.theRunsOfLongTextAreTheRule")
        for _ in 0..<3000 {
            let text = Self.randomText(length: 0...60, pieces: scalars, oneIn: 30, plain: "abcžéřůÍ \n\t", using: &random)
            #expect(Self.agrees(text), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func joinersAndPrivateUseAreAllowedButShownEscaped() {
        #expect(ControlCharacters.isInvisible("\u{200D}"))
        #expect(ControlCharacters.isInvisible("\u{E000}"))
        #expect(!ControlCharacters.isInvisible("a"))
    }

    @Test func notesKeepTabsAndNewLines() {
        #expect(!ControlCharacters.isForbiddenInNotes("\n") && !ControlCharacters.isForbiddenInNotes("\t"))
        #expect(ControlCharacters.isForbiddenInNotes("\r") && ControlCharacters.isForbiddenInNotes("\u{202E}"))
        #expect(ControlCharacters.cleanedNotes("a\tb\nc\u{7}d\u{202E}e") == "a\tb\ncde")
    }

    @Test func repairMakesSpacesInNames() {
        #expect(ControlCharacters.cleanedName("\u{202E}Bad\u{7}Name\n") == "Bad Name")
        #expect(ControlCharacters.cleanedName("\u{0}") == "")
        #expect(ControlCharacters.firstForbidden(in: "ok\u{1B}[2J") == "\u{1B}")
        #expect(ControlCharacters.firstForbidden(in: "👨‍👩‍👧") == nil)
    }

    /// What typing refuses is what repair cleans.
    @Test func typingAndRepairAgree() {
        for text in ["A\u{202E}B", "tab\there", "bom\u{FEFF}", "fine 🎸"] {
            let refused = (try? Text.cleanName(text, field: "name")) == nil
            #expect(refused == (ControlCharacters.cleanedName(text) != text))
        }
    }
}

@Suite struct FileNameTests {
    @Test func keepsLettersOfAnyLanguage() {
        #expect(FileName.forPlaylist("Můj koncert", extension: "plsts") == "Můj koncert.plsts")
        #expect(
            FileName.forPlaylist("Koncert v Praze 15.2.2010", suffix: "-short", extension: "pdf") == "Koncert v Praze 15.2.2010-short.pdf")
        #expect(FileName.safe("Mu\u{30A}j") == "Můj", "composed")
    }

    @Test func neverAPathAHiddenFileOrAnOption() {
        #expect(FileName.safe("AC/DC night") == "AC-DC night")
        #expect(FileName.safe("../../etc/passwd") == "etc-passwd")
        #expect(FileName.safe("a/b\\c:d*e?f\"g<h>i|j") == "a-b-c-d-e-f-g-h-i-j")
        #expect(FileName.safe(".hidden") == "hidden")
        #expect(FileName.safe("-rf") == "rf")
        #expect(FileName.safe("line\nbreak\u{0}nul\u{202E}") == "line breaknul")
        #expect(FileName.safe("  two   spaces  ") == "two spaces")
        #expect(FileName.safe("...") == "setlist")
        #expect(FileName.safe("   ", fallback: "attachment") == "attachment")
    }

    @Test func longNamesAreCutBetweenCharacters() {
        for long in [
            String(repeating: "東京の夜 ", count: 40), String(repeating: "Žluťoučký kůň ", count: 21), String(repeating: "🎸", count: 75),
        ] {
            let name = FileName.safe(long)
            #expect(name.utf8.count <= 120 && long.hasPrefix(name) && !name.hasSuffix(" "))
        }
    }
}

@Suite struct PlaylistSummaryTests {
    @Test func countsSongsAndLengths() {
        #expect(PlaylistSummary.songs(1) == "1 song")
        #expect(PlaylistSummary.songs(0) == "0 songs")
        #expect(PlaylistSummary.text(count: 12, total: 2890, unknown: 0) == "12 songs, 48:10")
        #expect(PlaylistSummary.text(count: 12, total: 2890, unknown: 1) == "12 songs, 48:10 (1 song without a length)")
        #expect(PlaylistSummary.text(count: 12, total: 2890, unknown: 2) == "12 songs, 48:10 (2 songs without a length)")
        #expect(PlaylistSummary.text(count: 2, total: 0, unknown: 2) == "2 songs, 0:00 (no song has a length)")
        #expect(PlaylistSummary.lengthsMissing(0) == nil)
        #expect(PlaylistSummary.lengthsMissing(3) == "3 songs without a length")
    }
}
