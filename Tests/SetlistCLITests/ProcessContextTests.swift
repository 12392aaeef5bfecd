import Foundation
import Testing

@testable import SetlistCLI

/// The real program's context is read from the process directly rather than through
/// ProcessInfo and NSString; it must give what they give.
@Suite struct ProcessContextTests {
    @Test func theEnvironmentIsProcessInfos() {
        #expect(CommandContext.processEnvironment() == ProcessInfo.processInfo.environment)
    }

    /// The rule as it was written first, through `replacingOccurrences` for every quoted word.
    static func quotedAsEver(_ word: String) -> String {
        word.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" }) || word.isEmpty
            ? "\"" + word.replacingOccurrences(of: "\"", with: "\\\"") + "\"" : word
    }

    @Test(arguments: [
        "", "plain", "two words", "it's", "say \"hi\"", "\"", "\"\u{301} x", "a\u{301}\"b", "tab\there", "new\nline", "Žluťoučký kůň",
        "🎸 \"rock\"", "\\\" x", "''", " ",
    ])
    func commandLineWordsAreQuotedAsEver(word: String) {
        #expect(CommandContext.quoteIfNeeded(word) == Self.quotedAsEver(word))
    }

    @Test func theCommandLineIsRecordedAsTyped() {
        let context = CommandContext.process(arguments: ["add-song", "Highway to Hell", "--author", "AC/DC"])
        #expect(context.commandLine == "setlist add-song \"Highway to Hell\" --author AC/DC")
    }
}
