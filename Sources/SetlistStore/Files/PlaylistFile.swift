import Foundation
import SetlistModel
import SetlistSupport

extension LibraryFiles {
    /// `playlists/NAME-ID.json`: one playlist, its copies and breaks in order.
    struct PlaylistFile: LibraryFile, Equatable {
        var format = "setlist-playlist"
        var version = LibraryFiles.version
        var id: String
        var name: String
        var items: [PlaylistItem]
        /// Only for playlists imported from a `.plsts` document; optional, so older readers skip it.
        var received: ReceivedPlaylist?
        /// The show's plan; optional, so older readers skip it (docs/json.md).
        var plan: ShowPlan?
        /// The revisions shared; optional, so older readers skip it (docs/json.md).
        var revisions: Revisions?
        var conflicts: [LibraryConflict]?

        init(
            id: String, name: String, items: [PlaylistItem], received: ReceivedPlaylist? = nil, plan: ShowPlan? = nil,
            revisions: Revisions? = nil, conflicts: [LibraryConflict]? = nil
        ) {
            self.revisions = revisions
            self.id = id
            self.name = name
            self.items = items
            self.received = received
            self.plan = plan
            self.conflicts = conflicts
        }

        static let json = JSONMembers<Self>(
            blank: { Self(id: "", name: "", items: []) },
            header + [
                .text("id", \.id), .text("name", \.name), .list("items", \.items), .value("received", \.received), .value("plan", \.plan),
                .value("revisions", \.revisions), .list("conflicts", \.conflicts),
            ])
    }
}

extension LibraryFiles {
    /// Whether a playlist file's bytes may hold a copy of the original `id`: they hold the id, or
    /// an escape that could spell it. A file that cannot is not decoded.
    static func mayHoldCopies(of id: String, in data: [UInt8]) -> Bool {
        ByteSearch.contains(Array(id.utf8), in: data) || ByteSearch.contains(Array("\\u".utf8), in: data)
    }
}
