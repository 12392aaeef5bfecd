import ArgumentParser
import CLITestSupport
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
            return UsageLines.wrapped(SetlistCommand.helpMessage(columns: columns), columns: columns)
        }
        return UsageLines.wrapped(SetlistCommand.helpMessage(for: command, columns: columns), columns: columns)
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
        for line in text.split(separator: "\n").map(String.init) {
            #expect(Cells.width(line) <= Self.columns, "\(name): [\(line)]")
        }
    }

    /// The usage, which swift-argument-parser writes on one line, is broken between its parts as
    /// `--help` and a usage error print it; no option is parted from its value.
    @Test func theUsageFitsEightyColumnsAsPrinted() throws {
        let lib = try TemporaryLibrary()
        let help = try lib.run("edit-song", "--help")
        let usage = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("USAGE: ") }.prefix {
            !$0.isEmpty
        }
        #expect(usage.count > 1, "\(help.stdout)")
        #expect(usage.allSatisfy { $0.count <= Self.columns }, "\(usage)")
        #expect(usage.dropFirst().allSatisfy { $0.hasPrefix("       ") && !$0.hasPrefix("        ") }, "\(usage)")
        #expect(usage.contains { $0.contains("[--length <m:ss>]") }, "\(usage)")
        let error = try lib.run("edit-song", "X", "--bogus")
        #expect(error.status == 64)
        #expect(error.stderr.split(separator: "\n").allSatisfy { !$0.hasPrefix("Usage: ") || $0.count <= Self.columns }, "\(error.stderr)")
    }

    /// An option whose value has a default says it once, in swift-argument-parser's "(default: …)".
    @Test(arguments: names)
    func aDefaultIsSaidOnce(name: String) {
        let text = Self.help(name, columns: 10_000)
        for line in text.split(separator: "\n") where line.hasPrefix("  -") {
            #expect(line.components(separatedBy: "default").count <= 2, "\(name): [\(line)]")
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
