import Foundation
import SetlistModel
import SetlistSupport

/// Turns a decoded document into a ``SharedSetlist``, checking every field and collecting every
/// problem, in document order, each with its path (`playlist.items[3].bpm`).
enum PlstsValidator {
    static func validate(_ document: DocumentDTO, source: String) throws(ExchangeError) -> SharedSetlist {
        let version = try checkFormat(document, source: source)
        var checker = Checker()
        let generator = checker.name(checker.required(document.generator, in: "", named: "generator"), at: "generator", field: "generator")
        var exported: Date?
        if let text = checker.required(document.exported, in: "", named: "exported") {
            exported = PlstsFormat.date(fromTimestamp: text)
            if exported == nil {
                checker.problems.append("exported: \(ControlCharacters.quoted(text)) is not a date and time like \"2026-05-01T18:30:00Z\".")
            }
        }
        let playlist = checker.required(document.playlist, in: "", named: "playlist").flatMap { checker.playlist($0) }
        var originals: [Song] = []
        if let entries = checker.optional(document.originals) {
            var seen: [String: Int] = [:]
            for (index, entry) in entries.enumerated() {
                let path = "originals[\(index)]"
                guard let entry = checker.optional(entry) else { continue }
                let id = checker.identifier(entry.id, in: path, required: true)
                if let id, let first = seen.updateValue(index, forKey: id) {
                    checker.problems.append("\(path).id: the id \(id) is already used by originals[\(first)].")
                }
                if let fields = checker.songFields(entry, at: path), let id {
                    originals.append(Song(id: id, fields: fields))
                }
            }
        }
        guard checker.problems.isEmpty, let version, let generator, let exported, let playlist else {
            throw .invalidDocument(source: source, problems: checker.problems)
        }
        return SharedSetlist(
            source: source, playlist: playlist, originals: originals, generator: generator, exported: exported, version: version)
    }

    /// Checks `format` and `version` first: a document that is not a .plsts, or one of a newer
    /// major version, gets that one message rather than a list of fields it does not have.
    private static func checkFormat(_ document: DocumentDTO, source: String) throws(ExchangeError) -> FormatVersion? {
        func refuse(_ problem: String) -> ExchangeError { .invalidDocument(source: source, problems: [problem]) }
        switch document.format {
        case .absent:
            throw refuse(
                "the field \"format\" is missing at the top level, so this is not a .plsts setlist document (its \"format\" is \"\(PlstsFormat.identifier)\")."
            )
        case .invalid(let problem):
            throw refuse(problem)
        case .present(let format) where format != PlstsFormat.identifier:
            throw refuse(
                "format: \(ControlCharacters.quoted(format)) is not \"\(PlstsFormat.identifier)\", so this is not a .plsts setlist document."
            )
        case .present:
            break
        }
        switch document.version {
        case .absent:
            throw refuse(
                "the field \"version\" is missing at the top level; a .plsts document says which version of the format it uses, like \"\(PlstsFormat.firstVersion)\"."
            )
        case .invalid(let problem):
            throw refuse(problem)
        case .present(let text):
            guard let version = FormatVersion(parsing: text) else {
                throw refuse("version: \(ControlCharacters.quoted(text)) is not a version like \"\(PlstsFormat.firstVersion)\".")
            }
            if version.major > PlstsFormat.version.major {
                throw .newerVersion(source: source, found: version.description, supported: "\(PlstsFormat.version.major).x")
            }
            guard version.major == PlstsFormat.version.major else {
                throw refuse("version: \(version) is not a version of the .plsts format (the first is \(PlstsFormat.version.major).0).")
            }
            return version
        }
    }
}

/// Collects problems while checking values.
struct Checker {
    var problems: [String] = []

    /// The value of a required field; a missing or mistyped one is a problem.
    mutating func required<T>(_ field: Field<T>, in parent: String, named name: String) -> T? {
        switch field {
        case .absent:
            problems.append("\(parent.isEmpty ? "the top level" : parent): the field \"\(name)\" is missing.")
            return nil
        case .invalid(let problem):
            problems.append(problem)
            return nil
        case .present(let value):
            return value
        }
    }

    /// The value of an optional field; a mistyped one is a problem.
    mutating func optional<T>(_ field: Field<T>) -> T? {
        if case .invalid(let problem) = field { problems.append(problem) }
        return field.value
    }

    mutating func identifier(_ field: Field<String>, in parent: String, named name: String = "id", required: Bool) -> String? {
        guard let id = required ? self.required(field, in: parent, named: name) : optional(field) else { return nil }
        guard PlstsFormat.isValidIdentifier(id) else {
            problems.append(
                "\(parent).\(name): \(ControlCharacters.quoted(id)) is not an id (1 to \(PlstsFormat.maximumIdentifierLength) lowercase letters a–z, digits and hyphens)."
            )
            return nil
        }
        return id
    }

    /// A name, author or label, cleaned as if typed.
    mutating func name(_ text: String?, at path: String, field: String) -> String? {
        guard let text else { return nil }
        if text.utf8.count > Text.maximumNameLength * 4 {
            problems.append("\(path): is \(text.utf8.count) bytes long; at most \(Text.maximumNameLength) characters are allowed.")
            return nil
        }
        do {
            return try Text.cleanName(text, field: field)
        } catch {
            problems.append("\(path): \(Self.explain(error, text: text))")
            return nil
        }
    }

    mutating func playlist(_ dto: PlaylistDTO) -> Playlist? {
        let id = identifier(dto.id, in: "playlist", required: true)
        var name = self.name(required(dto.name, in: "playlist", named: "name"), at: "playlist.name", field: "playlist name")
        if let text = name, PlstsFormat.looksLikePath(text) {
            problems.append("playlist.name: \(ControlCharacters.quoted(text)) looks like a file path, not a playlist name.")
            name = nil
        }
        var items: [PlaylistItem] = []
        var copyIDs: [String: Int] = [:]
        for (index, entry) in (required(dto.items, in: "playlist", named: "items") ?? []).enumerated() {
            let path = "playlist.items[\(index)]"
            guard let entry = optional(entry) else { continue }
            if case .absent = entry.setBreak {
                guard entry.hasSongFields else {
                    problems.append("\(path): is neither a song (it has no \"name\") nor a break (it has no \"break\").")
                    continue
                }
                let id = identifier(entry.id, in: path, required: true)
                let original = identifier(entry.original, in: path, named: "original", required: false)
                if let id, let first = copyIDs.updateValue(index, forKey: id) {
                    problems.append("\(path).id: the id \(id) is already used by playlist.items[\(first)].")
                }
                if let fields = songFields(entry, at: path), let id {
                    items.append(.song(SongCopy(id: id, originalID: original, fields: fields)))
                }
            } else {
                if entry.hasSongFields {
                    problems.append("\(path): is both a break (it has \"break\") and a song; split it into two entries.")
                }
                if let label = self.name(optional(entry.setBreak), at: "\(path).break", field: "break label") {
                    items.append(.setBreak(label))
                }
            }
        }
        let plan = optional(dto.plan).flatMap { self.plan($0, at: "playlist.plan") }
        guard let id, let name else { return nil }
        var playlist = Playlist(id: id, name: name, items: items)
        playlist.plan = plan
        return playlist
    }

    /// The fields of a copy or an original: each field's problems in the order of ``SongField``.
    mutating func songFields(_ entry: EntryDTO, at path: String) -> SongFields? {
        let problemsBefore = problems.count
        var fields = entry.fields
        for field in SongField.allCases {
            if let problem = entry.invalid[field.rawValue] {
                problems.append(problem)
            } else {
                check(field, of: &fields, entry, at: path)
            }
        }
        guard problems.count == problemsBefore else { return nil }
        fields.chart = fields.chart?.kept(forSongIn: fields.key)
        return fields
    }

    /// Checks one field of a song read as being of the right kind, as typing it would be
    /// (cleaned, in range), and keeps what passes.
    private mutating func check(_ field: SongField, of fields: inout SongFields, _ entry: EntryDTO, at path: String) {
        switch field {
        case .name:
            guard entry.found.contains(field.rawValue) else {
                problems.append("\(path): the field \"name\" is missing.")
                return
            }
            fields.name = name(fields.name, at: "\(path).name", field: "song name") ?? ""
        case .author:
            guard let text = fields.author, !Text.trimmed(text).isEmpty else {
                fields.author = nil
                return
            }
            fields.author = name(text, at: "\(path).author", field: "author")
        case .length:
            if let length = fields.length, !(1...SongLength.maximum).contains(length) {
                problems.append(
                    "\(path).length: \(length) is not a song length; it counts seconds, from 1 to \(SongLength.maximum) (10 hours).")
            }
        case .key:
            break // read by its member: a text that is no key is a value of the wrong kind
        case .bpm:
            if let bpm = fields.bpm, !Tempo.range.contains(bpm) {
                problems.append(
                    "\(path).bpm: \(bpm) is not a tempo; it counts beats per minute, from \(Tempo.range.lowerBound) to \(Tempo.range.upperBound)."
                )
            }
        case .notes:
            guard let text = fields.notes else { return }
            fields.notes = nil
            if text.utf8.count > Text.maximumNotesLength * 4 {
                problems.append(
                    "\(path).notes: is \(text.utf8.count) bytes long; at most \(Text.maximumNotesLength) characters are allowed.")
            } else {
                do { fields.notes = try Text.cleanNotes(text) } catch {
                    problems.append("\(path).notes: \(Self.explain(error, text: text))")
                }
            }
        case .chart:
            fields.chart = optional(entry.chart).flatMap { chart($0, at: "\(path).chart") }
        }
    }

    /// A song's chart: its lines (in English names, ``Chart/forExchange``), its key, notation and
    /// capo; refused for what `chart --set` refuses (``ChordProFile/problems(in:notation:)``).
    mutating func chart(_ entry: ChartDTO, at path: String) -> Chart? {
        let before = problems.count
        var key: MusicalKey?
        if let text = optional(entry.key) {
            key = MusicalKey(parsing: text)
            if key == nil {
                problems.append("\(path).key: \(ControlCharacters.quoted(text)) is not a key like \"C minor\" or \"F# major\".")
            }
        }
        var notation = KeyNotation.english
        if let text = optional(entry.notation) {
            if let read = KeyNotation(rawValue: text) {
                notation = read
            } else {
                problems.append("\(path).notation: \(ControlCharacters.quoted(text)) is not a notation: \"english\" or \"german\".")
            }
        }
        let capo = optional(entry.capo)
        if let capo, !Chart.capoFrets.contains(capo) {
            problems.append(
                "\(path).capo: a capo goes on fret \(Chart.capoFrets.lowerBound) to \(Chart.capoFrets.upperBound), not \(capo).")
        }
        guard let elements = required(entry.lines, in: path, named: "lines") else { return nil }
        var lines: [String] = []
        for (index, element) in elements.enumerated() {
            guard let line = self.optional(element) else {
                if case .absent = element { problems.append("\(path).lines[\(index)]: is null; each line is text.") }
                continue
            }
            lines.append(line)
        }
        let text = lines.joined(separator: "\n")
        // As `chart --set` refuses it. A line may hold line breaks: read as the chart reads it.
        let numbered = ChordProFile.lines(of: text).enumerated().map { (text: $1, line: $0 + 1) }
        for problem in ChordProFile.problems(in: numbered, notation: .english) {
            switch problem {
            case .chartHoldsSeveralSongs(let line):
                problems.append("\(path).lines: line \(line) is {new_song}, which starts a second song; a chart is one song's.")
            case .invalidChartKey(let line, let key):
                problems.append(
                    "\(path).lines: line \(line) is {key: \(ControlCharacters.quoted(key))}, which is no key; a key change names one like {key: Eb}."
                )
            default: problems.append("\(path).lines: \(Self.explain(problem, text: text))")
            }
        }
        guard problems.count == before else { return nil }
        do {
            return try Chart(text: text, key: key, notation: .english, capo: capo).map { chart in
                var chart = chart
                chart.notation = notation
                return chart.fromExchange()
            }
        } catch {
            problems.append("\(path).lines: \(Self.explain(error, text: text))")
            return nil
        }
    }

    /// A value error worded for a document rather than for typing.
    static func explain(_ error: ValueError, text: String) -> String {
        switch error {
        case .empty: "is empty."
        case .controlCharacter(_, let scalar):
            "contains \(ControlCharacters.described(scalar)) in \(ControlCharacters.quoted(text)); such characters could hide or reorder text."
        case .tooLong(_, let limit): "is \(text.count) characters long; at most \(limit) are allowed."
        default: error.description
        }
    }
}
