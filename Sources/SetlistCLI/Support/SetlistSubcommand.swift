import ArgumentParser

/// One of setlist's commands: swift-argument-parser parses it, and `SetlistMain.run` runs it with
/// the context it reads and writes through (as swiftly's commands take theirs). A command reaches
/// the environment, the working folder and the streams only through that parameter, so a
/// command that forgets it does not compile, where it would have reached the process's own.
protocol SetlistSubcommand: ParsableCommand {
    /// Runs the command, reading and writing only through `context`.
    mutating func run(_ context: CommandContext) throws

    /// Whether the command draws PDFs: only those load Cairo and Pango (``CommandLineWords``).
    static var drawsPDFs: Bool { get }
}

extension SetlistSubcommand {
    static var drawsPDFs: Bool { false }

    /// ParsableCommand's `run()`, which `SetlistMain.run` never calls: it fails rather than run
    /// the command on the process's streams behind the context's back.
    func run() throws {
        throw CLIError("setlist ran `\(Self._commandName)` without its context. This is a bug in setlist; please report it.")
    }
}
