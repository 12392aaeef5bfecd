import SetlistModel
import SetlistStore

/// The playlist on stage, followed in its library: edits made in another terminal (or by a sync
/// tool, or `git pull`) reach stage mode's screen.
///
/// ``check()`` compares the library's ``LibraryStamp`` with the last one (a few `stat` calls)
/// and reads the library only when a file changed.
public final class PlaylistWatch {
    /// What changed since the last check.
    public enum Change: Hashable, Sendable {
        /// The playlist or the notation changed; the playlist as it is now.
        case updated(Playlist, KeyNotation)
        /// The playlist is no longer in the library.
        case deleted
        /// The library cannot be read now (a file half-edited by hand, say); the reason.
        case unreadable(String)
    }

    private let store: LibraryStore
    private let playlistID: String
    /// The playlist as the last check found it.
    public private(set) var playlist: Playlist
    private var notation: KeyNotation
    /// Nil until the first check, which reads the library once: a change made between loading
    /// the playlist and starting the watch is not missed.
    private var stamp: LibraryStamp?
    private var gone = false

    /// Follows `playlist`, as loaded from `store` with the library's `notation`.
    public init(store: LibraryStore, playlist: Playlist, notation: KeyNotation) {
        self.store = store
        self.playlistID = playlist.id
        self.playlist = playlist
        self.notation = notation
    }

    /// What changed since the last check, or nil when nothing did.
    public func check() -> Change? {
        let now = store.stamp(of: playlist)
        guard now != stamp else { return nil }
        stamp = now
        let library: Library
        do {
            // The playlist alone (by its id), as `live` read it; when it is gone, everything is read.
            library = try store.load(.playlist(playlistID, originals: false))
        } catch LibraryError.inconsistentLibrary(let problems) where !problems.isEmpty {
            // The first problem, which names the file, rather than the count of problems.
            return .unreadable(Self.firstLine(of: problems[0].description))
        } catch {
            return .unreadable(Self.firstLine(of: error.description))
        }
        guard let current = library.playlists.first(where: { $0.id == playlistID }) else {
            if gone { return nil }
            gone = true
            return .deleted
        }
        gone = false
        guard current != playlist || library.notation != notation else { return nil }
        playlist = current
        notation = library.notation
        return .updated(current, notation)
    }

    private static func firstLine(of text: String) -> String {
        String(text.split(separator: "\n").first ?? "")
    }
}
