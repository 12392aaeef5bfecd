import ArgumentParser
import SetlistCore

/// The song fields commands take, typed as people type them. An empty value clears a field.
struct SongFieldOptions: ParsableArguments {
    @Option(help: "The author or band.")
    var author: String?

    @Option(help: ArgumentHelp("Length: 2:20, 140 (seconds), 2m20s or 1:02:03.", valueName: "m:ss"))
    var length: String?

    @Option(help: ArgumentHelp("Key: 'C minor', Cm, Ami, F#m, Bb, H, Fis, Es, C-dur, fis-moll (B and a lone small letter: see `setlist config notation`).", valueName: "key"))
    var key: String?

    @Option(help: ArgumentHelp("Tempo in beats per minute.", valueName: "bpm"))
    var bpm: String?

    @Option(help: "Notes, for example the intro or who starts. Use \\n for a new line.")
    var notes: String?

    /// The edit these options describe, with every malformed value reported at once.
    /// - Parameter notation: how the band reads an ambiguous key such as `B` or `a`.
    func edit(name: String? = nil, notation: KeyNotation = .english) throws(LibraryError) -> SongEdit {
        var edit = SongEdit()
        var errors: [ValueError] = []
        func clean<T>(_ raw: String?, _ parse: (String) throws(ValueError) -> T?) -> T?? {
            guard let raw else { return nil }
            if raw.trimmingCharacters(in: .whitespaces).isEmpty { return .some(nil) }
            do throws(ValueError) { return .some(try parse(raw)) } catch { errors.append(error); return nil }
        }
        if let name {
            do throws(ValueError) { edit.name = try Text.cleanName(name, field: "song name") } catch { errors.append(error) }
        }
        edit.author = clean(author) { (text) throws(ValueError) in try Text.cleanName(text, field: "author") }
        edit.length = clean(length) { (text) throws(ValueError) in try SongLength.parse(text) }
        edit.key = clean(key) { (text) throws(ValueError) in try MusicalKey.parse(text, notation: notation) }
        edit.bpm = clean(bpm) { (text) throws(ValueError) in try Tempo.parse(text) }
        edit.notes = clean(notes) { (text) throws(ValueError) in
            try Text.cleanNotes(text.replacingOccurrences(of: "\\n", with: "\n"))
        }
        guard errors.isEmpty else { throw .invalidValues(errors) }
        return edit
    }
}

/// How fields are shown in tables and details.
enum Show {
    static func length(_ seconds: Int?) -> String { seconds.map(SongLength.format) ?? "" }
    static func key(_ key: MusicalKey?, _ notation: KeyNotation) -> String { key?.spelled(in: notation) ?? "" }
    static func bpm(_ bpm: Int?) -> String { bpm.map(String.init) ?? "" }

    /// "1 song", "3 songs": a count and its noun, plural (`noun` + "s" unless given) but for 1.
    static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }

    /// "12 songs, 48:10 (1 song without a length)": ``PlaylistSummary``.
    static func summary(count: Int, total: Int, unknown: Int) -> String {
        PlaylistSummary.text(count: count, total: total, unknown: unknown)
    }
}
