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
    var name: Field<String>
    var author: Field<String>
    var length: Field<Int>
    var key: Field<String>
    var bpm: Field<Int>
    var notes: Field<String>
    /// Since 1.2.
    var chart: Field<ChartDTO>
    var setBreak: Field<String>
    /// Whether any field of a song record is present, to tell a break from a song.
    var hasSongFields: Bool
}

extension EntryDTO {
    /// A break labelled `label`.
    init(setBreak label: String) {
        self.init(
            id: .absent, original: .absent, name: .absent, author: .absent, length: .absent, key: .absent, bpm: .absent, notes: .absent,
            chart: .absent, setBreak: .present(label), hasSongFields: false)
    }

    /// Reads a copy, an original or a break. A song's fields are the library's (``SongFields/json``):
    /// their names, and the words a wrong value is told with.
    init(document reader: inout JSONReader) throws(JSONReadError) {
        var dto = EntryDTO(
            id: .absent, original: .absent, name: .absent, author: .absent, length: .absent, key: .absent, bpm: .absent, notes: .absent,
            chart: .absent, setBreak: .absent, hasSongFields: false)
        try reader.readObject { key, reader throws(JSONReadError) in
            if key == "id" || key == "original" || SongFields.json.member(key) != nil { dto.hasSongFields = true }
            let expected = SongFields.json.member(key)?.expected ?? "text"
            switch key {
            case "id": dto.id = try reader.text()
            case "original": dto.original = try reader.text()
            case "name": dto.name = try reader.text(expected)
            case "author": dto.author = try reader.text(expected)
            case "length": dto.length = try reader.integer(expected)
            case "key": dto.key = try reader.text(expected)
            case "bpm": dto.bpm = try reader.integer(expected)
            case "notes": dto.notes = try reader.text(expected)
            case "chart": dto.chart = try reader.field(expected) { reader throws(JSONReadError) in try ChartDTO(document: &reader) }
            case "break": dto.setBreak = try reader.text()
            default: try reader.skipValue()
            }
        }
        self = dto
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
