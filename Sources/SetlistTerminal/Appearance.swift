/// How lines are drawn: with colour, with bold and reverse video only (`NO_COLOR`, monochrome
/// terminals), or with no attributes at all (`TERM=dumb`).
public enum Appearance: Sendable, Equatable {
    case color, monochrome, plain

    /// The appearance an environment asks for: `NO_COLOR` (any value) turns colour off, a
    /// monochrome `TERM` keeps only bold and reverse, and `TERM=dumb` or none turns every attribute off.
    public init(environment: [String: String]) {
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" {
            self = .plain
        } else if environment["NO_COLOR"].map({ !$0.isEmpty }) == true || term.hasSuffix("-mono") || term.hasSuffix("-m")
            || ["vt100", "vt102", "vt220", "ansi-mono"].contains(term)
        {
            self = .monochrome
        } else {
            self = .color
        }
    }
}
