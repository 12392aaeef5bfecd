import SetlistModel
import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo
@testable import SetlistSupport

@Suite struct TypesetterTests {
    /// Each character as the rule says: tabs and (unless one line) new lines stay, separators become
    /// new lines (or spaces), other forbidden characters spaces, everything else itself.
    @Test(arguments: [false, true])
    func printableTextFollowsTheRuleForEveryCharacter(singleLine: Bool) {
        let scalars = (0...0x3000).compactMap(Unicode.Scalar.init) + ["\u{FEFF}", "\u{FE0F}", "\u{E000}", "\u{1F3B8}", "\u{E0001}"]
        for scalar in scalars {
            let expected: Unicode.Scalar =
                switch scalar {
                case "\t": scalar
                case "\n": singleLine ? " " : scalar
                case "\u{2028}", "\u{2029}": singleLine ? " " : "\n"
                default: ControlCharacters.isForbidden(scalar) ? " " : scalar
                }
            #expect(
                Typesetter.printable("a\(scalar)b", singleLine: singleLine) == "a\(expected)b",
                "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
    }
}
