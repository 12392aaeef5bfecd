/// One line of a chart as it is shown: lyrics with their chords, a comment, a section's start
/// or end, a tab or grid line as written, or a blank line. Directives that only matter to
/// ChordPro's own renderer (`{new_page}`, `{textsize}`, …) are not shown.
public enum ChartLine: Hashable, Sendable {
    case lyrics([ChartSegment])
    /// `{comment: …}` (`{c}`, `{ci}`, `{cb}`, `{highlight}`, the guitar comments `{gc}` and
    /// `{comment_guitar}`), and `{chorus}` which calls for the chorus again.
    case comment(String)
    /// A section opens, with the label its directive gives or its ``ChartSection/heading``.
    case sectionStart(ChartSection, label: String)
    case sectionEnd(ChartSection)
    /// `{key: D}` after the song's first key: the song changes key there (spelled in the
    /// reader's notation, ``commentText(notation:)``).
    case keyChange(MusicalKey)
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

    /// The text of a comment, and of a key change as a comment says it ("Key: D major"); nil
    /// for any other line.
    public func commentText(notation: KeyNotation) -> String? {
        switch self {
        case .comment(let text): text
        case .keyChange(let key): "Key: " + key.spelled(in: notation)
        default: nil
        }
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
                } else if directive.isComment {
                    shown.append(.comment(directive.value))
                } else if directive.name == "chorus" {
                    shown.append(.comment(directive.value.isEmpty ? "Chorus" : directive.value))
                } else if directive.name == "key", !directive.value.isEmpty {
                    shown.append(
                        MusicalKey(parsing: directive.value, notation: chart.notation).map(ChartLine.keyChange)
                            ?? .comment("Key: " + directive.value))
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
    /// syllables, section headings, comments in brackets, the chorus indented as songbooks set
    /// it. With a `width` (a terminal's), a line wider than it goes on below with its chords
    /// (the chords never part from their syllables), comments wrap, and headings and tab lines
    /// are cut.
    public static func monospaced(_ lines: [ChartLine], width: Int? = nil, notation: KeyNotation = .english) -> [MonospacedChartLine] {
        var result: [MonospacedChartLine] = [], indent = 0
        for line in lines {
            let room = width.map { max($0 - indent, 1) }
            switch line {
            case .lyrics(let segments):
                let (chords, lyrics) = ChartSegment.monospaced(segments)
                result += pairs(chords: chords, lyrics: lyrics, room: room).map { MonospacedChartLine(kind: $0, text: $1, indent: indent) }
            case .comment, .keyChange:
                let bracketed = "(" + (line.commentText(notation: notation) ?? "") + ")"
                for part in room.map({ Cells.wrap(bracketed, width: $0) }) ?? [bracketed] {
                    result.append(MonospacedChartLine(kind: .comment, text: part, indent: indent))
                }
            case .sectionStart(let section, let label):
                result.append(MonospacedChartLine(kind: .heading, text: width.map { Cells.truncate(label, to: $0) } ?? label))
                if section == .chorus { indent = 2 }
            case .sectionEnd: indent = 0
            case .verbatim(let text):
                result.append(MonospacedChartLine(kind: .verbatim, text: room.map { Cells.truncate(text, to: $0) } ?? text, indent: indent))
            case .blank: result.append(MonospacedChartLine(kind: .blank, text: ""))
            }
        }
        return result
    }

    /// Whether lyrics under chords are more than the spaces between the chords of a line of
    /// chords alone (`[G] [D]`).
    private static func hasWords(_ lyrics: String) -> Bool { lyrics.contains { $0 != " " } }

    /// A line of chords over its lyrics, in pieces of at most `room` columns, each piece's
    /// chords over its lyrics; a line of chords alone stays one. A piece ends where a word does
    /// and no chord name is cut, when there is such a place (else where no chord name is cut,
    /// else at `room`), and the next one starts at its next word.
    private static func pairs(chords: String?, lyrics: String, room: Int?) -> [(MonospacedChartLine.Kind, String)] {
        guard let room else {
            return (chords.map { [(.chords, $0)] } ?? []) + (hasWords(lyrics) || chords == nil ? [(.lyrics, lyrics)] : [])
        }
        let chordCharacters = Array(chords ?? ""), lyricCharacters = Array(lyrics)
        let total = max(chordCharacters.count, lyricCharacters.count)
        func isChord(_ column: Int) -> Bool { column >= 0 && column < chordCharacters.count && chordCharacters[column] != " " }
        func isSpace(_ column: Int) -> Bool { column >= lyricCharacters.count || lyricCharacters[column] == " " }
        func keepsChords(_ column: Int) -> Bool { !(isChord(column - 1) && isChord(column)) }
        var result: [(MonospacedChartLine.Kind, String)] = [], start = 0
        repeat {
            var end = min(start + room, total)
            if end < total {
                let places = stride(from: end, to: start, by: -1)
                end = places.first { keepsChords($0) && (isSpace($0 - 1) || isSpace($0)) } ?? places.first(where: keepsChords) ?? end
            }
            let chordPart = String(chordCharacters[min(start, chordCharacters.count)..<min(end, chordCharacters.count)])
            if chordPart.contains(where: { $0 != " " }) {
                result.append((.chords, String(chordPart.reversed().drop { $0 == " " }.reversed())))
            }
            if (start < lyricCharacters.count && hasWords(lyrics)) || (lyricCharacters.isEmpty && chords == nil) {
                let lyricPart = lyricCharacters[min(start, lyricCharacters.count)..<min(end, lyricCharacters.count)]
                result.append(
                    (.lyrics, String(end < total ? String(lyricPart.reversed().drop { $0 == " " }.reversed()) : String(lyricPart))))
            }
            start = end
            while start < total, isSpace(start), !isChord(start) { start += 1 }
        } while start < total
        return result
    }
}
