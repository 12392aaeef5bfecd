/// A song as a ChordPro file: the details as directives, then the chart.
public enum ChordProFile {
    /// The chart in a ChordPro `text` (a file, or what an editor saved) whose chords are written
    /// in `notation`: every line but the directives that are a song's details
    /// (``ChordProDirective/details``), in the key its first `{key: …}` names, else in
    /// `fallback`; a later `{key}` is a key change and stays (``body(of:firstLine:notation:)``).
    /// Kept with English chord names (``Chart/inEnglish(from:)``). Nil when nothing is left.
    /// - Throws: ``ValueError`` for a `{key}` that is no key, a second song (`{new_song}`), a
    ///   control character or a chart too long, each naming the line.
    public static func chart(in text: String, keyOtherwise fallback: MusicalKey?, notation: KeyNotation) throws(ValueError) -> Chart? {
        var key: MusicalKey?, number = 0
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map(
            String.init)
        for line in lines {
            number += 1
            guard let directive = ChordProDirective(line), directive.isDetail else { continue }
            if directive.startsNewSong {
                throw .chartHoldsSeveralSongs(line: number)
            }
            if directive.name == "key", key == nil, !directive.value.isEmpty {
                guard let parsed = MusicalKey(parsing: directive.value, notation: notation) else {
                    throw .invalidChartKey(line: number, text: directive.value)
                }
                key = parsed
            }
        }
        return try Chart(text: body(of: lines, notation: notation).joined(separator: "\n"), key: key ?? fallback)?.inEnglish(from: notation)
    }

    /// The lines of a song's ChordPro text that are its chart: all but the directives of its
    /// details, and but the blank line after them where a blank line came before them (the
    /// title block of a file leaves no gap of two lines). A `{key}` after the first is the song
    /// changing key there: it stays, written as ``keyDirective(_:)`` writes keys, unless it
    /// names the key already in force. `firstLine` is the number of the first of `lines`.
    /// - Throws: ``ValueError/invalidChartKey(line:text:)`` for a key change that is no key.
    public static func body(of lines: [String], firstLine: Int = 1, notation: KeyNotation) throws(ValueError) -> [String] {
        var body: [String] = [], removed = false, current: MusicalKey?, keyed = false
        for (index, line) in lines.enumerated() {
            if let directive = ChordProDirective(line), directive.isDetail {
                if directive.name == "key", !directive.value.isEmpty {
                    guard let key = MusicalKey(parsing: directive.value, notation: notation) else {
                        if keyed { throw .invalidChartKey(line: firstLine + index, text: directive.value) }
                        continue // The song's key: the caller reports it.
                    }
                    if keyed, key != current {
                        body.append(keyDirective(key))
                        current = key
                        removed = false
                        continue
                    }
                    (keyed, current) = (true, key)
                }
                removed = true
                continue
            }
            if removed, line.isEmpty, body.last?.isEmpty ?? true { continue }
            removed = false
            body.append(line)
        }
        return body
    }

    /// `{key: Am}`: ChordPro names keys as chords do ("Am", "F#", "Bb").
    public static func keyDirective(_ key: MusicalKey) -> String {
        "{key: \(key.tonic)\(key.mode == .minor ? "m" : "")}"
    }

    /// The ChordPro file of a song record: its title, author, key, tempo and length as
    /// directives, and its chart as the record shows it (in the record's key).
    public static func text(of fields: SongFields, notation: KeyNotation) -> String {
        var lines = ["{title: \(Text.oneLine(fields.name))}"]
        if let author = fields.author { lines.append("{artist: \(Text.oneLine(author))}") }
        if let key = fields.key { lines.append(keyDirective(key)) }
        if let bpm = fields.bpm { lines.append("{tempo: \(bpm)}") }
        if let length = fields.length { lines.append("{duration: \(SongLength.format(length))}") }
        if let chart = fields.chart?.shown(in: fields.key, notation: notation) {
            lines.append("")
            lines += chart.lines
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
