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
        fields.notes = value(notes, "notes", Text.cleanNotes) ?? nil
        if let chart {
            do {
                // The key it is written in goes first, so that a {key} in it is read as the key change it is.
                let written = chartKey ?? fields.key
                let text = written.map { ChordProFile.keyDirective($0) + "\n" + chart } ?? chart
                fields.chart = try ChordProFile.chart(in: text, keyOtherwise: written, notation: notation)?.kept(
                    forSongIn: fields.key)
            } catch {
                warnings.append("\(label): its chart was left out: \(error.description)")
            }
        }
        return fields
    }
}
