import Foundation
import SetlistModel
import SetlistSupport

/// A history entry's JSON (`.history/NNNNNNNN.json`): every command reads the last one, to see
/// whether a change was cut short, and every change writes one.
extension History.Record: LibraryFile {
    init(json reader: inout JSONReader) throws(JSONReadError) {
        var header = LibraryFileHeader()
        var command: String?, date: String?, changes: [FileDelta]?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "command": command = try reader.readString()
            case "date": date = try reader.readString()
            case "changes": changes = try reader.readArray { reader throws(JSONReadError) in try FileDelta(json: &reader) }
            default: try header.read(key, from: &reader)
            }
        }
        let (format, version) = try header.checked(reader)
        guard let command else { throw reader.missing("command") }
        guard let date else { throw reader.missing("date") }
        guard let changes else { throw reader.missing("changes") }
        self.init(format: format, version: version, command: command, date: date, changes: changes)
    }

    func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("changes", changes)
            writer.member("command", command)
            writer.member("date", date)
            writer.member("format", format)
            writer.member("version", version)
        }
    }
}

extension FileDelta: JSONCodable {
    init(json reader: inout JSONReader) throws(JSONReadError) {
        var path: String?, before: String?, after: String?, hunks: [Hunk]?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "path": path = try reader.readString()
            case "before": before = try reader.readString()
            case "after": after = try reader.readString()
            case "hunks": hunks = try reader.readArray { reader throws(JSONReadError) in try Hunk(json: &reader) }
            default: try reader.skipValue()
            }
        }
        guard let path else { throw reader.missing("path") }
        guard let before else { throw reader.missing("before") }
        guard let after else { throw reader.missing("after") }
        guard let hunks else { throw reader.missing("hunks") }
        self.init(path: path, before: before, after: after, hunks: hunks)
    }

    func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("after", after)
            writer.member("before", before)
            writer.member("hunks", hunks)
            writer.member("path", path)
        }
    }
}

extension FileDelta.Hunk: JSONCodable {
    init(json reader: inout JSONReader) throws(JSONReadError) {
        var at: Int?, to: Int?, removed: StoredBytes?, added: StoredBytes?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "at": at = try reader.readInt()
            case "to": to = try reader.readInt()
            case "removed": removed = try StoredBytes(json: &reader)
            case "added": added = try StoredBytes(json: &reader)
            default: try reader.skipValue()
            }
        }
        guard let at else { throw reader.missing("at") }
        guard let to else { throw reader.missing("to") }
        guard let removed else { throw reader.missing("removed") }
        guard let added else { throw reader.missing("added") }
        self.init(at: at, to: to, removed: removed, added: added)
    }

    func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("added", added)
            writer.member("at", at)
            writer.member("removed", removed)
            writer.member("to", to)
        }
    }
}

extension StoredBytes: JSONCodable {
    /// Text, or `{"base64": …}` for bytes that are not UTF-8.
    init(json reader: inout JSONReader) throws(JSONReadError) {
        if try reader.kind() == .string {
            self.init(Data(try reader.readString().utf8))
            return
        }
        var encoded: String?
        try reader.readObject { key, reader throws(JSONReadError) in
            if key == "base64" { encoded = try reader.readString() } else { try reader.skipValue() }
        }
        guard let encoded else { throw reader.missing("base64") }
        guard let bytes = Data(base64Encoded: encoded) else { throw reader.invalid("not base64.") }
        self.init(bytes)
    }

    func write(json writer: inout JSONWriter) {
        if let text {
            writer.string(text)
        } else {
            writer.object { $0.member("base64", data.base64EncodedString()) }
        }
    }
}
