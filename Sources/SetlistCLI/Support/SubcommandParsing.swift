import ArgumentParser

/// Parses a command line as `SetlistCommand.parseAsRoot` does, with less work for a well-formed one.
///
/// `parseAsRoot` on the root reflects the root and then asks of the named subcommand, with
/// `Mirror` once more than its own parse needs, whether it takes all the remaining words: about
/// 2.9 M of `edit-song`'s 19.7 M instructions. So when the first word names a subcommand, that
/// subcommand parses the rest as a root of its own. Only a command of exactly that type is taken:
/// anything else (help, a completion request, a usage error, `--version`) is parsed again from the
/// root, so usage lines, error messages and exit codes stay the root's.
///
/// Each subcommand's configuration names the root as its super command (``rootName``), as
/// swift-argument-parser has a command run under another tool say: a root with a super command
/// does not first parse the line twice more to look for `--generate-completion-script`, which was
/// 2.6 of `edit-song`'s 23.8 M instructions. The root (no super command) still answers that flag:
/// a line that holds it is left to the root, as one with `--version` is (`transpose` takes any word,
/// so its own parse would have taken the flag for a song).
enum SubcommandParsing {
    /// The root command's name, which every subcommand's configuration gives as its super command.
    static let rootName = "setlist"

    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        try parsedDirectly(arguments) ?? SetlistCommand.parseAsRoot(arguments)
    }

    /// The command when the first word names a subcommand that parses the rest on its own; nil
    /// for whatever must be parsed from the root.
    static func parsedDirectly(_ arguments: [String]) -> (any ParsableCommand)? {
        // The root answers `--version` and completion-script requests wherever they stand, even
        // as a subcommand's value.
        guard let first = arguments.first, !arguments.contains(where: Self.isForTheRoot), let type = subcommand(named: first),
            let command = try? type.parseAsRoot(Array(arguments.dropFirst())),
            ObjectIdentifier(Swift.type(of: command)) == ObjectIdentifier(type)
        else { return nil }
        return command
    }

    /// Whether `word` is a flag the root answers before any subcommand sees the line.
    private static func isForTheRoot(_ word: String) -> Bool {
        word == "--version" || word == "--generate-completion-script" || word.hasPrefix("--generate-completion-script=")
    }

    private static func subcommand(named name: String) -> (any ParsableCommand.Type)? {
        CommandNames.commands.first { $0._commandName == name }
    }
}
