import SetlistModel
import SetlistSupport

extension LibraryFiles {
    /// `playlists.json`: the order of the playlists, each by its id and file, and the current one.
    struct PlaylistOrderFile: LibraryFile, Equatable {
        /// One playlist: its id and its file's name inside `playlists/`.
        struct Entry: JSONRecord, Equatable {
            var id: String
            var file: String

            init(id: String, file: String) {
                self.id = id
                self.file = file
            }

            static let json = JSONMembers<Self>(blank: { Self(id: "", file: "") }, [.text("id", \.id), .text("file", \.file)])
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

        static let json = JSONMembers<Self>(
            blank: { Self(current: nil, playlists: []) },
            header + [.list("playlists", \.playlists), .text("current", \.current), .list("conflicts", \.conflicts)])
    }
}
