/// A `.plsts` document that cannot be exported or imported.
public enum ExchangeError: Error, Sendable, CustomStringConvertible {
    /// The document breaks the format; every problem found is listed, each with its place.
    case invalidDocument(source: String, problems: [String])

    public var description: String {
        switch self {
        case .invalidDocument(let source, let problems):
            "\(source) is not a setlist document this version can import:\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n")
        }
    }
}
