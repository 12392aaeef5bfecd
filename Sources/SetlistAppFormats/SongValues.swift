import SetlistModel

/// A song's values as another app's file holds them, before they are read as setlist's: each
/// read through the model's own rules, and one that cannot be read left off the song with a
/// warning that names the song, the file and the value (an app's song is kept whole rather than
/// lost over a tempo of 0).
struct SongValues {
    var title: String?
    var author: String?
    var length: String?
    var key: String?
    var bpm: String?
    var notes: String?
    /// The chart as ChordPro text (its detail directives are dropped, ``ChordProFile``).
    var chart: String?
    /// The key the chart is written in, when it is not the song's (``key``) (SongbookPro's key shift).
    var chartKey: MusicalKey?
    /// The song's key, when the reader worked it out itself (SongbookPro's key numbers).
    var knownKey: MusicalKey?
    /// The fret of the capo the app plays the song with; its chart is written as the chords
    /// sound, and is kept as the shapes for the capo (``SetlistModel/Chart/reshaped(forCapo:)``).
    var capo: Int?
    /// The notation the file says its chords are in (OpenLyrics' `chordNotation`); else the
    /// chords tell, as for a ChordPro file.
    var chordNotation: KeyNotation?
    /// What the app keeps that a song has no field for: the time signature ("3/4") and the CCLI
    /// number go at the head of the chart as ChordPro writes them (`{time: 3/4}`,
    /// `{meta: ccli 22025}`); the order the sections are sung in (each section's name, "Verse 1")
    /// and the songbooks ("Hymns 12") go in the notes, where the band reads them.
    var timeSignature: String?
    var ccli: String?
    var order: [String] = []
    var songbooks: [String] = []

    /// The song's fields, or nil (and a note in `leftOut`) when it has no title.
    /// - Parameter place: where the song is, for messages ("Backup.sbp, song 12").
    func fields(place: String, notation: KeyNotation, warnings: inout [String], leftOut: inout [String]) -> SongFields? {
        var label = place
        func value<T>(_ raw: String?, _ what: String, _ parse: (String) throws(ValueError) -> T) -> T? {
            guard let raw = raw.map(Text.trimmedSpaces), !raw.isEmpty else { return nil }
            do {
                return try parse(raw)
            } catch {
                warnings.append("\(label): its \(what) was left out: \(error.description)")
                return nil
            }
        }
        guard let name = value(title, "title", { (text) throws(ValueError) in try Text.cleanName(text, field: "title") }) else {
            leftOut.append("\(place): a song without a title")
            return nil
        }
        label = "\(place) (\(name))"
        var fields = SongFields(name: name)
        fields.author = value(author, "author") { (text) throws(ValueError) in try Text.cleanName(text, field: "author") }
        fields.length = value(length, "length", SongLength.parse)
        fields.key = knownKey ?? value(key, "key") { (text) throws(ValueError) in try MusicalKey.parse(text, notation: notation) }
        fields.bpm = value(bpm, "tempo", Tempo.parse)
        fields.notes = value(keptNotes, "notes", Text.cleanNotes) ?? nil
        if let text = keptChart {
            let written = chartKey ?? fields.key
            let first = ChordProFile.read(text: text, notation: chordNotation, band: notation)
            var reading = first
            if let written, first.chart?.key != nil {
                // The key the app says it is written in goes first, so that a {key} in it is read
                // as the key change it is, in the notation its chords were found in.
                let head = ChordProFile.keyDirective(written, notation: first.notation)
                reading = ChordProFile.read(text: head + "\n" + text, notation: first.notation, band: notation)
            }
            if let problem = reading.problems.first {
                warnings.append("\(label): its chart was left out: \(problem.description)")
            } else if var chart = reading.chart {
                // The key the app says it is written in, else its own {key}.
                if let written { chart.key = written }
                if fields.key == nil { fields.key = chart.soundingKey }
                if let frets = capo.flatMap({ Chart.capoFrets.contains($0) ? $0 : nil }), frets != chart.capo {
                    if let shapes = chart.reshaped(forCapo: frets) {
                        chart = shapes
                    } else {
                        warnings.append("\(label): its capo \(frets) was left out: its chart has no key to find the shapes from.")
                    }
                }
                fields.chart = chart.kept(forSongIn: fields.key)
                warnings += first.notes(place: label, band: notation)
            }
        }
        return fields
    }

    /// The section names of an app's order ("V1 C V2", as OpenSong, OnSong, SongbookPro and
    /// OpenLyrics write it), each as `label` names it ("Verse 1").
    static func order(_ text: String?, label: (String) -> String) -> [String] {
        (text ?? "").split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }).map { label(String($0)) }
    }

    /// The notes, then the section order and the songbooks, a line each.
    var keptNotes: String? {
        var parts = notes.map(Text.trimmed).flatMap { $0.isEmpty ? nil : [$0] } ?? []
        if !order.isEmpty { parts.append("Order: " + order.joined(separator: ", ")) }
        if !songbooks.isEmpty { parts.append("Songbook: " + songbooks.joined(separator: "; ")) }
        return parts.isEmpty ? nil : parts.joined(separator: "\n")
    }

    /// The chart, headed by the directives of the time signature and CCLI number.
    var keptChart: String? {
        guard let chart else { return nil }
        var head: [String] = []
        if let time = timeSignature.map(Text.oneLine).map(Text.trimmedSpaces), !time.isEmpty { head.append("{time: \(time)}") }
        if let number = ccli.map(Text.oneLine).map(Text.trimmedSpaces), !number.isEmpty { head.append("{meta: ccli \(number)}") }
        return head.isEmpty ? chart : (head + [chart]).joined(separator: "\n")
    }
}
