import SetlistModel
import SetlistSupport

extension LibraryFiles {
    /// `playlists.json`: the order of the playlists, each by its id and file, and the current one.
    struct PlaylistOrderFile: LibraryFile, Codable, Equatable {
        /// One playlist: its id and its file's name inside `playlists/`.
        struct Entry: JSONCodable, Codable, Equatable {
            var id: String
            var file: String

            init(id: String, file: String) {
                self.id = id
                self.file = file
            }

            init(json reader: inout JSONReader) throws(JSONReadError) {
                var id: String?, file: String?
                try reader.readObject { key, reader throws(JSONReadError) in
                    switch key {
                    case "id": id = try reader.readString()
                    case "file": file = try reader.readString()
                    default: try reader.skipValue()
                    }
                }
                guard let id else { throw reader.missing("id") }
                guard let file else { throw reader.missing("file") }
                self.init(id: id, file: file)
            }

            func write(json writer: inout JSONWriter) {
                writer.object { writer in
                    writer.member("file", file)
                    writer.member("id", id)
                }
            }
        }

        var format = "setlist-playlists"
        var version = LibraryFiles.version
        var current: String?
        var playlists: [Entry]
        var conflicts: [LibraryConflict]?

        init(current: String?, playlists: [Entry], conflicts: [LibraryConflict]? = nil) {
            self.current = current
            self.playlists = playlists
            self.conflicts = conflicts
        }

        init(json reader: inout JSONReader) throws(JSONReadError) {
            var header = LibraryFileHeader()
            var current: String?, playlists: [Entry]?, conflicts: [LibraryConflict]?
            try reader.readObject { key, reader throws(JSONReadError) in
                switch key {
                case "current": current = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
                case "playlists": playlists = try reader.readArray { reader throws(JSONReadError) in try Entry(json: &reader) }
                case "conflicts": conflicts = try readConflicts(&reader)
                default: try header.read(key, from: &reader)
                }
            }
            let (format, version) = try header.checked(reader)
            guard let playlists else { throw reader.missing("playlists") }
            self.init(current: current, playlists: playlists, conflicts: conflicts)
            (self.format, self.version) = (format, version)
        }

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("conflicts", conflicts)
                writer.member("current", current)
                writer.member("format", format)
                writer.member("playlists", playlists)
                writer.member("version", version)
            }
        }
    }
}
