import SetlistModel

/// Stage mode cannot start or keep the terminal.
public enum StageModeError: SetlistError, Sendable {
    case notATerminal
    /// The terminal cannot place the cursor (`TERM=dumb`: Emacs' shell, a serial console), and
    /// stage mode draws by placing it.
    case dumbTerminal(playlist: String)
    /// The playlist has no songs to show.
    case emptyPlaylist(String)
    /// The terminal failed in a way the program cannot fix.
    case terminal(String)

    /// The message for standard error: what went wrong and what to do.
    public var description: String {
        switch self {
        case .notATerminal:
            "`setlist live` needs a terminal. For scripts, use `setlist show PLAYLIST --at N` to print one song."
        case .dumbTerminal(let playlist):
            "`setlist live` cannot draw on a dumb terminal (TERM=dumb): it places the cursor, which this terminal cannot. "
                + "Run it in a terminal emulator, or print one song at a time with `setlist show \(ShellWord.asNeeded(playlist)) --at N`."
        case .emptyPlaylist(let name):
            "'\(name)' has no songs to step through. Copy some in with `setlist add \"\(name)\" SONG...`."
        case .terminal(let detail):
            "the terminal failed: \(detail). Try again in another terminal, or use `setlist show PLAYLIST --at N`."
        }
    }
}

extension StageModeError {
    /// The exit status: 64 (usage) when there is no terminal to take over, 1 otherwise.
    public var exitStatus: Int32 {
        switch self {
        case .notATerminal, .dumbTerminal: 64
        case .emptyPlaylist, .terminal: 1
        }
    }
}
