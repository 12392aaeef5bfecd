import SetlistModel

/// A failure in the command layer itself, such as a file to read that is missing.
struct CLIError: SetlistError {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
