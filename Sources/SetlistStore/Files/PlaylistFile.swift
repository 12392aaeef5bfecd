import Foundation
import SetlistModel
import SetlistSupport

extension LibraryFiles {
    /// `playlists/NAME-ID.json`: one playlist, its copies and breaks in order.
    struct PlaylistFile: LibraryFile, Codable, Equatable {
        var format = "setlist-playlist"
        var version = LibraryFiles.version
        var id: String
        var name: String
        var items: [PlaylistItem]
        /// Only for playlists imported from a `.plsts` document; optional, so older readers skip it.
        var received: ReceivedPlaylist?
        /// The show's plan; optional, so older readers skip it (docs/json.md).
        var plan: ShowPlan?
        var conflicts: [LibraryConflict]?

        init(
            id: String, name: String, items: [PlaylistItem], received: ReceivedPlaylist? = nil, plan: ShowPlan? = nil,
            conflicts: [LibraryConflict]? = nil
        ) {
            self.id = id
            self.name = name
            self.items = items
            self.received = received
            self.plan = plan
            self.conflicts = conflicts
        }

        init(json reader: inout JSONReader) throws(JSONReadError) {
            var header = LibraryFileHeader()
            var id: String?, name: String?, items: [PlaylistItem]?
            var received: ReceivedPlaylist?, plan: ShowPlan?, conflicts: [LibraryConflict]?
            try reader.readObject { key, reader throws(JSONReadError) in
                switch key {
                case "id": id = try reader.readString()
                case "name": name = try reader.readString()
                case "items": items = try reader.readArray { reader throws(JSONReadError) in try PlaylistItem(json: &reader) }
                case "received": received = try reader.readOptional { reader throws(JSONReadError) in try ReceivedPlaylist(json: &reader) }
                case "plan": plan = try reader.readOptional { reader throws(JSONReadError) in try ShowPlan(json: &reader) }
                case "conflicts": conflicts = try readConflicts(&reader)
                default: try header.read(key, from: &reader)
                }
            }
            let (format, version) = try header.checked(reader)
            guard let id else { throw reader.missing("id") }
            guard let name else { throw reader.missing("name") }
            guard let items else { throw reader.missing("items") }
            self.init(id: id, name: name, items: items, received: received, plan: plan, conflicts: conflicts)
            (self.format, self.version) = (format, version)
        }

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("conflicts", conflicts)
                writer.member("format", format)
                writer.member("id", id)
                writer.member("items", items)
                writer.member("name", name)
                writer.member("plan", plan)
                writer.member("received", received)
                writer.member("version", version)
            }
        }
    }
}

extension LibraryFiles {
    /// Whether a playlist file's bytes may hold a copy of the original `id`: they hold the id, or
    /// an escape that could spell it. A file that cannot is not decoded.
    static func mayHoldCopies(of id: String, in data: [UInt8]) -> Bool {
        ByteSearch.contains(Array(id.utf8), in: data) || ByteSearch.contains(Array("\\u".utf8), in: data)
    }
}
