import ArgumentParser
import SetlistModel
import Testing

@testable import SetlistCLI

/// Every help text (`setlist --help` and each command's) at 80 columns, the width of a terminal
/// nobody resized: examples stay whole on one line, so that they can be copied, and no line of
/// the prose is broken by hand where the wrapping already broke it, which strands a word alone.
@Suite struct HelpWidthTests {
    static let columns = 80

    /// The root and every subcommand, by name ("setlist" for the root).
    static let names = ["setlist"] + CommandNames.all

    static func help(_ name: String, columns: Int) -> String {
        guard let command = CommandNames.commands.first(where: { $0._commandName == name }) else {
            return SetlistCommand.helpMessage(columns: columns)
        }
        return SetlistCommand.helpMessage(for: command, columns: columns)
    }

    /// The lines above "USAGE:": the abstract and the discussion, which the commands write.
    static func description(_ text: String) -> [String] {
        Array(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).prefix { !$0.hasPrefix("USAGE:") })
    }

    /// An example: a command line to copy, alone or after "Example:".
    static func isExample(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return trimmed.hasPrefix("setlist ") || trimmed.hasPrefix("Example: setlist ")
    }

    @Test(arguments: names)
    func fitsEightyColumns(name: String) {
        let text = Self.help(name, columns: Self.columns)
        // The usage line is swift-argument-parser's own, never wrapped.
        for line in text.split(separator: "\n").map(String.init) where !line.hasPrefix("USAGE:") {
            #expect(Cells.width(line) <= Self.columns, "\(name): [\(line)]")
        }
    }

    /// Laid out without a width limit, each line of the description is a line as written (or a
    /// paragraph swift-argument-parser wraps itself). An example must fit 80 columns whole; a
    /// longer line must end its paragraph, else the wrapping leaves its last words on a short
    /// line before the next one.
    @Test(arguments: names)
    func examplesStayWholeAndNoWordIsStranded(name: String) {
        let wide = Self.description(Self.help(name, columns: 10_000))
        let narrow = Self.description(Self.help(name, columns: Self.columns))
        for (index, line) in wide.enumerated() where Cells.width(line) > Self.columns {
            #expect(!Self.isExample(line), "\(name): an example longer than \(Self.columns) columns: [\(line)]")
            let next = index + 1 < wide.count ? wide[index + 1] : ""
            #expect(next.isEmpty, "\(name): [\(line)] is wrapped, and the line after it starts a new one: [\(next)]")
        }
        for line in wide where Self.isExample(line) {
            #expect(narrow.contains(line), "\(name): the example [\(line)] is broken at \(Self.columns) columns")
        }
    }

    /// The root's help is where a new user starts: every example is there whole.
    @Test func theRootsExamplesAreWhole() {
        let narrow = Self.description(Self.help("setlist", columns: Self.columns))
        #expect(narrow.contains { $0.contains("--key D") && $0.contains("setlist add-song \"Stairway to Heaven\"") })
        #expect(!narrow.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--") })
    }
}
