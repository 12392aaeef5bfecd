import Foundation
import SetlistModel
import SetlistSupport

extension LibraryFiles {
    /// `songs.json`: the repertoire, in the user's order.
    struct SongsFile: LibraryFile, Equatable {
        var format = "setlist-songs"
        var version = LibraryFiles.version
        var songs: [Song]
        var conflicts: [LibraryConflict]?

        init(songs: [Song], conflicts: [LibraryConflict]? = nil) {
            self.songs = songs
            self.conflicts = conflicts
        }

        static let json = JSONMembers<Self>(
            blank: { Self(songs: []) }, header + [.list("songs", \.songs), .list("conflicts", \.conflicts)])

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
}
