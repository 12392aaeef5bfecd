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
    /// is read as the next song). Each problem names the line of its directive.
    /// - Throws: ``SpreadsheetError/notChordPro(file:)`` when no line is a directive, as in chords
    ///   written over the lyrics.
    public static func read(_ text: String, file: String, withLyrics: Bool, notation: KeyNotation = .english) throws(SpreadsheetError)
        -> SongSheet
    {
        var sheet = SongSheet(file: file, kind: .chordPro)
        var cells: [SongColumn: String] = [:], labels: [SongColumn: String] = [:], lines: [SongColumn: Int] = [:]
        var lyrics: [String] = [], chart: [String] = [], chartStart = 1, start = 1, lineNumber = 0, directives = 0
        var problems: [SpreadsheetError.Problem] = [], warnings: [String] = []
        // `{capo: N}`: the chords are shapes played N frets up, and `{key}` is the key of the
        // shapes (chordpro.org/chordpro/directives-key), not the key the band hears.
        var capo: (frets: Int, line: Int)?

        func finish() {
            guard !cells.isEmpty || !lyrics.isEmpty else { return }
            if withLyrics, cells[.notes] == nil { cells[.notes] = lyrics.joined(separator: "\n") }
            let song = SongCells.fields(cells, line: start, lines: lines, notation: notation) {
                labels[$0] ?? "{\($0 == .name ? "title" : $0.rawValue)}"
            }
            problems += song.problems
            if var fields = song.fields {
                do {
                    let body = try ChordProFile.body(of: chart, firstLine: chartStart, notation: notation)
                    fields.chart = try Chart(text: body.joined(separator: "\n"), key: fields.key)?.inEnglish(from: notation)
                    if let capo, let shapes = fields.key {
                        let heard = shapes.transposed(by: capo.frets)
                        fields.key = heard
                        warnings.append(
                            "\(file), line \(capo.line): \(fields.name) is played with a capo on fret \(capo.frets): its key is \(heard.spelled(in: notation)), the key heard; the chart keeps the \(shapes.spelled(in: notation)) shapes it is written in (`setlist pdf --songbook --capo \(capo.frets)` prints them)."
                        )
                    }
                    sheet.songs.append(IncomingSong(line: start, fields: fields))
                } catch {
                    // A problem of one line is placed at it, not at the chart's start beside "Line N:".
                    let (line, message): (Int, String) =
                        switch error {
                        case .invalidChartKey(let line, _), .chartHoldsSeveralSongs(let line):
                            (line, error.description.replacingOccurrences(of: "Line \(line): ", with: ""))
                        default: (chartStart, error.description)
                        }
                    problems.append(SpreadsheetError.Problem(line: line, field: "the chart", message: message))
                }
            }
            cells = [:]
            labels = [:]
            lines = [:]
            lyrics = []
            chart = []
            capo = nil
        }

        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
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
                finish()
                start = lineNumber + 1
                continue
            }
            if directive.name == "capo", capo == nil, let frets = Int(directive.value), (1...11).contains(frets) {
                capo = (frets, lineNumber)
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
