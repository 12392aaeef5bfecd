import ArgumentParser
import Foundation
import SetlistModel
import SetlistStore

/// The song fields commands take, typed as people type them. An empty value clears a field.
struct SongFieldOptions: ParsableArguments {
    @Option(help: "The author or band.")
    var author: String?

    // Unconditional: `--length -3` is a length to refuse as negative, not a missing value.
    @Option(parsing: .unconditional, help: ArgumentHelp("Length: 2:20, 140 (seconds), 2m20s or 1:02:03.", valueName: "m:ss"))
    var length: String?

    @Option(
        help: ArgumentHelp(
            "Key: 'C minor', Cm, Ami, F#m, Bb, H, Fis, Es, C-dur, fis-moll (B and a lone small letter: see `setlist config notation`).",
            valueName: "key"))
    var key: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Tempo in beats per minute.", valueName: "bpm"))
    var bpm: String?

    @Option(help: "Notes, for example the intro or who starts, taken as written (put new lines inside the quotes).")
    var notes: String?

    @Option(
        name: .customLong("notes-file"),
        help: ArgumentHelp("Read the notes from this UTF-8 text file (- for standard input).", valueName: "file"))
    var notesFile: String?

    func validate() throws {
        if notes != nil && notesFile != nil { throw ValidationError("Give either --notes or --notes-file, not both.") }
    }

    /// The fields that can be changed, as options, for messages.
    static let fieldOptions = "--author, --length, --key, --bpm, --notes or --notes-file"

    /// The edit these options describe, with every malformed value reported at once.
    /// - Parameter notation: how the band reads an ambiguous key such as `B` or `a`.
    /// Reads --notes-file (through `context`) once; call this once per command (standard input can
    /// be read only once).
    func edit(name: String? = nil, notation: KeyNotation = .english, in context: CommandContext) throws -> SongEdit {
        let notes = try notesFile.map { try readNotesFile($0, in: context) } ?? self.notes
        return try edit(name: name, notes: notes, notation: notation)
    }

    /// The key read in `notation` (the band's, known once the library is loaded); nil when not given.
    func key(in notation: KeyNotation) throws(LibraryError) -> MusicalKey?? {
        guard let key, !Text.trimmedSpaces(key).isEmpty else { return key == nil ? nil : .some(nil) }
        do throws(ValueError) { return .some(try MusicalKey.parse(key, notation: notation)) } catch { throw .invalidValues([error]) }
    }

    private func readNotesFile(_ file: String, in context: CommandContext) throws -> String {
        try context.readText(file, limit: Text.maximumNotesLength, what: "notes", plural: true)
    }

    private func edit(name: String?, notes: String?, notation: KeyNotation) throws(LibraryError) -> SongEdit {
        var edit = SongEdit()
        var errors: [ValueError] = []
        func clean<T>(_ raw: String?, _ parse: (String) throws(ValueError) -> T?) -> T?? {
            guard let raw else { return nil }
            if Text.trimmedSpaces(raw).isEmpty { return .some(nil) }
            do throws(ValueError) { return .some(try parse(raw)) } catch {
                errors.append(error)
                return nil
            }
        }
        if let name {
            do throws(ValueError) { edit.name = try Text.cleanName(name, field: "song name") } catch { errors.append(error) }
        }
        edit.author = clean(author) { (text) throws(ValueError) in try Text.cleanName(text, field: "author") }
        edit.length = clean(length) { (text) throws(ValueError) in try SongLength.parse(text) }
        edit.key = clean(key) { (text) throws(ValueError) in try MusicalKey.parse(text, notation: notation) }
        edit.bpm = clean(bpm) { (text) throws(ValueError) in try Tempo.parse(text) }
        edit.notes = clean(notes) { (text) throws(ValueError) in try Text.cleanNotes(text) }
        guard errors.isEmpty else { throw .invalidValues(errors) }
        return edit
    }

    /// A new song's record: the name and the fields `edit` sets.
    static func record(_ edit: SongEdit) -> SongFields {
        var record = SongFields(name: edit.name!)
        edit.apply(to: &record)
        return record
    }
}
