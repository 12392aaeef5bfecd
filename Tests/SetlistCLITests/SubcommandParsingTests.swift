import ArgumentParser
import Foundation
import SeededRandom
import Testing

@testable import SetlistCLI

/// Parsing a command line from its subcommand gives the command the root would, or leaves the
/// line to the root: random lines built from every command's own options, values and hostile
/// words, compared with `SetlistCommand.parseAsRoot`.
@Suite struct SubcommandParsingTests {
    /// One argument of a command, as `--experimental-dump-help` describes it.
    struct Argument {
        var kind: String
        var names: [String]
        var valueName: String
        var values: [String]
        var isOptional: Bool
        var isRepeating: Bool
    }

    static let commands: [(name: String, arguments: [Argument])] = {
        let dump = try! JSONSerialization.jsonObject(with: Data(SetlistCommand._dumpHelp().utf8)) as! [String: Any]
        let subcommands = (dump["command"] as! [String: Any])["subcommands"] as! [[String: Any]]
        return subcommands.map { command in
            // Not the built-in --help and --version, which the lines get as stray words now and then.
            let own = (command["arguments"] as? [[String: Any]] ?? []).filter { !["help", "version"].contains($0["valueName"] as? String) }
            let arguments = own.map { argument in
                Argument(
                    kind: argument["kind"] as! String,
                    names: (argument["names"] as? [[String: String]] ?? []).map { ($0["kind"] == "short" ? "-" : "--") + $0["name"]! },
                    valueName: argument["valueName"] as? String ?? "",
                    values: argument["allValues"] as? [String] ?? [],
                    isOptional: argument["isOptional"] as? Bool ?? true,
                    isRepeating: argument["isRepeating"] as? Bool ?? false)
            }
            return (command["commandName"] as! String, arguments)
        }
    }()

    /// A value an option of this name would take, or now and then a word that is not one.
    static func value(for argument: Argument, using random: inout some RandomNumberGenerator) -> String {
        let plausible: [String] =
            switch argument.valueName {
            case "bpm", "n", "numbers": ["120", "1", "2", "3"]
            case "length", "m:ss", "time": ["3:20", "0:45", "20:00"]
            case "key": ["Am", "C", "F#m", "Bb"]
            case "file", "path", "excel", "base", "ours", "theirs": ["Concert.plsts", "songs.csv", "-", "/tmp/x"]
            case "email", "contact", "who": ["mail@mail.com", "Jana <jana@example.cz>"]
            default: argument.values.isEmpty ? ["Highway to Hell", "Můj koncert", "1", "2", "x"] : argument.values
            }
        let hostile = ["", "--", "-", "--help", "-h", "ž", "Cafe\u{301}", "../songs.json", "--bogus", "-1", "99999999999999999999"]
        return Int.random(in: 0..<8, using: &random) == 0
            ? hostile.randomElement(using: &random)! : plausible.randomElement(using: &random)!
    }

    /// A command line for `command`: each argument now and then left out, given twice, or out of
    /// order, values attached with `=` or not, and stray words.
    static func line(_ command: (name: String, arguments: [Argument]), using random: inout some RandomNumberGenerator) -> [String] {
        var words: [[String]] = []
        // Few options or many, so that commands whose options exclude each other parse too.
        let keeping = [1, 4, 7].randomElement(using: &random)!
        for argument in command.arguments where Int.random(in: 0..<10, using: &random) < (argument.isOptional ? keeping : 9) {
            let name = argument.names.randomElement(using: &random) ?? ""
            switch argument.kind {
            case "positional":
                let count = argument.isRepeating ? Int.random(in: 1...3, using: &random) : 1
                words.append((0..<count).map { _ in value(for: argument, using: &random) })
            case "flag":
                words.append([name])
            default:
                let value = value(for: argument, using: &random)
                words.append(Bool.random(using: &random) ? [name + "=" + value] : [name, value])
            }
            if Int.random(in: 0..<12, using: &random) == 0 { words.append(words.last!) }
        }
        if Int.random(in: 0..<6, using: &random) == 0 { words.shuffle(using: &random) }
        if Int.random(in: 0..<10, using: &random) == 0 {
            let stray = ["--help", "-h", "--version", "--generate-completion-script", "---completion", "help", "--", "--bogus", "extra"]
            words.insert([stray.randomElement(using: &random)!], at: Int.random(in: 0...words.count, using: &random))
        }
        return [command.name] + words.flatMap { $0 }
    }

    static func described(_ command: any ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    /// Every subcommand names the root as its super command, so that parsed on its own it skips
    /// the completion-script parses (a new command without it would only be slower).
    @Test func everySubcommandNamesTheRoot() {
        let without = CommandNames.commands.filter { $0.configuration._superCommandName != SubcommandParsing.rootName }
        #expect(without.map { $0._commandName } == [])
        #expect(SetlistCommand.configuration.commandName == SubcommandParsing.rootName)
        #expect(SetlistCommand.configuration._superCommandName == nil)
    }

    @Test func aLineParsedFromItsSubcommandIsTheRootsCommand() {
        var random = seededGenerator(for: "SubcommandParsingTests.aLineParsedFromItsSubcommandIsTheRootsCommand")
        var parsedDirectly: Set<String> = []
        let lines = TestSize.count(small: 20, full: 400)
        for command in Self.commands where command.name != "help" {
            // Past `lines`, on until one line parsed directly (or 300): some commands take few.
            for tried in 0..<300 where tried < lines || !parsedDirectly.contains(command.name) {
                let arguments = Self.line(command, using: &random)
                let fromRoot = try? SetlistCommand.parseAsRoot(arguments)
                guard let direct = SubcommandParsing.parsedDirectly(arguments) else { continue }
                parsedDirectly.insert(command.name)
                guard let fromRoot else {
                    Issue.record("\(arguments): parsed from the subcommand, an error from the root")
                    continue
                }
                #expect(Self.described(direct) == Self.described(fromRoot), "\(arguments)")
            }
        }
        // Every command is parsed from its subcommand, else the shortcut was lost without a sign.
        let all = Set(CommandNames.all)
        #expect(parsedDirectly == all, "never parsed directly: \(all.subtracting(parsedDirectly).sorted())")
    }

    @Test(arguments: [
        ["edit-song", "--help"], ["edit-song", "-h"], ["help", "edit-song"], ["edit-song", "--generate-completion-script", "bash"],
        ["songs", "--bogus"], ["transpose", "--all", "--version"], ["add-song"], ["setlist"], ["--library", "x"], [],
        ["transpose", "--generate-completion-script"], ["transpose", "x", "--generate-completion-script=zsh"],
    ])
    func whatIsNotACommandIsLeftToTheRoot(arguments: [String]) {
        #expect(SubcommandParsing.parsedDirectly(arguments) == nil)
    }
}
