import SetlistModel

/// Stage mode cannot start or keep the terminal.
public enum LiveError: SetlistError, Sendable {
    case notATerminal
    /// The playlist has no songs to show.
    case emptyPlaylist(String)
    /// The terminal failed in a way the program cannot fix.
    case terminal(String)

    /// The message for standard error: what went wrong and what to do.
    public var description: String {
        switch self {
        case .notATerminal:
            "`setlist live` needs a terminal. For scripts, use `setlist show PLAYLIST --at N` to print one song."
        case .emptyPlaylist(let name):
            "'\(name)' has no songs to step through. Copy some in with `setlist add \"\(name)\" SONG...`."
        case .terminal(let detail):
            "the terminal failed: \(detail). Try again in another terminal, or use `setlist show PLAYLIST --at N`."
        }
    }
}

extension LiveError {
    /// The exit status: 64 (usage) when there is no terminal to take over, 1 otherwise.
    public var exitStatus: Int32 {
        switch self {
        case .notATerminal: 64
        case .emptyPlaylist, .terminal: 1
        }
    }
}
