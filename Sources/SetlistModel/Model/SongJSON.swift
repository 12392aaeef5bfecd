import Foundation
import SetlistSupport

/// The JSON of a song record: the one place its members are named, for originals (songs.json),
/// copies (playlist files), `.plsts` documents, `--json` and the band's page. A new field of a
/// song is a property of ``SongFields`` and a line here.
extension SongFields: JSONRecord {
    public static let json = JSONMembers<SongFields>(
        blank: { SongFields(name: "") },
        [
            .text("author", \.author),
            .integer("bpm", \.bpm, expected: "a whole number of beats per minute"),
            .value("chart", \.chart, expected: "an object with \"lines\""),
            .value("key", \.key, expected: "text like \"C minor\""),
            .integer("length", \.length, expected: "a whole number of seconds"),
            .text("name", \.name),
            .text("notes", \.notes),
        ])
}

extension Song: JSONRecord {
    public static let json = JSONMembers<Song>(
        blank: { Song(id: "", fields: SongFields(name: "")) }, [.text("id", \.id)] + SongFields.json.embedded(at: \.fields))
}

extension SongCopy: JSONRecord {
    /// A copy remembers its original and, when it came in a `.plsts` document, the fields it was
    /// received with.
    public static let json = JSONMembers<SongCopy>(
        blank: { SongCopy(id: "", originalID: nil, fields: SongFields(name: "")) },
        [.text("id", \.id), .text("original", \.originalID), .value("received", \.received)] + SongFields.json.embedded(at: \.fields))
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
        guard let key = MusicalKey(parsing: text) else { throw reader.invalid(ValueError.invalidKey(text).description) }
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
