import Foundation
import SetlistModel

/// Links the copies of an incoming setlist to the member's originals: by the original's id when
/// the library has it, else by title and author (``SongMatching``: one match links, several or
/// a namesake by another author add a new original, and the report says why). Originals
/// neither finds are added to the repertoire.
struct OriginalLinking {
    let setlist: SharedSetlist
    /// The repertoire before the import: matching never picks an original this import added.
    let before: Library
    /// Originals added, in order.
    private(set) var added: [Song] = []
    /// One line per incoming original linked by title or added despite a namesake.
    private(set) var remarks: [String] = []
    /// The sender's original id → the member's.
    private var links: [String: String?] = [:]

    init(setlist: SharedSetlist, library: Library) {
        self.setlist = setlist
        self.before = library
    }

    /// `playlist` with each copy (except those in `skipping`) pointing at the member's original.
    mutating func link(_ playlist: Playlist, skipping: Set<String>, into library: inout Library) -> Playlist {
        var result = playlist
        result.items = playlist.items.map { item in
            guard case .song(var copy) = item, !skipping.contains(copy.id), let id = copy.originalID else { return item }
            if let known = links[id] {
                copy.originalID = known ?? id
            } else {
                let linked = resolve(id, copy: copy.fields, into: &library)
                links[id] = linked
                copy.originalID = linked ?? id
            }
            return .song(copy)
        }
        return result
    }

    /// The member's id for the sender's original `id` (nil: leave the copy's link as it is).
    private mutating func resolve(_ id: String, copy: SongFields, into library: inout Library) -> String? {
        if library.songIndex(id: id) != nil { return id }
        let carried = setlist.originals.first { $0.id == id }
        let fields = carried?.fields ?? copy
        let listing = fields.listing
        switch before.originalMatch(name: fields.name, author: fields.author) {
        case .matched(let song):
            remarks.append("= \(listing): matched your \(song.fields.listing)")
            return song.id
        case .several(let songs):
            guard carried != nil else { return nil }
            remarks.append(
                "\(listing) is a new song in your repertoire: \(songs.count) of your songs have that title and author, and setlist does not guess which one it is."
            )
        case .otherAuthor(let songs):
            guard carried != nil else { return nil }
            let authors = songs.map { $0.fields.author.map { "by \($0)" } ?? "without an author" }
            remarks.append(
                "\(listing) is a new song in your repertoire: yours of that title is \(Self.list(authors)), so it is another song.")
        case .none:
            guard carried != nil else { return nil }
        }
        library.songs.append(Song(id: id, fields: fields))
        added.append(Song(id: id, fields: fields))
        return id
    }

    private static func list(_ parts: [String]) -> String {
        let unique = Array(NSOrderedSet(array: parts)) as? [String] ?? parts
        return unique.count <= 1 ? unique.joined() : unique.dropLast().joined(separator: ", ") + " and " + unique.last!
    }
}
