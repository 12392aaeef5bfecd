import Foundation
import SetlistModel

/// The document as decoded, before validation: every field may be missing or of the wrong type.
/// Unknown fields (from a newer minor version) are ignored.
struct DocumentDTO {
    var format: Field<String>
    var version: Field<String>
    var generator: Field<String>
    var exported: Field<String>
    var playlist: Field<PlaylistDTO>
    var originals: Field<[Field<EntryDTO>]>
}

extension DocumentDTO: Decodable {
    private enum CodingKeys: String, CodingKey { case format, version, generator, exported, playlist, originals }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = container.field(String.self, .format, expected: "text")
        version = container.field(String.self, .version, expected: "text like \"1.0\"")
        generator = container.field(String.self, .generator, expected: "text")
        exported = container.field(String.self, .exported, expected: "a date like \"2026-05-01T18:30:00Z\"")
        playlist = container.field(PlaylistDTO.self, .playlist, expected: "an object")
        originals = container.list(EntryDTO.self, .originals, limit: PlstsFormat.maximumOriginals, element: "an object")
    }
}

struct PlaylistDTO {
    var id: Field<String>
    var name: Field<String>
    var items: Field<[Field<EntryDTO>]>
    /// Since 1.1.
    var plan: Field<PlanDTO>
}

extension PlaylistDTO: Decodable {
    private enum CodingKeys: String, CodingKey { case id, name, items, plan }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.field(String.self, .id, expected: "text")
        name = container.field(String.self, .name, expected: "text")
        items = container.list(EntryDTO.self, .items, limit: PlstsFormat.maximumItems, element: "an object")
        plan = container.field(PlanDTO.self, .plan, expected: "an object")
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

extension EntryDTO: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, original, name, author, length, key, bpm, notes, chart
        case setBreak = "break"
    }

    /// A break labelled `label`.
    init(setBreak label: String) {
        self.init(
            id: .absent, original: .absent, name: .absent, author: .absent, length: .absent, key: .absent, bpm: .absent, notes: .absent,
            chart: .absent, setBreak: .present(label), hasSongFields: false)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.field(String.self, .id, expected: "text")
        original = container.field(String.self, .original, expected: "text")
        name = container.field(String.self, .name, expected: "text")
        author = container.field(String.self, .author, expected: "text")
        length = container.field(Int.self, .length, expected: "a whole number of seconds")
        key = container.field(String.self, .key, expected: "text like \"C minor\"")
        bpm = container.field(Int.self, .bpm, expected: "a whole number of beats per minute")
        notes = container.field(String.self, .notes, expected: "text")
        chart = container.field(ChartDTO.self, .chart, expected: "an object with \"lines\"")
        setBreak = container.field(String.self, .setBreak, expected: "text")
        hasSongFields = [CodingKeys.id, .original, .name, .author, .length, .key, .bpm, .notes, .chart].contains { container.contains($0) }
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

extension ChartDTO: Decodable {
    private enum CodingKeys: String, CodingKey { case key, lines, notation, capo }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = container.field(String.self, .key, expected: "text like \"C minor\"")
        lines = container.list(String.self, .lines, limit: Chart.maximumLength, element: "text")
        notation = container.field(String.self, .notation, expected: "\"english\" or \"german\"")
        capo = container.field(Int.self, .capo, expected: "a whole number of frets")
    }
}
