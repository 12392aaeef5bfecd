import Foundation
import SetlistModel
import SetlistSupport

/// The document as read, before validation: every field may be missing or of the wrong type.
/// Unknown fields (from a newer minor version) are ignored.
struct DocumentDTO {
    var format: Field<String>
    var version: Field<String>
    var generator: Field<String>
    var exported: Field<String>
    var playlist: Field<PlaylistDTO>
    var originals: Field<[Field<EntryDTO>]>
}

extension DocumentDTO {
    /// Reads the document's object, every field on its own.
    init(document reader: inout JSONReader) throws(JSONReadError) {
        var dto = DocumentDTO(
            format: .absent, version: .absent, generator: .absent, exported: .absent, playlist: .absent, originals: .absent)
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "format": dto.format = try reader.text()
            case "version": dto.version = try reader.text("text like \"1.0\"")
            case "generator": dto.generator = try reader.text()
            case "exported": dto.exported = try reader.text("a date like \"2026-05-01T18:30:00Z\"")
            case "playlist":
                dto.playlist = try reader.field("an object") { reader throws(JSONReadError) in try PlaylistDTO(document: &reader) }
            case "originals":
                dto.originals = try reader.list(limit: PlstsFormat.maximumOriginals, element: "an object") { reader throws(JSONReadError) in
                    try EntryDTO(document: &reader)
                }
            default: try reader.skipValue()
            }
        }
        self = dto
    }
}

struct PlaylistDTO {
    var id: Field<String>
    var name: Field<String>
    var items: Field<[Field<EntryDTO>]>
    /// Since 1.1.
    var plan: Field<PlanDTO>
}

extension PlaylistDTO {
    init(document reader: inout JSONReader) throws(JSONReadError) {
        var dto = PlaylistDTO(id: .absent, name: .absent, items: .absent, plan: .absent)
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "id": dto.id = try reader.text()
            case "name": dto.name = try reader.text()
            case "items":
                dto.items = try reader.list(limit: PlstsFormat.maximumItems, element: "an object") { reader throws(JSONReadError) in
                    try EntryDTO(document: &reader)
                }
            case "plan": dto.plan = try reader.field("an object") { reader throws(JSONReadError) in try PlanDTO(document: &reader) }
            default: try reader.skipValue()
            }
        }
        self = dto
    }
}

/// A song record (a copy in the playlist's items, or an original) or a break.
struct EntryDTO {
    var id: Field<String>
    var original: Field<String>
    /// A song's fields as read by the library's own definition of them (``SongFields/json``):
    /// each member of the right kind is set, every other keeps the blank record's value.
    var fields: SongFields
    /// The keys of the song's members present (not null) and of the right kind.
    var found: Set<String>
    /// The problem of each song member of the wrong kind, by key.
    var invalid: [String: String]
    /// Since 1.2; read on its own so that each of its problems is named (``Checker/chart(_:at:)``).
    var chart: Field<ChartDTO>
    var setBreak: Field<String>
    /// Whether any field of a song record is present, to tell a break from a song.
    var hasSongFields: Bool
}

extension EntryDTO {
    /// A song record as read, before it is checked.
    init(id: Field<String>, original: Field<String>, fields: SongFields, chart: Field<ChartDTO>) {
        self.init(
            id: id, original: original, fields: fields, found: Set(SongFields.json.members.map(\.key)), invalid: [:], chart: chart,
            setBreak: .absent, hasSongFields: true)
    }

    /// A break labelled `label`.
    init(setBreak label: String) {
        self.init(
            id: .absent, original: .absent, fields: SongFields(name: ""), found: [], invalid: [:], chart: .absent,
            setBreak: .present(label), hasSongFields: false)
    }

    /// Reads a copy, an original or a break. A song's fields are the library's (``SongFields/json``):
    /// their names, how each is read, and the words a wrong value is told with.
    init(document reader: inout JSONReader) throws(JSONReadError) {
        var dto = EntryDTO(setBreak: "")
        dto.setBreak = .absent
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "id":
                dto.hasSongFields = true
                dto.id = try reader.text()
            case "original":
                dto.hasSongFields = true
                dto.original = try reader.text()
            case "break": dto.setBreak = try reader.text()
            case "chart":
                dto.hasSongFields = true
                let expected = SongFields.json.member(key)?.expected ?? "an object"
                dto.chart = try reader.field(expected) { reader throws(JSONReadError) in try ChartDTO(document: &reader) }
            default:
                guard let member = SongFields.json.member(key) else { return try reader.skipValue() }
                dto.hasSongFields = true
                try dto.read(member, from: &reader)
            }
        }
        self = dto
    }

    /// Reads one of a song's members; one of the wrong kind is noted, not thrown.
    private mutating func read(_ member: JSONMember<SongFields>, from reader: inout JSONReader) throws(JSONReadError) {
        let read = try reader.field(member.expected) { [fields] reader throws(JSONReadError) in
            var fields = fields
            try member.readValue(into: &fields, from: &reader)
            return fields
        }
        switch read {
        case .absent: break
        case .invalid(let problem): invalid[member.key] = problem
        case .present(let fields):
            self.fields = fields
            found.insert(member.key)
        }
    }
}

/// A song's chart: its lines and the key they are written in; since 1.3 the notation it is
/// written in and the capo its chords are played with.
struct ChartDTO {
    var key: Field<String>
    var lines: Field<[Field<String>]>
    var notation: Field<String>
    var capo: Field<Int>
}

extension ChartDTO {
    init(document reader: inout JSONReader) throws(JSONReadError) {
        var dto = ChartDTO(key: .absent, lines: .absent, notation: .absent, capo: .absent)
        try reader.readObject { key, reader throws(JSONReadError) in
            let expected = Chart.json.member(key)?.expected ?? "text"
            switch key {
            case "key": dto.key = try reader.text(expected)
            case "lines":
                dto.lines = try reader.list(limit: Chart.maximumLength, element: "text") { reader throws(JSONReadError) in
                    try reader.readString()
                }
            case "notation": dto.notation = try reader.text("\"english\" or \"german\"")
            case "capo": dto.capo = try reader.integer("a whole number of frets")
            default: try reader.skipValue()
            }
        }
        self = dto
    }
}
