/// A song as a ChordPro file: the details as directives, then the chart.
public enum ChordProFile {
    /// The chart in a ChordPro `text` (a file, or what an editor saved): every line but the
    /// directives that are a song's details (``ChordProDirective/details``), in the key its
    /// `{key: …}` names, else in `fallback`. Nil when nothing is left.
    /// - Throws: ``ValueError`` for a `{key}` that is no key, a second song (`{new_song}`), a
    ///   control character or a chart too long, each naming the line.
    public static func chart(in text: String, keyOtherwise fallback: MusicalKey?, notation: KeyNotation) throws(ValueError) -> Chart? {
        var body: [String] = [], key: MusicalKey?, number = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            let line = String(line)
            guard let directive = ChordProDirective(line), directive.isDetail else {
                body.append(line)
                continue
            }
            if directive.name == "new_song" || directive.name == "ns" {
                throw .chartHoldsSeveralSongs(line: number)
            }
            if directive.name == "key", key == nil, !directive.value.isEmpty {
                guard let parsed = MusicalKey(parsing: directive.value, notation: notation) else {
                    throw .invalidChartKey(line: number, text: directive.value)
                }
                key = parsed
            }
        }
        return try Chart(text: body.joined(separator: "\n"), key: key ?? fallback)
    }

    /// The ChordPro file of a song record: its title, author, key, tempo and length as
    /// directives, and its chart as the record shows it (in the record's key).
    public static func text(of fields: SongFields, notation: KeyNotation) -> String {
        var lines = ["{title: \(Text.oneLine(fields.name))}"]
        if let author = fields.author { lines.append("{artist: \(Text.oneLine(author))}") }
        // ChordPro names keys as chords do: "Am", "F#", "Bb".
        if let key = fields.key { lines.append("{key: \(key.tonic)\(key.mode == .minor ? "m" : "")}") }
        if let bpm = fields.bpm { lines.append("{tempo: \(bpm)}") }
        if let length = fields.length { lines.append("{duration: \(SongLength.format(length))}") }
        if let chart = fields.chart?.shown(in: fields.key, notation: notation) {
            lines.append("")
            lines += chart.lines
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
