import ArgumentParser
import CLITestSupport
import Foundation
import SeededRandom
import Testing

@testable import SetlistCLI

/// `setlist` parses every command line from the root, as swift-argument-parser intends: a line runs
/// the command it names, and help, completion scripts, `--version` and usage errors are the root's
/// answer, as `SetlistCommand.parseAsRoot` gives it. Random lines built from every command's own
/// options, values and hostile words, and lines the root must answer.
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

    /// What `setlist` prints for a line the root answers itself (help, a completion script, the
    /// version, a usage error) as `SetlistCommand.parseAsRoot` gives the answer; nil for a line
    /// that runs one of setlist's commands.
    static func rootsAnswer(_ arguments: [String]) -> RunResult? {
        let answer: any Error
        do {
            var command = try SetlistCommand.parseAsRoot(arguments)
            if command is SetlistCommand {
                // `setlist` alone prints its help.
                answer = CleanExit.helpRequest(command)
            } else if type(of: command)._commandName == "help" {
                // swift-argument-parser's own `help` (also `--help`): it answers by throwing.
                do {
                    try command.run()
                    return nil
                } catch { answer = error }
            } else {
                return nil
            }
        } catch {
            answer = error
        }
        let status = SetlistCommand.exitCode(for: answer)
        // Its usage broken to 80 columns, as setlist prints it (UsageLines).
        var message = UsageLines.wrapped(SetlistCommand.fullMessage(for: answer))
        // setlist begins every error the same way, the parser's too.
        if message.hasPrefix("Error: ") { message = "setlist: error: " + message.dropFirst("Error: ".count) }
        let text = Data((message.isEmpty ? "" : message + "\n").utf8)
        return status == .success
            ? RunResult(status: status.rawValue, stdoutData: text, stderr: "")
            : RunResult(status: status.rawValue, stdoutData: Data(), stderr: String(decoding: text, as: UTF8.self))
    }

    static func expect(
        _ result: RunResult, is expected: RunResult, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == expected.status, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stdout == expected.stdout, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stderr == expected.stderr, "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test func aLineRunsTheCommandItNamesOrGetsTheRootsAnswer() throws {
        var random = seededGenerator(for: "SubcommandParsingTests.aLineRunsTheCommandItNamesOrGetsTheRootsAnswer")
        let lib = try TemporaryLibrary()
        var parsed: Set<String> = []
        let lines = TestSize.count(small: 20, full: 400)
        for command in Self.commands where command.name != "help" {
            // Past `lines`, on until one line parsed (or 300): some commands take few.
            for tried in 0..<300 where tried < lines || !parsed.contains(command.name) {
                let arguments = Self.line(command, using: &random)
                guard let answer = Self.rootsAnswer(arguments) else {
                    // Parsed: the command the line names, which `setlist` runs with its context
                    // (not run here: it would change the library). ParsableCommand's own run()
                    // refuses, rather than run on the process's streams.
                    var parsedCommand = try #require(try? SetlistCommand.parseAsRoot(arguments))
                    #expect(type(of: parsedCommand)._commandName == command.name, "\(arguments)")
                    #expect(parsedCommand is any SetlistSubcommand, "\(arguments)")
                    #expect(throws: CLIError.self, "\(arguments)") { try parsedCommand.run() }
                    parsed.insert(command.name)
                    continue
                }
                Self.expect(try lib.run(arguments), is: answer, arguments)
            }
        }
        // Every command is parsed, else the lines no longer reach it and the test lost its sign.
        let all = Set(CommandNames.all)
        #expect(parsed == all, "never parsed: \(all.subtracting(parsed).sorted())")
        #expect(try lib.snapshot().isEmpty, "no line the root answers touches the library")
    }

    @Test(arguments: [
        ["edit-song", "--help"], ["edit-song", "-h"], ["help", "edit-song"], ["edit-song", "--generate-completion-script", "bash"],
        ["songs", "--bogus"], ["transpose", "--all", "--version"], ["add-song"], ["--library", "x"], [],
        ["transpose", "--generate-completion-script"], ["transpose", "x", "--generate-completion-script=zsh"],
    ])
    func whatIsNotACommandGetsTheRootsAnswer(arguments: [String]) throws {
        let answer = try #require(Self.rootsAnswer(arguments), "the root answers \(arguments) itself")
        #expect(!answer.stdout.isEmpty || !answer.stderr.isEmpty)
        Self.expect(try TemporaryLibrary().run(arguments), is: answer, arguments)
    }
}
