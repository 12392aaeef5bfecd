import Foundation
import Testing

/// Each command parses, calls the library and prints (docs/architecture.md): wording two commands
/// share lives in Sources/SetlistCLI/Presentation, never in one command for another to call.
@Suite struct CommandIndependenceTests {
    /// The top-level declarations of a formatted Swift file: from a line beginning `struct`,
    /// `extension`, `enum` or `final class` to the next line that is a lone `}`.
    static func declarations(in text: String) -> [(type: String, body: String)] {
        let pattern = /^(?:public |private |fileprivate |package )?(?:struct|extension|enum|final class) (\w+)/
        var result: [(String, String)] = []
        var current: (type: String, lines: [Substring])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, let match = line.prefixMatch(of: pattern) {
                current = (String(match.1), [line])
                if line.hasSuffix("}") {
                    result.append((current!.type, line.description))
                    current = nil
                }
            } else if current != nil {
                current!.lines.append(line)
                if line == "}" {
                    result.append((current!.type, current!.lines.joined(separator: "\n")))
                    current = nil
                }
            }
        }
        return result
    }

    /// Where a command's own code names another command: "AddCommand uses ShowCommand".
    static func crossings(in files: [String]) -> [String] {
        let declarations = files.flatMap(Self.declarations)
        let commands = Self.commands(in: files)
        var found: [String] = []
        for (type, body) in declarations where commands.contains(type) {
            for other in commands.sorted() where other != type {
                if Self.names(other, in: body) { found.append("\(type) uses \(other)") }
            }
        }
        return found
    }

    /// Whether `text` holds `name` as a whole word (not within a longer name).
    static func names(_ name: String, in text: String) -> Bool {
        func isNamePart(_ character: Character?) -> Bool { character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
        var rest = text[...]
        while let range = rest.range(of: name) {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : nil
            let after = range.upperBound < text.endIndex ? text[range.upperBound] : nil
            if !isNamePart(before) && !isNamePart(after) { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    /// The types of the commands: `struct NameCommand: SetlistSubcommand`.
    static func commands(in files: [String]) -> Set<String> {
        Set(files.flatMap { text in text.matches(of: /^struct (\w+): SetlistSubcommand/.anchorsMatchLineEndings()).map { String($0.1) } })
    }

    static var sources: [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/SetlistCLI")
            .standardizedFileURL
        let paths =
            FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return paths.sorted().compactMap { try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
    }

    @Test func noCommandUsesAnother() {
        let sources = Self.sources
        #expect(sources.count > 20, "the command sources are read")
        #expect(Self.commands(in: sources).count > 30, "the commands are found")
        #expect(Self.crossings(in: sources) == [])
    }

    @Test func aCommandUsingAnotherIsFound() {
        let file = """
            struct ShowCommand: SetlistSubcommand {
                func run() { context.say("x") }
            }

            struct GigCommand: SetlistSubcommand {
                func run() { context.say("\\(ShowCommand.heading(gig))") }
            }

            extension ShowCommand {
                static func heading() -> String { "{" }
            }
            """
        #expect(Self.declarations(in: file).map(\.type) == ["ShowCommand", "GigCommand", "ShowCommand"])
        #expect(Self.crossings(in: [file]) == ["GigCommand uses ShowCommand"])
    }
}
