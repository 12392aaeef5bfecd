/// Stage mode cannot start or keep the terminal.
public enum LiveError: Error, Sendable, CustomStringConvertible {
    case notATerminal

    public var description: String {
        switch self {
        case .notATerminal:
            "`setlist live` needs a terminal. For scripts, use `setlist show PLAYLIST --at N` to print one song."
        }
    }
}

extension LiveError {
    /// The exit status: 64 (usage) when there is no terminal to take over.
    public var exitStatus: Int32 {
        switch self {
        case .notATerminal: 64
        }
    }
}
