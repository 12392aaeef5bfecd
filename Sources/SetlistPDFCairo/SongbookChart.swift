import SetlistModel

/// What the songbook prints of a song: its chart as every reader shows it (``ShownChart``: in the
/// copy's key, or as the shapes of its capo or of the capo asked for), and the line of details
/// under its title.
enum SongbookChart {
    /// The chart of `fields` shown for the songbook; `capo`, the fret asked for (`--capo`), else
    /// the chart's own.
    static func shown(_ fields: SongFields, capo: Int?, notation: KeyNotation) -> ShownChart? {
        ShownChart(fields, notation: notation, capo: capo)
    }

    /// "AC/DC  ·  Key A major (written in G major)  ·  116 BPM  ·  3:28", with "Capo 2: G major
    /// shapes" after the key when the chords are shapes for a capo; what is unknown is left out.
    static func details(_ fields: SongFields, capo: Int?, notation: KeyNotation) -> String {
        var parts: [String] = []
        let shown = shown(fields, capo: capo, notation: notation)
        if let author = fields.author, !author.isEmpty { parts.append(author) }
        if let key = fields.key {
            var text = "Key " + SetlistWords.key(key, notation: notation)
            if let chart = fields.chart, let written = chart.key, chart.capo == nil, chart.isMoved(to: key) {
                text += " (written in " + SetlistWords.key(written, notation: notation) + ")"
            }
            parts.append(text)
        }
        if let capo = shown?.capoText({ SetlistWords.key($0, notation: notation) }) {
            parts.append(capo)
        } else if let capo, capo > 0, fields.chart == nil {
            parts.append("Capo \(capo)")
        }
        if let bpm = fields.bpm { parts.append("\(bpm)\u{00A0}BPM") }
        if let length = fields.length { parts.append(SongLength.format(length)) }
        return parts.joined(separator: "  ·  ")
    }
}
