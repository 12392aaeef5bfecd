import Foundation
import SetlistModel
import SetlistStore

/// Charts as `setlist chart` reads them: from a file or standard input, and from the editor.
enum ChartInput {
    /// The first line of the file the editor opens; taken out again before the chart is read.
    static let header = "# The chart of setlist's song; save to keep it. An empty chart removes it. {key} says what key it is in."

    /// The text of `file` (`-`: standard input), which must be UTF-8.
    static func read(_ file: String, in context: CommandContext) throws -> String {
        try context.readText(file, limit: Chart.maximumLength, what: "chart", plural: false)
    }

    /// What the editor opens: the header, the title and key as directives, and the chart.
    static func editorText(name: String, key: MusicalKey?, chart: Chart?) -> String {
        var lines = [header, "{title: \(Text.oneLine(name))}"]
        if let key { lines.append(ChordProFile.keyDirective(key)) }
        lines.append("")
        lines += chart?.lines ?? ["[C]Lyrics with [G]chords in brackets before their [Am]syllables"]
        return lines.map { $0 + "\n" }.joined()
    }

    /// `text` without the header line the editor was given.
    static func withoutHeader(_ text: String) -> String {
        text.hasPrefix(header + "\n") ? String(text.dropFirst(header.count + 1)) : text
    }
}

/// A chart for the terminal: chords over the lyrics, in bold where the output is a terminal,
/// fitted to its width (``ChartLine/monospaced(_:width:)``).
enum ChartText {
    static func lines(of chart: Chart, emphasis: Emphasis, width: Int?, notation: KeyNotation) -> [String] {
        ChartLine.monospaced(ChartLine.lines(of: chart), width: width, notation: notation).map { line in
            switch line.kind {
            case .chords, .heading: String(repeating: " ", count: line.indent) + emphasis.strong(line.text)
            case .comment, .lyrics, .verbatim, .blank: line.indented
            }
        }
    }
}
