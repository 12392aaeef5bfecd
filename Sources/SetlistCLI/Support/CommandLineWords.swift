/// The command line as setlist reads it before swift-argument-parser does, in this one place: a
/// leading `--library DIR` moved behind the command's name (`setlist --library DIR songs` reads as
/// naturally as `setlist songs --library DIR`; the option belongs to each command), `-V`, a first
/// word that names no command (answered with the closest names), and which command it runs, whose
/// type says whether it draws PDFs (then `setlist` starts setting up the fonts at once).
public struct CommandLineWords {
    /// The words as the parser reads them.
    public let arguments: [String]
    /// What to do before parsing: nil to parse as usual.
    let early: CommandNames.Early?
    /// The command the first word names, if any.
    let command: (any SetlistSubcommand.Type)?

    public init(_ arguments: [String]) {
        self.arguments = Self.movingLibraryOption(arguments)
        early = CommandNames.early(self.arguments)
        command = self.arguments.first.flatMap { word in
            CommandNames.commands.first { $0._commandName == word } as? any SetlistSubcommand.Type
        }
    }

    /// The words of the operating system's bytes; lossy text is enough to tell the command (the
    /// parser refuses bytes that are not UTF-8 with its usual error).
    public init(bytes: [[UInt8]]) {
        self.init(bytes.map { String(decoding: $0, as: UTF8.self) })
    }

    /// Whether the command draws PDFs: only those load Cairo and Pango.
    public var draws: Bool { command?.drawsPDFs ?? false }

    private static func movingLibraryOption(_ arguments: [String]) -> [String] {
        guard let first = arguments.first else { return arguments }
        let width = first == "--library" ? 2 : first.hasPrefix("--library=") ? 1 : 0
        guard width > 0, arguments.count > width else { return arguments }
        var rest = Array(arguments.dropFirst(width))
        let option = Array(arguments.prefix(width))
        rest.insert(contentsOf: option, at: 1)
        return rest
    }
}
