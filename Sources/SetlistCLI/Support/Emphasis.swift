import SetlistTerminal

/// The one colour policy of the commands: colour and bold only on a stream that is a terminal,
/// never when it is piped or written to a file, never with `NO_COLOR` set (to anything but
/// empty) nor with `TERM=dumb`; a monochrome terminal gets bold only (see `Appearance`).
struct Emphasis {
    let appearance: Appearance

    init(terminal: Bool, environment: [String: String]) {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        appearance = terminal && !noColor ? Appearance(environment: environment) : .plain
    }

    /// Bold, for table headers.
    func strong(_ text: String) -> String { ScreenLine(text, .strong).rendered(appearance) }

    /// Bold red, for the word "error:".
    func error(_ text: String) -> String { ScreenLine(text, .error).rendered(appearance) }
}

extension CommandContext {
    /// Emphasis for standard output.
    var outputEmphasis: Emphasis { Emphasis(terminal: outputIsTerminal, environment: environment) }
    /// Emphasis for standard error.
    var errorEmphasis: Emphasis { Emphasis(terminal: errorOutputIsTerminal, environment: environment) }
}
