/// One ChordPro directive line: `{name: value}`, `{name value}`, `{name}` or
/// `{meta: name value}` (https://www.chordpro.org/chordpro/chordpro-directives/).
public struct ChordProDirective: Hashable, Sendable {
    /// The directive's name in lowercase, without a condition (`title-de` is `title`); for
    /// `{meta: NAME VALUE}`, NAME.
    public var name: String
    /// What follows the name, trimmed; empty for none.
    public var value: String
    /// The directive as written, for messages: `title`, `t`, `meta: artist`.
    public var label: String

    /// The directive `line` holds, or nil when it is not one.
    public init?(_ line: String) {
        let trimmed = Text.trimmedSpaces(line)
        guard trimmed.hasPrefix("{"), trimmed.hasSuffix("}"), trimmed.count >= 2 else { return nil }
        let inner = trimmed.dropFirst().dropLast()
        let separator = inner.firstIndex { $0 == ":" || $0 == " " || $0 == "\t" } ?? inner.endIndex
        var name = inner[..<separator].lowercased()
        var value = inner[separator...].drop { $0 == ":" || $0 == " " || $0 == "\t" }
        label = name
        // Conditional directives ("title-de", "key-piano") count as the plain one.
        if let dash = name.firstIndex(of: "-") { name = String(name[..<dash]) }
        if name == "meta" {
            let split = value.firstIndex { $0 == " " || $0 == "\t" || $0 == ":" } ?? value.endIndex
            name = value[..<split].lowercased()
            value = value[split...].drop { $0 == ":" || $0 == " " || $0 == "\t" }
            label = "meta: \(name)"
        }
        self.name = name
        self.value = Text.trimmedSpaces(String(value))
    }

    /// The directives that are a song's fields (and `{new_song}`, which starts another song, and
    /// `{capo}` and `{meta: notation …}`, which the chart keeps as its own fields): an import
    /// takes them as the song's details and leaves them out of its chart. Every other directive
    /// (`{time}`, `{composer}`, …) stays in the chart as written.
    public static let details: Set<String> = [
        "title", "t", "subtitle", "st", "artist", "key", "tempo", "duration", "new_song", "ns", "capo", "notation",
    ]

    /// The directives of comments shown in the chart: `{comment}` and its italic, boxed and
    /// highlighted forms, and the guitar comments (`{gc}`, `{comment_guitar}`) that charts use for
    /// capo hints and "instrumental x2".
    static let comments: Set<String> = [
        "comment", "c", "comment_italic", "ci", "comment_box", "cb", "highlight", "gc", "comment_guitar", "guitar_comment",
    ]

    /// Whether it is a comment shown in the chart (``comments``).
    public var isComment: Bool { Self.comments.contains(name) }

    /// Whether it is `{new_song}` (`{ns}`), which starts another song in the same file.
    public var startsNewSong: Bool { name == "new_song" || name == "ns" }

    /// Whether the directive sets a detail (``details``) rather than showing in the chart.
    public var isDetail: Bool { Self.details.contains(name) }
}

/// A section of a chart: `{start_of_chorus}` (`{soc}`) to `{end_of_chorus}` (`{eoc}`), and so
/// for verses, bridges, tabs, grids and any other `start_of_NAME`.
public enum ChartSection: Hashable, Sendable {
    case chorus, verse, bridge, tab, grid
    case other(String)

    /// The section a `{start_of_…}` directive opens.
    public init?(starting directive: ChordProDirective) {
        switch directive.name {
        case "soc": self = .chorus
        case "sov": self = .verse
        case "sob": self = .bridge
        case "sot": self = .tab
        case "sog": self = .grid
        case let name where name.hasPrefix("start_of_"): self = Self(named: String(name.dropFirst(9)))
        default: return nil
        }
    }

    /// The section an `{end_of_…}` directive closes.
    public init?(ending directive: ChordProDirective) {
        switch directive.name {
        case "eoc": self = .chorus
        case "eov": self = .verse
        case "eob": self = .bridge
        case "eot": self = .tab
        case "eog": self = .grid
        case let name where name.hasPrefix("end_of_"): self = Self(named: String(name.dropFirst(7)))
        default: return nil
        }
    }

    init(named name: String) {
        switch name {
        case "chorus": self = .chorus
        case "verse": self = .verse
        case "bridge": self = .bridge
        case "tab": self = .tab
        case "grid": self = .grid
        default: self = .other(name)
        }
    }

    /// Each line of a chart with its directive, when it is one, and the section it stands in
    /// (nil outside any): the one reading of where sections start and end, for showing a chart
    /// and for moving its chords.
    static func walk(_ lines: [String]) -> [(line: String, directive: ChordProDirective?, section: ChartSection?)] {
        var section: ChartSection?
        return lines.map { line in
            let directive = ChordProDirective(line)
            if let directive {
                if let start = ChartSection(starting: directive) { section = start }
                if ChartSection(ending: directive) != nil { section = nil }
            }
            return (line, directive, section)
        }
    }

    /// Whether its lines are shown as written, in a fixed-width font, rather than read as lyrics
    /// with chords: tabs, grids, and the blocks ChordPro hands to other programs (ABC and
    /// LilyPond notation, SVG, text blocks).
    public var isVerbatim: Bool {
        switch self {
        case .tab, .grid: true
        case .other(let name): ["abc", "ly", "svg", "textblock"].contains(name)
        default: false
        }
    }

    /// The heading a section is shown under when its directive gives no label.
    public var heading: String {
        switch self {
        case .chorus: "Chorus"
        case .verse: "Verse"
        case .bridge: "Bridge"
        case .tab: "Tab"
        case .grid: "Grid"
        case .other(let name): name.prefix(1).uppercased() + name.dropFirst().replacingOccurrences(of: "_", with: " ")
        }
    }
}
