import Foundation
import SetlistModel
import SetlistSupport

/// A history entry's JSON (`.history/NNNNNNNN.json`): every command reads the last one, to see
/// whether a change was cut short, and every change writes one.
extension History.Record: LibraryFile {
    static let json = JSONMembers<Self>(
        blank: { Self(command: "", date: "", changes: []) },
        header + [.text("command", \.command), .text("date", \.date), .list("changes", \.changes)])
}

extension FileDelta: JSONRecord {
    static let json = JSONMembers<Self>(
        blank: { Self(path: "", before: "", after: "", hunks: []) },
        [.text("path", \.path), .text("before", \.before), .text("after", \.after), .list("hunks", \.hunks)])
}

extension FileDelta.Hunk: JSONRecord {
    static let json = JSONMembers<Self>(
        blank: { Self(at: 0, to: 0, removed: StoredBytes(Data()), added: StoredBytes(Data())) },
        [.integer("at", \.at), .integer("to", \.to), .value("removed", \.removed), .value("added", \.added)])
}

extension StoredBytes: JSONCodable {
    /// Text, or `{"base64": …}` for bytes that are not UTF-8.
    init(json reader: inout JSONReader) throws(JSONReadError) {
        if try !reader.isObject() {
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
