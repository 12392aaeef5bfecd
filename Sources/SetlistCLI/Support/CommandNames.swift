import ArgumentParser
import SetlistModel

/// The subcommands' names, for the word before everything else: `setlist shwo` suggests the
/// closest names, `setlist help foo` is an error, `setlist version` and `-V` print the version.
enum CommandNames {
    /// Every subcommand's name, in the order of `setlist --help` (`subcommands` alone would also
    /// hold the grouped ones, so each name would come twice).
    static var all: [String] { commands.map { $0._commandName } }

    /// Every subcommand, in the same order.
    static var commands: [any ParsableCommand.Type] {
        let configuration = SetlistCommand.configuration
        return configuration.groupedSubcommands.flatMap(\.subcommands) + configuration.ungroupedSubcommands
    }

    /// What to do with the first word before ArgumentParser sees it: nil to parse as usual.
    enum Early {
        case version
        case unknown(String, suggestions: [String])
    }

    static func early(_ arguments: [String]) -> Early? {
        guard let first = arguments.first else { return nil }
        if first == "-V" { return .version }
        let names = all
        if first == "help", arguments.count > 1, !arguments[1].hasPrefix("-"), !names.contains(arguments[1]) {
            return .unknown(arguments[1], suggestions: closest(to: arguments[1], in: names))
        }
        guard !first.hasPrefix("-"), first != "help", !names.contains(first) else { return nil }
        return .unknown(first, suggestions: closest(to: first, in: names))
    }

    /// The error for an unknown command, with the closest names.
    static func unknownMessage(_ word: String, suggestions: [String]) -> String {
        let hint = suggestions.isEmpty ? "" : " Did you mean " + suggestions.map { "`setlist \($0)`" }.joined(separator: " or ") + "?"
        return "setlist: error: There is no command '\(word)'.\(hint) `setlist --help` lists the commands."
    }

    /// The names within two edits of `word` (or starting with it), closest first, at most three.
    static func closest(to word: String, in names: [String]) -> [String] {
        let typed = word.lowercased()
        let scored = names.map { name -> (String, Int) in
            let distance = editDistance(typed, name)
            return (name, name.hasPrefix(typed) && typed.count >= 2 ? min(distance, 1) : distance)
        }
        let limit = typed.count <= 3 ? 1 : 2
        return scored.filter { $0.1 <= limit }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
    }

    /// Edits (insert, delete, replace, swap of neighbours) between two words.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}

/// `setlist version`: the same as `setlist --version`.
struct VersionCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print the version of setlist (also -V, --version).")

    func run(_ context: CommandContext) throws { context.say(SetlistVersion.current) }
}
