/// One line of a chart as it is shown: lyrics with their chords, a comment, a section's start
/// or end, a tab or grid line as written, or a blank line. Directives that only matter to
/// ChordPro's own renderer (`{new_page}`, `{textsize}`, …) are not shown.
public enum ChartLine: Hashable, Sendable {
    case lyrics([ChartSegment])
    /// `{comment: …}` (`{c}`, `{ci}`, `{cb}`, `{highlight}`), and `{chorus}` which calls for the
    /// chorus again.
    case comment(String)
    /// A section opens, with the label its directive gives or its ``ChartSection/heading``.
    case sectionStart(ChartSection, label: String)
    case sectionEnd(ChartSection)
    /// A line inside a tab or grid, shown in a fixed-width font as written.
    case verbatim(String)
    case blank

    /// A section's label: its whole value (`{soc: Refrain}`), or its `label="…"` attribute when
    /// the value is attributes (`{start_of_verse label="Verse 1"}`, `{start_of_abc spread=30}`).
    static func label(_ value: String) -> String {
        guard value.contains("=") else { return value }
        guard let start = value.range(of: "label=\"") else { return "" }
        return String(value[start.upperBound...].prefix { $0 != "\"" })
    }

    /// The lines of `chart` to show.
    public static func lines(of chart: Chart) -> [ChartLine] {
        var shown: [ChartLine] = []
        for (line, directive, section) in ChartSection.walk(chart.lines) {
            if let directive {
                if let start = ChartSection(starting: directive) {
                    let label = Self.label(directive.value)
                    shown.append(.sectionStart(start, label: label.isEmpty ? start.heading : label))
                } else if let end = ChartSection(ending: directive) {
                    shown.append(.sectionEnd(end))
                } else if ["comment", "c", "comment_italic", "ci", "comment_box", "cb", "highlight"].contains(directive.name) {
                    shown.append(.comment(directive.value))
                } else if directive.name == "chorus" {
                    shown.append(.comment(directive.value.isEmpty ? "Chorus" : directive.value))
                }
                continue
            }
            if line.hasPrefix("#") { continue } // a ChordPro comment, for the chart's writer only
            if line.isEmpty {
                shown.append(.blank)
            } else if section?.isVerbatim == true {
                shown.append(.verbatim(line))
            } else {
                shown.append(.lyrics(ChartSegment.segments(of: line)))
            }
        }
        return shown
    }
}

/// A stretch of lyrics and the chord over its start (nil before the first chord of a line).
public struct ChartSegment: Hashable, Sendable {
    public var chord: String?
    public var text: String

    public init(chord: String?, text: String) {
        self.chord = chord
        self.text = text
    }

    /// `[Am]Hello [F]world` as (Am, "Hello "), (F, "world").
    static func segments(of line: String) -> [ChartSegment] {
        var segments: [ChartSegment] = [], rest = Substring(line), chord: String?
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            let text = String(rest[..<open])
            if chord != nil || !text.isEmpty { segments.append(ChartSegment(chord: chord, text: text)) }
            chord = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
        }
        segments.append(ChartSegment(chord: chord, text: String(rest)))
        return segments
    }

    /// The line in a fixed-width font: the chords on a line of their own over the syllables they
    /// belong to (nil when the line has none), and the lyrics, spaced out where a chord is wider
    /// than its syllables.
    public static func monospaced(_ segments: [ChartSegment]) -> (chords: String?, lyrics: String) {
        var chords = "", lyrics = ""
        for segment in segments {
            if let chord = segment.chord, !chord.isEmpty {
                // A chord starts one column after the one before it ends.
                let column = chords.isEmpty ? 0 : chords.count + 1
                if lyrics.count < column { lyrics += String(repeating: " ", count: column - lyrics.count) }
                chords += String(repeating: " ", count: lyrics.count - chords.count) + chord
            }
            lyrics += segment.text
        }
        return (chords.isEmpty ? nil : chords, lyrics)
    }
}

/// A line of a chart laid out in a fixed-width font (a terminal): what it is, for its emphasis,
/// and its text.
public struct MonospacedChartLine: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case chords, lyrics, heading, comment, verbatim, blank }
    public var kind: Kind
    public var text: String
    /// Columns before the text: the chorus is set in by 2.
    public var indent = 0

    /// The line with its indent.
    public var indented: String { String(repeating: " ", count: indent) + text }
}

extension ChartLine {
    /// `lines` laid out in a fixed-width font: chords on a line of their own over their
    /// syllables, section headings, the chorus indented as songbooks set it.
    public static func monospaced(_ lines: [ChartLine]) -> [MonospacedChartLine] {
        var result: [MonospacedChartLine] = [], indent = 0
        for line in lines {
            switch line {
            case .lyrics(let segments):
                let (chords, lyrics) = ChartSegment.monospaced(segments)
                if let chords { result.append(MonospacedChartLine(kind: .chords, text: chords, indent: indent)) }
                if !lyrics.isEmpty || chords == nil { result.append(MonospacedChartLine(kind: .lyrics, text: lyrics, indent: indent)) }
            case .comment(let text): result.append(MonospacedChartLine(kind: .comment, text: text, indent: indent))
            case .sectionStart(let section, let label):
                result.append(MonospacedChartLine(kind: .heading, text: label))
                if section == .chorus { indent = 2 }
            case .sectionEnd: indent = 0
            case .verbatim(let text): result.append(MonospacedChartLine(kind: .verbatim, text: text, indent: indent))
            case .blank: result.append(MonospacedChartLine(kind: .blank, text: ""))
            }
        }
        return result
    }
}
