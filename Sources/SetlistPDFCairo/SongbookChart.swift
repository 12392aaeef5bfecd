import SetlistModel

/// What the songbook prints of a song: its chart in the copy's key (or as shapes for a capo) and
/// the line of details under its title.
enum SongbookChart {
    /// The chart as the copy's key shows it; with a `capo` on fret N, moved down N semitones and
    /// spelled for the key of those shapes, which is also returned. Without a key to move from,
    /// the chart is as written and there is no shape key.
    static func shown(_ fields: SongFields, capo: Int?, notation: KeyNotation) -> (chart: Chart?, shapes: MusicalKey?) {
        guard let chart = fields.chart else { return (nil, nil) }
        guard let capo, capo > 0, let key = fields.key ?? chart.key else { return (chart.shown(in: fields.key, notation: notation), nil) }
        let shapes = key.transposed(by: -capo)
        // Moved to the key heard in the chart's own (English) names, then down to the shapes.
        let sounding = chart.shown(in: fields.key)
        return (Chart(lines: sounding.lines, key: key).shown(in: shapes, notation: notation), shapes)
    }

    /// "AC/DC  ·  Key A major (written in G major)  ·  116 BPM  ·  3:28", with "capo 2: G major
    /// shapes" after the key when a capo is asked for; what is unknown is left out.
    static func details(_ fields: SongFields, capo: Int?, notation: KeyNotation) -> String {
        var parts: [String] = []
        if let author = fields.author, !author.isEmpty { parts.append(author) }
        if let key = fields.key {
            var text = "Key " + SetlistWords.key(key, notation: notation)
            if let written = fields.chart?.key, fields.chart?.isMoved(to: key) == true {
                text += " (written in " + SetlistWords.key(written, notation: notation) + ")"
            }
            parts.append(text)
        }
        if let capo, capo > 0 {
            let shapes = shown(fields, capo: capo, notation: notation).shapes
            parts.append(
                "capo \(capo)"
                    + (shapes.map { ": " + SetlistWords.key($0, notation: notation) + " shapes" }
                        ?? (fields.chart == nil ? "" : " (no key: chords as written)")))
        }
        if let bpm = fields.bpm { parts.append("\(bpm)\u{00A0}BPM") }
        if let length = fields.length { parts.append(SongLength.format(length)) }
        return parts.joined(separator: "  ·  ")
    }
}
