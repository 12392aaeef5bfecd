import Foundation
import SetlistSupport

/// The JSON of a song record: the one place its members are named, for originals (songs.json),
/// copies (playlist files), `.plsts` documents, `--json` and the band page. A new field of a
/// song is a property of ``SongFields`` and a line here.
extension SongFields: JSONRecord {
    // Got and set by closures, not key paths: songs are read and written by the ten thousand, and
    // a key path is looked up again at each use.
    public static let json = JSONMembers<SongFields>(
        blank: { SongFields(name: "") },
        [
            .value("author", get: { $0.author }, set: { $0.author = $1 }),
            .value("bpm", expected: "a whole number of beats per minute", get: { $0.bpm }, set: { $0.bpm = $1 }),
            .value("chart", expected: "an object with \"lines\"", get: { $0.chart }, set: { $0.chart = $1 }),
            .value("key", expected: "text like \"C minor\"", get: { $0.key }, set: { $0.key = $1 }),
            .value("length", expected: "a whole number of seconds", get: { $0.length }, set: { $0.length = $1 }),
            .value("name", get: { $0.name }, set: { $0.name = $1 }),
            .value("notes", get: { $0.notes }, set: { $0.notes = $1 }),
        ])
}

extension Song: JSONRecord {
    public static let json = JSONMembers<Song>(
        blank: { Song(id: "", fields: SongFields(name: "")) },
        [.value("id", get: { $0.id }, set: { $0.id = $1 })]
            + SongFields.json.embedded(get: { $0.fields }, modify: { song, body throws(JSONReadError) in try body(&song.fields) }))
}

extension SongCopy: JSONRecord {
    /// A copy remembers its original and, when it came in a `.plsts` document, the fields it was
    /// received with.
    public static let json = JSONMembers<SongCopy>(
        blank: { SongCopy(id: "", originalID: nil, fields: SongFields(name: "")) },
        [
            .value("id", get: { $0.id }, set: { $0.id = $1 }), .value("original", get: { $0.originalID }, set: { $0.originalID = $1 }),
            .value("received", get: { $0.received }, set: { $0.received = $1 }),
        ] + SongFields.json.embedded(get: { $0.fields }, modify: { copy, body throws(JSONReadError) in try body(&copy.fields) }))
}

extension SongField: JSONWritable {
    /// The field's name, as its member is named.
    public func write(json writer: inout JSONWriter) {
        writer.string(rawValue)
    }
}

extension MusicalKey: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        let text = try reader.readString()
        guard let key = MusicalKey(parsing: text) else {
            // A document from elsewhere was written by a program, not typed: no typing advice.
            let reason =
                reader.dialect == .document
                ? "\(ControlCharacters.quoted(text)) is not a key like \"C minor\" or \"F# major\"."
                : ValueError.invalidKey(text).description
            throw reader.invalid(reason)
        }
        self = key
    }

    public func write(json writer: inout JSONWriter) {
        writer.string(description)
    }
}

extension PlaylistItem: JSONCodable {
    /// A break (`{"break": "Set 2"}`) or a copy.
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        var label: String?
        let (copy, found) = try SongCopy.json.read(&reader) { key, reader throws(JSONReadError) in
            guard key == "break" else { return false }
            label = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            return true
        }
        if let label {
            self = .setBreak(label)
            return
        }
        if let missing = SongCopy.json.missing(in: found, reader) { throw missing }
        self = .song(copy)
    }

    public func write(json writer: inout JSONWriter) {
        switch self {
        case .setBreak(let label): writer.object { $0.member("break", label) }
        case .song(let copy): copy.write(json: &writer)
        }
    }
}

extension JSONFormat {
    /// Songs as an array (what `songs --json` prints), without a final new line.
    public static func songs(_ songs: [Song]) -> Data {
        var writer = JSONWriter(capacity: 16 + songs.count * 400)
        writer.array(songs) { $0.value($1) }
        return Data(writer.bytes)
    }
}
