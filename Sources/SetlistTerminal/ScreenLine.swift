/// One line of the screen: its text, never wider than the screen, and how it is emphasised.
public struct ScreenLine: Hashable, Sendable {
    /// What a line is, which decides its attributes.
    public enum Style: Hashable, Sendable {
        case normal, title, heading, dim, rule, status
        /// Bold, for table headers in the command line's output.
        case strong
        /// Bold red (bold only without colour), for the word "error:" in a message.
        case error
    }

    /// The text, without escape sequences.
    public var text: String
    /// How the text is emphasised.
    public var style: Style

    /// A line of `text` in `style`.
    public init(_ text: String, _ style: Style = .normal) {
        self.text = text
        self.style = style
    }

    /// The line with the escape sequences of its style for `appearance`, reset at the end.
    public func rendered(_ appearance: Appearance) -> String {
        let codes: String
        switch (appearance, style) {
        case (.plain, _), (_, .normal): return text
        case (.color, .title): codes = "1;33"
        case (.color, .heading): codes = "1;36"
        case (.color, .dim), (.color, .rule): codes = "2"
        case (.color, .status): codes = "7"
        case (.color, .strong), (.monochrome, .strong), (.monochrome, .error): codes = "1"
        case (.color, .error): codes = "1;31"
        case (.monochrome, .title), (.monochrome, .heading): codes = "1"
        case (.monochrome, .status): codes = "7"
        case (.monochrome, .dim), (.monochrome, .rule): return text
        }
        return text.isEmpty ? text : "\u{1B}[\(codes)m\(text)\u{1B}[0m"
    }
}
