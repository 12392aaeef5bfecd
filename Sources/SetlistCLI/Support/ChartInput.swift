import ArgumentParser
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

    /// The example the editor opens for a song without a chart: a ChordPro comment, so that
    /// what is typed below it is the chart, not it.
    static let example = "# [C]Lyrics with [G]chords in brackets before their [Am]syllables"

    /// What the editor opens: the header, the title, the chart's notation when it is German, the
    /// key and capo as directives, and the chart as the record shows it in the reader's notation
    /// (or the example).
    static func editorText(_ record: SongFields, notation: KeyNotation) -> String {
        let shown = ShownChart(record, notation: notation)
        var lines = [header, "{title: \(Text.oneLine(record.name))}"]
        lines += ChordProFile.notationDirective(notation).map { [$0] } ?? []
        if let key = shown?.key ?? record.key { lines.append(ChordProFile.keyDirective(key, notation: notation)) }
        if let capo = shown?.capo { lines.append("{capo: \(capo)}") }
        lines.append("")
        lines += shown?.chart.lines ?? [example]
        return lines.map { $0 + "\n" }.joined()
    }

    /// `text` without the header line the editor was given, and without the example.
    static func withoutHeader(_ text: String) -> String {
        let body = text.hasPrefix(header + "\n") ? String(text.dropFirst(header.count + 1)) : text
        return ChordProFile.lines(of: body).filter { $0 != example }.joined(separator: "\n")
    }

    /// The chart as `chart --chordpro` prints it: as shown to the reader, after the directives
    /// that say how to read it again (its notation when German, its capo).
    static func chordPro(_ shown: ShownChart, notation: KeyNotation) -> String {
        var lines = ChordProFile.notationDirective(notation).map { [$0] } ?? []
        if let capo = shown.capo { lines.append("{capo: \(capo)}") }
        return (lines + shown.chart.lines).map { $0 + "\n" }.joined()
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

/// `--notation german|english`, as `config notation` spells them.
extension KeyNotation: ExpressibleByArgument {}
