import Foundation
import SetlistModel

/// What `setlist resolve` did.
public struct ResolveReport: Sendable {
    /// The conflicts settled, with the file each was in.
    public var settled: [(path: String, conflict: LibraryConflict)] = []
    /// The files git held as unmerged that are now settled and staged (`git add`).
    public var staged: [String] = []
    /// How many conflicts remain.
    public var remaining = 0
}

extension LibraryStore {
    /// Settles the merge conflicts numbered `numbers` (1-based, as `setlist check` lists them; all
    /// when empty) in favour of `side`, as one change (undo takes it back). When the library is in
    /// git, the files left with no conflict that git holds as unmerged are staged, so `git commit`
    /// finishes the merge.
    public func resolveConflicts(_ numbers: [Int], taking side: MergeSide, command: String) throws -> ResolveReport {
        var report = ResolveReport()
        let (settled, library, moved) = try modify(command: command) { library in
            let before = library
            let settled = try library.resolveConflicts(numbers, taking: side)
            // A name settled moves the setlist's file, and the order file with it.
            let paths = Set(settled.map(before.path(of:)))
            let moved = settled.map(library.path(of:)).filter { !paths.contains($0) }
            return (settled.map { (before.path(of: $0), $0) }, library, moved)
        }
        report.settled = settled
        report.remaining = library.conflicts.count
        let stillOpen = Set(library.conflicts.map { library.path(of: $0) })
        var files = Set(settled.map(\.0) + moved).subtracting(stillOpen)
        if !moved.isEmpty { files.insert(LibraryFiles.playlistOrder) }
        // A setlist's own conflicts, and one's delete recorded in the order file.
        let setlists = settled.compactMap { path, conflict in
            if case .playlist(let id) = conflict.location {
                id
            } else if conflict.field == "removed", conflict.location == .playlistOrder {
                conflict.item
            } else {
                nil
            }
        }
        if let git = try? GitRepository(containing: root) { report.staged = git.stageSettled(files.sorted(), playlistIDs: setlists) }
        return report
    }
}

extension Library {
    /// The file a conflict is in, relative to the library folder.
    public func path(of conflict: LibraryConflict) -> String {
        switch conflict.location {
        case .songs: LibraryFiles.songs
        case .playlistOrder: LibraryFiles.playlistOrder
        case .contacts: LibraryFiles.contacts
        case .settings: LibraryFiles.settings
        case .playlist(let id):
            LibraryFiles.playlistFolder + "/" + Playlist.fileName(name: playlists.first { $0.id == id }?.name ?? id, id: id)
        }
    }
}
