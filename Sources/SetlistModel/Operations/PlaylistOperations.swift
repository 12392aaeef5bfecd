/// What the playlist commands ask of the library: each takes the playlist as the user named it
/// (nil: the current one) and returns what actually happened.
extension Library {
    /// Creates a playlist holding copies of the songs named and of new songs with the given
    /// titles, and makes it current.
    public mutating func createPlaylist(named name: String, copying references: [String], newSongs titles: [String]) throws(LibraryError)
        -> PlaylistCreated
    {
        let chosen = try references.map { (reference) throws(LibraryError) in try song(matching: reference) }
        var changed = self
        let index = try changed.addPlaylist(named: name)
        // Songs that already had a new song's title, which from now on need an id to name.
        let folded = Set(titles.map(Text.fold))
        let sameTitle = changed.songs.filter { folded.contains(Text.fold($0.name)) }
        let created = titles.map { changed.addSong(SongFields(name: $0)) }
        try changed.insertCopies(of: chosen + created, into: index, at: nil)
        self = changed
        return PlaylistCreated(playlist: playlists[index], sameTitle: sameTitle)
    }

    /// Makes the playlist named by `reference` the current one.
    public mutating func usePlaylist(_ reference: String) throws(LibraryError) -> Playlist {
        let index = try playlistIndex(matching: reference)
        currentPlaylistID = playlists[index].id
        return playlists[index]
    }

    /// Copies the songs named (nil: every song of the repertoire) into `playlist`, before the
    /// song at `position` (default: at the end). Every song of the repertoire leaves out those
    /// the playlist already holds a copy of, unless `again`: a second copy is seldom meant
    /// (`new P --new-song X` then `add --all` would have played X twice).
    public mutating func copySongs(_ references: [String]?, into playlist: String?, at position: Int?, again: Bool = false)
        throws(LibraryError) -> CopiesAdded
    {
        let index = try playlistIndex(matching: playlist)
        var chosen =
            try references.map { (references) throws(LibraryError) in
                try references.map { (reference) throws(LibraryError) in try song(matching: reference) }
            } ?? songs
        var skipped = 0
        if references == nil && !again {
            let held = Set(playlists[index].copies.map(\.originalID))
            chosen.removeAll { held.contains($0.id) }
            skipped = songs.count - chosen.count
        }
        if !chosen.isEmpty { try insertCopies(of: chosen, into: index, at: position) }
        return CopiesAdded(
            playlist: playlists[index].name, first: position ?? playlists[index].copies.count - chosen.count + 1, count: chosen.count,
            skipped: skipped)
    }

    /// Removes the copies named (positions, titles or ids; nil: every copy) from `playlist`.
    public mutating func removeCopies(_ references: [String]?, from playlist: String?) throws(LibraryError) -> CopiesRemoved {
        let index = try playlistIndex(matching: playlist)
        let copies = playlists[index].copies
        let positions =
            try references.map { (references) throws(LibraryError) in
                Set(try references.map { (reference) throws(LibraryError) in try Self.position(of: reference, in: playlists[index]) })
            } ?? Set(copies.indices.map { $0 + 1 })
        let (removed, emptied) = try removeCopies(at: positions, from: index)
        return CopiesRemoved(playlist: playlists[index].name, removed: removed, emptiedSets: emptied)
    }

    /// Moves the copy named by `from` (a position, title or id) to the position named by `to`.
    public mutating func moveCopy(_ from: String, to: String, in playlist: String?) throws(LibraryError) -> CopyMoved {
        let index = try playlistIndex(matching: playlist)
        let source = try Self.position(of: from, in: playlists[index])
        let target = try Self.position(of: to, in: playlists[index])
        let song = playlists[index].copies[source - 1].name
        let emptied = try moveCopy(in: index, from: source, to: target)
        return CopyMoved(
            playlist: playlists[index].name, song: song, position: target, emptiedSets: emptied, changedNothing: source == target)
    }

    /// Puts a break after the song at `position` (or relabels the one there); returns the
    /// playlist's name and the break's label.
    public mutating func addBreak(in playlist: String?, after position: Int, label: String?) throws(LibraryError) -> (
        playlist: String, label: String
    ) {
        let index = try playlistIndex(matching: playlist)
        try addBreak(in: index, after: position, label: label)
        return (playlists[index].name, playlists[index].breakLabel(after: position)!)
    }

    /// Removes the break after the song at `position` (0: before the first song); returns the
    /// playlist's name.
    public mutating func removeBreak(in playlist: String?, after position: Int) throws(LibraryError) -> String {
        let index = try playlistIndex(matching: playlist)
        try removeBreak(in: index, after: position)
        return playlists[index].name
    }

    /// Renames `playlist`.
    public mutating func renamePlaylist(_ playlist: String?, to name: String) throws(LibraryError) -> PlaylistRenamed {
        let index = try playlistIndex(matching: playlist)
        let old = playlists[index].name
        try renamePlaylist(at: index, to: name)
        return PlaylistRenamed(old: old, new: name, changedNothing: old == name)
    }

    /// Copies `playlist` under a new name, just after it; returns the original and the copy.
    public mutating func duplicatePlaylist(_ playlist: String, as name: String) throws(LibraryError) -> (original: Playlist, copy: Playlist)
    {
        let index = try playlistIndex(matching: playlist)
        let copy = try duplicatePlaylist(at: index, as: name)
        return (playlists[index], playlists[copy])
    }

    /// Deletes the playlists named; returns their names.
    public mutating func deletePlaylists(_ references: [String]) throws(LibraryError) -> [String] {
        let ids = try references.map { (reference) throws(LibraryError) in try self.playlist(matching: reference).id }
        var names: [String] = []
        for id in ids {
            if let index = playlists.firstIndex(where: { $0.id == id }) { names.append(deletePlaylist(at: index).name) }
        }
        return names
    }

    /// Deletes every playlist; returns their names.
    public mutating func deleteAllPlaylists() -> [String] {
        defer {
            playlists.removeAll()
            currentPlaylistID = nil
        }
        return playlists.map(\.name)
    }

    /// Moves `playlist` to a 1-based position in the list of playlists.
    public mutating func movePlaylist(_ playlist: String, to position: Int) throws(LibraryError) -> PlaylistMoved {
        let index = try playlistIndex(matching: playlist)
        try movePlaylist(at: index, to: position)
        return PlaylistMoved(name: playlists[position - 1].name, position: position, changedNothing: index == position - 1)
    }

    /// Removes the contact named by `reference` (a name or an address).
    public mutating func removeContact(_ reference: String) throws(LibraryError) -> Contact {
        contacts.remove(at: try contactIndex(matching: reference))
    }

    /// Sets the part and the instrument of the contact named by `reference` (a name or an
    /// address): nil leaves one as it is, `.some(nil)` clears it. Returns the contact as it was
    /// and as it is now.
    public mutating func editContact(_ reference: String, part: Part??, instrument: String??) throws(LibraryError) -> (
        before: Contact, after: Contact
    ) {
        let index = try contactIndex(matching: reference)
        let before = contacts[index]
        if let part { contacts[index].part = part }
        if let instrument { contacts[index].instrument = instrument }
        return (before, contacts[index])
    }
}

/// What ``Library/createPlaylist(named:copying:newSongs:)`` did.
public struct PlaylistCreated: Sendable, Hashable {
    public var playlist: Playlist
    /// Songs that already had a new song's title.
    public var sameTitle: [Song]
}

/// What ``Library/copySongs(_:into:at:again:)`` did: `count` copies from position `first` on.
public struct CopiesAdded: Sendable, Hashable {
    public var playlist: String
    public var first: Int
    public var count: Int
    /// Songs of the repertoire left out because the playlist already held a copy of each.
    public var skipped = 0
}

/// What ``Library/removeCopies(_:from:)`` did.
public struct CopiesRemoved: Sendable, Hashable {
    public var playlist: String
    /// The copies removed, in playing order.
    public var removed: [SongCopy]
    /// The labels of the breaks whose sets were left without songs, and went with them.
    public var emptiedSets: [String] = []
}

/// What ``Library/moveCopy(_:to:in:)`` did: `song` is now at `position`.
public struct CopyMoved: Sendable, Hashable {
    public var playlist: String
    public var song: String
    public var position: Int
    /// The labels of the breaks whose sets the move left without songs, and went with them.
    public var emptiedSets: [String] = []
    /// Whether the song was already there.
    public var changedNothing = false
}

/// What ``Library/renamePlaylist(_:to:)`` did.
public struct PlaylistRenamed: Sendable, Hashable {
    public var old: String
    public var new: String
    /// Whether the playlist already had that name.
    public var changedNothing: Bool
}

/// What ``Library/movePlaylist(_:to:)`` did: the playlist `name` is now at `position`.
public struct PlaylistMoved: Sendable, Hashable {
    public var name: String
    public var position: Int
    /// Whether the playlist was already there.
    public var changedNothing: Bool
}
