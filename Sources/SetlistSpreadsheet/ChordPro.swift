import SetlistModel

/// Reads the song details of a ChordPro file (https://www.chordpro.org): `{title: …}`,
/// `{subtitle: …}` and `{artist: …}` as the author, `{key: …}`, `{tempo: …}`,
/// `{duration: …}`, their short forms (`{t: …}`, `{st: …}`) and their `{meta: NAME VALUE}`
/// forms; the rest of the file (lyrics with chords, sections, comments, other directives) is the
/// song's chart, in the file's key. `--with-lyrics` (deprecated) also puts the lyrics in the notes.
public enum ChordPro {
    /// The file name extensions of ChordPro files.
    public static let fileExtensions: Set<String> = ["cho", "chordpro", "chopro", "crd", "pro"]

    /// Whether `text` looks like ChordPro: a title directive in its first lines.
    public static func looksLikeChordPro(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).prefix(40).contains { line in
            guard let directive = ChordProDirective(String(line)) else { return false }
            return directive.field == .name
        }
    }

    /// The song of one ChordPro file (a file holds one song; `{new_song}` starts another, which
    /// is read as the next song). Each problem names its line in the file. The chords are read in
    /// the notation `given` (`--notation`), else as ``ChordProFile/read(_:firstLine:notation:band:)``
    /// finds it, and the song's `{key}` in the chart's notation.
    /// - Throws: ``SpreadsheetError/notChordPro(file:)`` when no line is a directive, as in chords
    ///   written over the lyrics.
    public static func read(
        _ text: String, file: String, withLyrics: Bool, notation: KeyNotation = .english, given: KeyNotation? = nil
    ) throws(SpreadsheetError) -> SongSheet {
        var sheet = SongSheet(file: file, kind: .chordPro)
        var cells: [SongColumn: String] = [:], labels: [SongColumn: String] = [:], lines: [SongColumn: Int] = [:]
        var lyrics: [String] = [], chart: [String] = [], chartStart = 1, start = 1, lineNumber = 0, directives = 0
        var problems: [SpreadsheetError.Problem] = [], warnings: [String] = []

        func finish() {
            guard !cells.isEmpty || !lyrics.isEmpty else { return }
            if withLyrics, cells[.notes] == nil { cells[.notes] = lyrics.joined(separator: "\n") }
            let reading = ChordProFile.read(chart, firstLine: chartStart, notation: given, band: notation)
            var song = SongCells.fields(cells, line: start, lines: lines, notation: reading.notation) {
                labels[$0] ?? "{\($0 == .name ? "title" : $0.rawValue)}"
            }
            if cells[.name] == nil {
                // Not "line 1, {title}" in a file with no such line: the song has none.
                song.problems =
                    [.init(line: start, field: nil, message: "The song has no {title}. Every song needs one: add a line {title: …}.")]
                    + song.problems.filter { $0.field != "{title}" }
            }
            problems += song.problems
            // The song's own {key} is reported as its detail above.
            let chartProblems = reading.problems.filter { !(cells[.key] != nil && isKeyProblem($0, line: reading.badKeyLine)) }
            problems += chartProblems.map(placed)
            if var fields = song.fields, chartProblems.isEmpty {
                fields.chart = reading.chart
                if let capo = reading.capo, let shapes = fields.key {
                    // `{capo: N}`: the chords are shapes played N frets up, and `{key}` is the key of
                    // the shapes (chordpro.org/chordpro/directives-key), not the key the band hears.
                    let heard = shapes.transposed(by: capo)
                    fields.key = heard
                    warnings.append(
                        "\(file), line \(reading.capoLine ?? start): \(fields.name) is played with a capo on fret \(capo): its key is \(heard.spelled(in: notation)), the key heard; the chart keeps its \(shapes.spelled(in: notation)) shapes and its capo."
                    )
                }
                warnings += reading.notes(place: "\(file), line \(chartStart)", band: notation)
                sheet.songs.append(IncomingSong(line: start, fields: fields))
            }
            cells = [:]
            labels = [:]
            lines = [:]
            lyrics = []
            chart = []
        }

        for raw in Text.lines(of: text) {
            lineNumber += 1
            let line = String(raw)
            if chart.isEmpty { chartStart = lineNumber }
            chart.append(line)
            // A ChordPro comment, for the chart's writer only: kept in the chart, not in notes.
            if line.hasPrefix("#") { continue }
            guard let directive = ChordProDirective(line) else {
                lyrics.append(line)
                continue
            }
            directives += 1
            if directive.startsNewSong {
                chart.removeLast() // It starts the next song; it is no line of this one's chart.
                finish()
                start = lineNumber + 1
                continue
            }
            guard let field = directive.field else {
                lyrics.append(line)
                continue
            }
            // The artist wins over a subtitle; otherwise the first of each directive counts.
            if cells[field] == nil || (field == .author && directive.isArtist && labels[.author] != "{artist}") {
                cells[field] = field == .length ? roundedSeconds(directive.value) : directive.value
                labels[field] = SongCells.shown("{\(directive.isArtist ? "artist" : directive.label)}")
                lines[field] = lineNumber
                if cells.count == 1 { start = lineNumber }
            }
        }
        guard directives > 0 else { throw .notChordPro(file: file) }
        finish()
        // Lyrics before the title or after the last directive are the song's; leading and
        // trailing blank lines are dropped by the notes' rules.
        sheet.problems = problems.sorted { $0.line < $1.line }
        sheet.warnings = warnings + SongCells.longSongWarnings(sheet.songs, file: file)
        return sheet
    }

    /// Whether `error` is the `{key}` on `line`, when it is no key.
    private static func isKeyProblem(_ error: ValueError, line: Int?) -> Bool {
        if case .invalidChartKey(let at, _) = error { return at == line }
        return false
    }

    /// A problem of the chart, placed at its line in the file rather than at the chart's start.
    private static func placed(_ error: ValueError) -> SpreadsheetError.Problem {
        let line: Int? =
            switch error {
            case .invalidChartKey(let line, _), .chartHoldsSeveralSongs(let line): line
            case .controlCharacter(let field, _): Int(field.filter(\.isNumber))
            default: nil
            }
        guard let line else { return SpreadsheetError.Problem(line: 1, field: "the chart", message: error.description) }
        return SpreadsheetError.Problem(
            line: line, field: "the chart", message: error.description.replacingOccurrences(of: "Line \(line): ", with: ""))
    }

    /// A duration with fractional seconds, which ChordPro allows (`30.8005`, `3:20.5`), rounded to
    /// whole seconds as setlist keeps them; any other text as it is.
    static func roundedSeconds(_ value: String) -> String {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy(\.isASCIIDigit), let whole = parts[0].last, whole.isASCIIDigit
        else { return value }
        guard let seconds = SongLength.duration(from: String(parts[0])).map({ $0 + (parts[1].first! >= "5" ? 1 : 0) }), seconds > 0
        else { return value }
        return String(seconds)
    }

}

extension ChordProDirective {
    var isArtist: Bool { name == "artist" }

    /// The song field the directive sets, or nil for the directives of the chart.
    var field: SongColumn? {
        switch name {
        case "title", "t": .name
        case "subtitle", "st", "artist": .author
        case "key": .key
        case "tempo": .bpm
        case "duration": .length
        default: nil
        }
    }
}
