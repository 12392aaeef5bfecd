import Foundation
import SetlistModel
import SetlistSupport

extension LibraryFiles {
    /// `songs.json`: the repertoire, in the user's order.
    struct SongsFile: LibraryFile, Codable, Equatable {
        var format = "setlist-songs"
        var version = LibraryFiles.version
        var songs: [Song]
        var conflicts: [LibraryConflict]?

        init(songs: [Song], conflicts: [LibraryConflict]? = nil) {
            self.songs = songs
            self.conflicts = conflicts
        }

        init(json reader: inout JSONReader) throws(JSONReadError) {
            var header = LibraryFileHeader()
            var songs: [Song]?, conflicts: [LibraryConflict]?
            try reader.readObject { key, reader throws(JSONReadError) in
                switch key {
                case "songs": songs = try reader.readArray { reader throws(JSONReadError) in try Song(json: &reader) }
                case "conflicts": conflicts = try readConflicts(&reader)
                default: try header.read(key, from: &reader)
                }
            }
            (format, version) = try header.checked(reader)
            guard let songs else { throw reader.missing("songs") }
            self.songs = songs
            self.conflicts = conflicts
        }

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("conflicts", conflicts)
                writer.member("format", format)
                writer.member("songs", songs)
                writer.member("version", version)
            }
        }

        /// The originals with these ids, in the file's order, made of only their objects: a
        /// command showing one setlist of a large repertoire needs a few of its songs. Nil when
        /// the file is not read so (a newer version, or anything wrong with it): then it is read
        /// whole, and its problems reported as ever. The other songs are passed over, not checked.
        static func songs(withIDs ids: Set<String>, in data: [UInt8]) -> [Song]? {
            var reader = JSONReader(bytes: data)
            var header = LibraryFileHeader()
            var songs: [Song] = []
            do {
                try reader.readDocument { reader throws(JSONReadError) in
                    try reader.readObject { key, reader throws(JSONReadError) in
                        guard key == "songs" else { return try header.read(key, from: &reader) }
                        try reader.readEach { reader throws(JSONReadError) in
                            let start = reader.position
                            guard let id = try reader.skipObject(keeping: "id"), ids.contains(id) else { return }
                            reader.position = start
                            songs.append(try Song(json: &reader))
                        }
                    }
                }
                guard try header.checked(reader).version <= LibraryFiles.version else { return nil }
            } catch {
                return nil
            }
            return songs
        }
    }

    /// A file's `conflicts` section (docs/git.md).
    static func readConflicts(_ reader: inout JSONReader) throws(JSONReadError) -> [LibraryConflict]? {
        try reader.readOptional { reader throws(JSONReadError) in
            try reader.readArray { reader throws(JSONReadError) in try LibraryConflict(json: &reader) }
        }
    }
}
