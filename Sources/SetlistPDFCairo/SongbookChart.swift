import SetlistModel

/// What the songbook prints of a song: its chart as every reader shows it (``ShownChart``: in the
/// copy's key, or as the shapes of its capo or of the capo asked for), and the line of details
/// under its title.
enum SongbookChart {
    /// The chart of `fields` shown for the songbook; `capo`, the fret asked for (`--capo`), else
    /// the chart's own.
    /// With a `part` other than concert pitch, the chart as that part reads it.
    static func shown(_ fields: SongFields, capo: Int?, part: Part = .concert, notation: KeyNotation) -> ShownChart? {
        part == .concert ? ShownChart(fields, notation: notation, capo: capo) : ShownChart(fields, notation: notation, part: part)
    }

    /// "AC/DC  ·  Key A major (written in G major)  ·  116 BPM  ·  3:28", with "Capo 2: G major
    /// shapes" after the key when the chords are shapes for a capo; what is unknown is left out.
    /// For a `part` other than concert pitch, the part and both keys instead of the key ("E♭ part
    /// · written in A major · sounds C major", ``Part/heading(sounding:_:)``).
    static func details(_ fields: SongFields, capo: Int?, part: Part = .concert, notation: KeyNotation) -> String {
        details(fields, shown: shown(fields, capo: capo, part: part, notation: notation), capo: capo, part: part, notation: notation)
    }

    /// The details, given the chart as ``shown(_:capo:part:notation:)`` shows it (moving a chart
    /// is most of a songbook's work outside Pango, so the layout moves it once for both).
    static func details(_ fields: SongFields, shown: ShownChart?, capo: Int?, part: Part, notation: KeyNotation) -> String {
        var parts: [String] = []
        if let author = fields.author, !author.isEmpty { parts.append(author) }
        if let heading = part.heading(sounding: fields.key ?? fields.chart?.soundingKey, { SetlistWords.key($0, notation: notation) }) {
            parts.append(heading)
        } else if let key = fields.key {
            var text = "Key " + SetlistWords.key(key, notation: notation)
            if let chart = fields.chart, let written = chart.key, chart.capo == nil, chart.isMoved(to: key) {
                text += " (written in " + SetlistWords.key(written, notation: notation) + ")"
            }
            parts.append(text)
        }
        if part != .concert {
            // The part's heading has said it.
        } else if let capo = shown?.capoText({ SetlistWords.key($0, notation: notation) }) {
            parts.append(capo)
        } else if let capo, capo > 0, fields.chart == nil {
            parts.append("Capo \(capo)")
        }
        if let bpm = fields.bpm { parts.append("\(bpm)\u{00A0}BPM") }
        if let length = fields.length { parts.append(SongLength.format(length)) }
        return parts.joined(separator: "  ·  ")
    }
}
