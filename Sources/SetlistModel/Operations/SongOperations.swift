/// What the song commands ask of the library: each takes the songs and playlists as the user
/// named them and returns what actually happened, so a command only has to print it.
extension Library {
    /// Adds an original and, when `playlist` is given, copies it in at `position` (default: the
    /// end). Throws before changing anything when the playlist or the position is wrong, or when
    /// the repertoire already has the song (the same title and author, as `import-songs` skips
    /// it) unless `duplicate`.
    public mutating func addSong(
        _ fields: SongFields, copyInto playlist: String? = nil, at position: Int? = nil, duplicate: Bool = false
    ) throws(LibraryError) -> SongAdded {
        let title = Text.fold(fields.name)
        let sameTitle = songs.filter { Text.fold($0.name) == title }
        let target = try playlist.map { (reference) throws(LibraryError) in try playlistIndex(matching: reference) }
        if !duplicate, let same = originals(matchingName: fields.name, author: fields.author).first {
            throw .duplicateSong(same, playlist: target.map { playlists[$0].name })
        }
        var changed = self
        let song = changed.addSong(fields)
        var placement: CopyPlacement?
        if let target {
            try changed.insertCopies(of: [song], into: target, at: position)
            let copies = changed.playlists[target].copies
            placement = CopyPlacement(
                playlist: changed.playlists[target].name,
                position: copies.lastIndex { $0.originalID == song.id }! + 1)
        }
        self = changed
        return SongAdded(song: song, sameTitle: sameTitle, placement: placement)
    }

    /// Changes the original named by `reference`; with `everywhere` its copies too.
    public mutating func editSong(_ reference: String, _ edit: SongEdit, everywhere: Bool) throws(LibraryError) -> SongEdited {
        let index = try songIndex(matching: reference)
        let before = songs[index].fields
        let copiesChanged = applyEdit(edit, toSongAt: index, everywhere: everywhere)
        let song = songs[index]
        let changed = song.fields.differences(from: before)
        // The playlists whose copies kept their values, counted in the same change.
        return SongEdited(
            song: song, fields: changed.isEmpty ? edit.fields.sorted() : changed.sorted(), copiesChanged: copiesChanged,
            playlistsKeeping: everywhere ? 0 : copies(of: song.id).count, changedNothing: changed.isEmpty && copiesChanged == 0)
    }

    /// Changes the copy named by `reference` (a position, title or id) in `playlist` (nil: the
    /// current one); with `alsoOriginal` its original too, when it still exists.
    public mutating func editCopy(_ reference: String, in playlist: String?, _ edit: SongEdit, alsoOriginal: Bool) throws(LibraryError)
        -> CopyEdited
    {
        let index = try playlistIndex(matching: playlist)
        let position = try Self.position(of: reference, in: playlists[index])
        let copyBefore = playlists[index].copies[position - 1]
        // Only the copy's fields and, with `alsoOriginal`, its original's can change.
        let original = alsoOriginal ? copyBefore.originalID.flatMap(songIndex(id:)) : nil
        let originalBefore = original.map { songs[$0].fields }
        let originalFound = try applyEdit(edit, toCopyAt: position, in: index, alsoOriginal: alsoOriginal)
        let changed = playlists[index].copies[position - 1].fields.differences(from: copyBefore.fields)
        let changedNothing = changed.isEmpty && original.map { songs[$0].fields } == originalBefore
        return CopyEdited(
            playlist: playlists[index].name, position: position, fields: changed.isEmpty ? edit.fields.sorted() : changed.sorted(),
            originalChanged: alsoOriginal && originalFound, originalMissing: alsoOriginal && !originalFound, changedNothing: changedNothing)
    }

    /// Deletes the originals named; their copies stay in the playlists.
    public mutating func removeSongs(_ references: [String]) throws(LibraryError) -> [Song] {
        let ids = try references.map { (reference) throws(LibraryError) in try song(matching: reference).id }
        let removed = songs.filter { ids.contains($0.id) }
        songs.removeAll { ids.contains($0.id) }
        return removed
    }

    /// Deletes every original; their copies stay in the playlists.
    public mutating func removeAllSongs() -> [Song] {
        defer { songs.removeAll() }
        return songs
    }

    /// Moves the original named by `reference` to a 1-based position in the song list.
    public mutating func moveSong(_ reference: String, to position: Int) throws(LibraryError) -> SongMoved {
        let index = try songIndex(matching: reference)
        try moveSong(at: index, to: position)
        return SongMoved(song: songs[position - 1], position: position, changedNothing: index == position - 1)
    }

    // MARK: Copies against their originals

    /// The fields in which `copy` differs from its original, or nil when the original was
    /// deleted. The one place `show`, `show --json` and `song` learn what a copy changed.
    public func differences(of copy: SongCopy) -> Set<SongField>? {
        copy.originalID.flatMap(songIndex(id:)).map { copy.fields.differences(from: songs[$0].fields) }
    }
}

/// What ``Library/addSong(_:copyInto:at:)`` did.
public struct SongAdded: Sendable, Hashable {
    public var song: Song
    /// Songs that already had the title, which from now on need an id to be named.
    public var sameTitle: [Song]
    /// Where the song was copied in, when a playlist was named.
    public var placement: CopyPlacement?
}

/// A copy's place: the playlist's name and the 1-based position.
public struct CopyPlacement: Sendable, Hashable {
    public var playlist: String
    public var position: Int
}

/// What ``Library/editSong(_:_:everywhere:)`` did.
public struct SongEdited: Sendable, Hashable {
    /// The original after the change.
    public var song: Song
    /// The fields of the original that changed, in order (those the edit set, when only copies
    /// changed or nothing did).
    public var fields: [SongField]
    /// How many copies changed (only with `everywhere`).
    public var copiesChanged: Int
    /// How many playlists hold copies that kept their values (0 with `everywhere`).
    public var playlistsKeeping: Int
    /// Whether every field already had the value asked for, so nothing changed.
    public var changedNothing = false
}

/// What ``Library/moveSong(_:to:)`` did: `song` is now at `position` of the song list.
public struct SongMoved: Sendable, Hashable {
    public var song: Song
    public var position: Int
    /// Whether the song was already there.
    public var changedNothing: Bool
}

/// What ``Library/editCopy(_:in:_:alsoOriginal:)`` did.
public struct CopyEdited: Sendable, Hashable {
    public var playlist: String
    public var position: Int
    /// The fields of the copy that changed, in order (those the edit set, when only the original
    /// changed or nothing did).
    public var fields: [SongField]
    /// Whether the original changed too.
    public var originalChanged: Bool
    /// Whether the original was asked to change but had been deleted.
    public var originalMissing: Bool
    /// Whether every field already had the value asked for, so nothing changed.
    public var changedNothing = false
}
