import Foundation
import SetlistModel
import SetlistSupport

/// A `.plsts` document as ``PlstsDocument/export(_:from:generator:date:)`` writes it, its songs
/// by the library's own definition of a song's fields (``SongFields/json``); ``decoded`` gives
/// what a member's reading gives for its bytes, without parsing them again.
struct ExportedDocument: JSONRecord {
    var format: String
    var version: String
    var generator: String
    var exported: String
    var playlist: ExportedPlaylist
    var originals: [ExportedSong]
    /// Since 1.4: the setlist's revision (``Revision``); absent when it has none.
    var revision: Int? = nil

    static let json = JSONMembers<Self>(
        blank: {
            Self(
                format: "", version: "", generator: "", exported: "", playlist: ExportedPlaylist(id: "", name: "", items: []), originals: []
            )
        },
        [
            .text("format", \.format), .text("version", \.version), .text("generator", \.generator), .text("exported", \.exported),
            .value("playlist", \.playlist), .list("originals", \.originals), .integer("revision", \.revision),
        ])

    /// The document's bytes, with the final new line of a text file.
    var data: Data { JSONFormat.document(self) }
}

struct ExportedPlaylist: JSONRecord {
    var id: String
    var name: String
    var items: [ExportedItem]
    /// The plan, in the shape the library keeps it (``ShowPlan/json``); absent without one.
    var plan: ShowPlan?

    static let json = JSONMembers<Self>(
        blank: { Self(id: "", name: "", items: []) },
        [.text("id", \.id), .text("name", \.name), .list("items", \.items), .value("plan", \.plan)])
}

enum ExportedItem: JSONCodable {
    case song(ExportedSong)
    case setBreak(String)

    init(json reader: inout JSONReader) throws(JSONReadError) {
        var label: String?
        let (song, found) = try ExportedSong.json.read(&reader) { key, reader throws(JSONReadError) in
            guard key == "break" else { return false }
            label = try reader.readString()
            return true
        }
        if let label {
            self = .setBreak(label)
        } else if let missing = ExportedSong.json.missing(in: found, reader) {
            throw missing
        } else {
            self = .song(song)
        }
    }

    func write(json writer: inout JSONWriter) {
        switch self {
        case .song(let song): song.write(json: &writer)
        case .setBreak(let label): writer.object { $0.member("break", label) }
        }
    }
}

/// A copy (with the id of its original) or an original (without one).
struct ExportedSong: JSONRecord {
    var id: String
    var original: String?
    var fields: SongFields

    static let json = JSONMembers<Self>(
        blank: { Self(id: "", fields: SongFields(name: "")) },
        [.text("id", \.id), .text("original", \.original)]
            + SongFields.json.embedded(get: { $0.fields }, modify: { song, body throws(JSONReadError) in try body(&song.fields) }))
}

// MARK: - Read back

extension ExportedDocument {
    /// What a member's reading of ``data`` gives: every field the document has, present, and
    /// each list over its limit refused as reading refuses it.
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

    /// The plan as a member's reading gives it: every part present.
    private static func decoded(_ plan: ShowPlan) -> PlanDTO {
        PlanDTO(
            start: Field(plan.start?.description), zone: Field(plan.zone), gap: .present(plan.gap), breakLength: .present(plan.breakLength),
            target: Field(plan.target),
            breaks: plan.breakLengths.isEmpty
                ? .absent
                : .list(
                    plan.breakLengths.map {
                        BreakLengthDTO(
                            label: .present($0.label), occurrence: $0.occurrence > 0 ? .present($0.occurrence) : .absent,
                            length: .present($0.length))
                    }, at: "playlist.plan.breaks", limit: PlstsFormat.maximumItems))
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
            id: .present(id), original: Field(original), fields: fields,
            chart: Field(
                fields.chart.map {
                    ChartDTO(
                        key: Field($0.key?.description), lines: .present($0.lines.map { .present($0) }),
                        notation: Field($0.notation == .english ? nil : $0.notation.rawValue), capo: Field($0.capo))
                }))
    }
}
