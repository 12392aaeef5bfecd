import Foundation
import SetlistSupport

/// The JSON of a song record: the one place its members are named, for originals (songs.json),
/// copies (playlist files), `.plsts` documents and `--json`. A new field of a song is added to
/// ``SongFields`` and here; the `Codable` conformances in Song.swift are the definition the tests
/// compare these with (SongRecordJSONTests).
extension SongFields {
    /// Writes these fields as members of the open object, with the record's `id` and `original`
    /// when given.
    public func writeMembers(to writer: inout JSONWriter, id: String? = nil, original: String? = nil) {
        writer.member("author", author)
        writer.member("bpm", bpm)
        writer.member("chart", chart)
        writer.member("id", id)
        writer.member("key", key?.description)
        writer.member("length", length)
        writer.member("name", name)
        writer.member("notes", notes)
        writer.member("original", original)
    }

    /// A song record's fields as its members are read.
    public struct Members {
        private var name: String?, author: String?, length: Int?, key: MusicalKey?, bpm: Int?, notes: String?, chart: Chart?

        public init() {}

        /// Reads the value of the member `member` when it is one of a song's fields; false for
        /// any other member, whose value is left for the caller.
        public mutating func read(_ member: String, from reader: inout JSONReader) throws(JSONReadError) -> Bool {
            switch member {
            case "name": name = try reader.readString()
            case "author": author = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            case "length": length = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case "bpm": bpm = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case "notes": notes = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            case "key": key = try reader.readOptional { reader throws(JSONReadError) in try MusicalKey(json: &reader) }
            case "chart": chart = try reader.readOptional { reader throws(JSONReadError) in try Chart(json: &reader) }
            default: return false
            }
            return true
        }

        /// The fields read; `reader` names the record when the name is missing.
        public func fields(_ reader: JSONReader) throws(JSONReadError) -> SongFields {
            guard let name else { throw reader.missing("name") }
            return SongFields(name: name, author: author, length: length, key: key, bpm: bpm, notes: notes, chart: chart)
        }
    }
}

extension SongFields: JSONCodable {
    /// The fields as an object of their own (a copy's `received`).
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        var members = Members()
        try reader.readObject { key, reader throws(JSONReadError) in
            if try !members.read(key, from: &reader) { try reader.skipValue() }
        }
        self = try members.fields(reader)
    }

    public func write(json writer: inout JSONWriter) {
        writer.object { writeMembers(to: &$0) }
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

extension Song: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        var id: String?
        var fields = SongFields.Members()
        try reader.readObject { key, reader throws(JSONReadError) in
            if key == "id" {
                id = try reader.readString()
            } else if try !fields.read(key, from: &reader) {
                try reader.skipValue()
            }
        }
        guard let id else { throw reader.missing("id") }
        self.init(id: id, fields: try fields.fields(reader))
    }

    public func write(json writer: inout JSONWriter) {
        writer.object { fields.writeMembers(to: &$0, id: id) }
    }
}

extension PlaylistItem: JSONCodable {
    /// A break (`{"break": "Set 2"}`) or a copy, which remembers its original and, when it came in
    /// a `.plsts` document, the fields it was received with.
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        var label: String?, id: String?, original: String?, received: SongFields?
        var fields = SongFields.Members()
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "break": label = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            case "id": id = try reader.readString()
            case "original": original = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            case "received": received = try reader.readOptional { reader throws(JSONReadError) in try SongFields(json: &reader) }
            default: if try !fields.read(key, from: &reader) { try reader.skipValue() }
            }
        }
        if let label {
            self = .setBreak(label)
            return
        }
        guard let id else { throw reader.missing("id") }
        self = .song(SongCopy(id: id, originalID: original, fields: try fields.fields(reader), received: received))
    }

    public func write(json writer: inout JSONWriter) {
        switch self {
        case .setBreak(let label): writer.object { $0.member("break", label) }
        case .song(let copy): copy.write(json: &writer)
        }
    }
}

extension SongCopy {
    public func write(json writer: inout JSONWriter) {
        writer.object { writer in
            fields.writeMembers(to: &writer, id: id, original: originalID)
            writer.member("received", received)
        }
    }
}

extension JSONFormat {
    /// Songs as ``encoder()`` writes an array of them (what `songs --json` prints), without a
    /// final new line.
    public static func songs(_ songs: [Song]) -> Data {
        var writer = JSONWriter(capacity: 16 + songs.count * 400)
        writer.array(songs) { $0.value($1) }
        return Data(writer.bytes)
    }
}
