import Foundation
import SetlistModel
import SetlistSupport

/// A `.plsts` document as ``PlstsDocument/export(_:from:generator:date:)`` writes it. Its
/// Codable shape is the definition of the bytes; ``json`` writes the same bytes directly and
/// ``decoded`` gives what the decoder reads back from them (`ExportedDocumentTests` compares both
/// with Codable on random playlists).
struct ExportedDocument: Encodable {
    var format: String
    var version: String
    var generator: String
    var exported: String
    var playlist: ExportedPlaylist
    var originals: [ExportedSong]
}

struct ExportedPlaylist: Encodable {
    var id: String
    var name: String
    var items: [ExportedItem]
    /// The plan, in the shape the library keeps it (``ShowPlan``'s coding); absent without one.
    var plan: ShowPlan?
}

enum ExportedItem: Encodable {
    case song(ExportedSong)
    case setBreak(String)

    private enum CodingKeys: String, CodingKey { case setBreak = "break" }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .song(let song):
            try song.encode(to: encoder)
        case .setBreak(let label):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .setBreak)
        }
    }
}

/// A copy (with the id of its original) or an original (without one).
struct ExportedSong: Encodable {
    var id: String
    var original: String?
    var fields: SongFields

    private enum CodingKeys: String, CodingKey { case id, original }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(original, forKey: .original)
        try fields.encode(to: encoder)
    }
}

// MARK: - Written directly

extension ExportedDocument {
    /// The bytes ``JSONFormat/document(_:)`` writes for the document, without the encoder (it
    /// took as long as the rest of `setlist export`). Members in sorted order, as the encoder sorts them.
    var json: Data {
        var out = JSONWriter(capacity: 512 + (playlist.items.count + originals.count) * 300)
        out.object { out in
            out.member("exported", exported)
            out.member("format", format)
            out.member("generator", generator)
            out.member("originals") { out in out.array(originals) { $1.write(to: &$0) } }
            out.member("playlist") { out in
                out.object { out in
                    out.member("id", playlist.id)
                    out.member("items") { out in
                        out.array(playlist.items) { out, item in
                            switch item {
                            case .song(let song): song.write(to: &out)
                            case .setBreak(let label): out.object { $0.member("break", label) }
                            }
                        }
                    }
                    out.member("name", playlist.name)
                    out.member("plan", playlist.plan)
                }
            }
            out.member("version", version)
        }
        return out.document
    }
}

extension ExportedSong {
    fileprivate func write(to out: inout JSONWriter) {
        out.object { fields.writeMembers(to: &$0, id: id, original: original) }
    }
}

// MARK: - Read back

extension ExportedDocument {
    /// What the decoder reads from ``json``: every field the document has, present, and each
    /// list over its limit refused as ``KeyedDecodingContainer/list(_:_:limit:element:)`` refuses it.
    var decoded: DocumentDTO {
        DocumentDTO(
            format: .present(format), version: .present(version), generator: .present(generator), exported: .present(exported),
            playlist: .present(playlist.decoded),
            originals: .list(originals.map(\.decoded), at: "originals", limit: PlstsFormat.maximumOriginals))
    }
}

extension ExportedPlaylist {
    fileprivate var decoded: PlaylistDTO {
        PlaylistDTO(
            id: .present(id), name: .present(name),
            items: .list(items.map(\.decoded), at: "playlist.items", limit: PlstsFormat.maximumItems),
            plan: plan.map { .present(Self.decoded($0)) } ?? .absent)
    }

    /// The plan as the decoder reads it where the document has it (its problems' paths start
    /// with `playlist.plan`): through Codable, its definition, for a part that is rare and small.
    private static func decoded(_ plan: ShowPlan) -> PlanDTO {
        struct Holder: Encodable {
            var playlist: Inner
        }
        struct Inner: Encodable {
            var plan: ShowPlan
        }
        struct Read: Decodable {
            var plan: PlanDTO
            private enum Keys: String, CodingKey { case playlist, plan }
            init(from decoder: any Decoder) throws {
                plan = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .playlist)
                    .decode(PlanDTO.self, forKey: .plan)
            }
        }
        // A ShowPlan encodes as an object, which PlanDTO always reads.
        return try! JSONDecoder().decode(Read.self, from: JSONFormat.encoder().encode(Holder(playlist: Inner(plan: plan)))).plan
    }
}

extension ExportedItem {
    fileprivate var decoded: EntryDTO {
        switch self {
        case .song(let song): song.decoded
        case .setBreak(let label): EntryDTO(setBreak: label)
        }
    }
}

extension ExportedSong {
    fileprivate var decoded: EntryDTO {
        EntryDTO(
            id: .present(id), original: Field(original), name: .present(fields.name), author: Field(fields.author),
            length: Field(fields.length), key: Field(fields.key?.description), bpm: Field(fields.bpm), notes: Field(fields.notes),
            chart: Field(fields.chart.map { ChartDTO(key: Field($0.key?.description), lines: .present($0.lines.map { .present($0) })) }),
            setBreak: .absent, hasSongFields: true)
    }
}
