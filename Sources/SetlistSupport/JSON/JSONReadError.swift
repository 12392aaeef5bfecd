/// What is wrong with a JSON text, as one sentence that names the place: `at songs[3].bpm:
/// expected a number, found the text "fast".`, `it is not valid JSON at line 4, column 7 (…).`
public struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    /// Whether the problem is a key that stands twice in one object (the JSON is otherwise sound).
    public var isRepeatedKey = false
    /// Whether the text is not JSON there (cut short, a stray character): reading cannot go on
    /// past it, where a value of the wrong kind can be passed over (``JSONReader/collectProblems()``).
    public var isSyntax = false
    /// Whether the problem is text holding half a character (an escaped lone surrogate): broken
    /// JSON in a library file, a wrong value in a document (``JSONReader/Dialect``).
    public var isHalfCharacter = false

    public init(_ description: String) {
        self.description = description
    }
}
