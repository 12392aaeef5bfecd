/// The changes commands make. Each checks its input first and leaves the library as it was when it
/// throws.
extension Library {
    /// What ``LibraryError/positionOutOfRange(_:count:playlist:)`` names for a position in the
    /// song list or in the list of playlists rather than in one playlist.
    static let songListName = "the song list"
    static let playlistListName = "the playlist list"

    // MARK: Originals

    /// Adds an original at the end of the repertoire.
    @discardableResult
    public mutating func addSong(_ fields: SongFields) -> Song {
        let song = Song(fields: fields)
        songs.append(song)
        return song
    }

    /// Changes an original. With `everywhere`, the fields the edit sets are carried into every
    /// copy of it too; otherwise the copies keep their values. Returns how many copies changed.
    @discardableResult
    public mutating func applyEdit(_ edit: SongEdit, toSongAt index: Int, everywhere: Bool) -> Int {
        edit.apply(to: &songs[index].fields)
        guard everywhere else { return 0 }
        let id = songs[index].id
        var changed = 0
        for p in playlists.indices {
            for i in playlists[p].items.indices {
                guard case .song(var copy) = playlists[p].items[i], copy.originalID == id else { continue }
                if !edit.apply(to: &copy.fields).isEmpty { changed += 1 }
                playlists[p].items[i] = .song(copy)
            }
        }
        return changed
    }

    /// Deletes an original; its copies stay in their playlists.
    @discardableResult
    public mutating func removeSong(at index: Int) -> Song {
        songs.remove(at: index)
    }

    /// Moves an original to a 1-based position in the repertoire.
    public mutating func moveSong(at index: Int, to position: Int) throws(LibraryError) {
        guard (1...songs.count).contains(position) else {
            throw .positionOutOfRange(position, count: songs.count, playlist: Self.songListName)
        }
        let song = songs.remove(at: index)
        songs.insert(song, at: position - 1)
    }

    // MARK: Playlists

    /// Creates a playlist, makes it current and returns its index.
    @discardableResult
    public mutating func addPlaylist(named name: String) throws(LibraryError) -> Int {
        try Self.checkPlaylistName(name)
        if let taken = playlistName(taking: name) { throw .duplicatePlaylistName(taken) }
        playlists.append(Playlist(name: name))
        currentPlaylistID = playlists[playlists.count - 1].id
        return playlists.count - 1
    }

    public mutating func renamePlaylist(at index: Int, to name: String) throws(LibraryError) {
        try Self.checkPlaylistName(name)
        if let taken = playlistName(taking: name, excluding: playlists[index].id) { throw .duplicatePlaylistName(taken) }
        playlists[index].name = name
    }

    /// Copies a playlist with new ids for it and its copies; the copies keep their originals.
    @discardableResult
    public mutating func duplicatePlaylist(at index: Int, as name: String) throws(LibraryError) -> Int {
        try Self.checkPlaylistName(name)
        if let taken = playlistName(taking: name) { throw .duplicatePlaylistName(taken) }
        var copy = playlists[index]
        copy.id = Identifier.make()
        copy.name = name
        // A new setlist: nobody has received a revision of it.
        copy.revisions = nil
        copy.items = copy.items.map { item in
            guard case .song(var song) = item else { return item }
            song.id = Identifier.make()
            return .song(song)
        }
        playlists.insert(copy, at: index + 1)
        return index + 1
    }

    @discardableResult
    public mutating func deletePlaylist(at index: Int) -> Playlist {
        let removed = playlists.remove(at: index)
        if currentPlaylistID == removed.id { currentPlaylistID = nil }
        return removed
    }

    public mutating func movePlaylist(at index: Int, to position: Int) throws(LibraryError) {
        guard (1...playlists.count).contains(position) else {
            throw .positionOutOfRange(position, count: playlists.count, playlist: Self.playlistListName)
        }
        let playlist = playlists.remove(at: index)
        playlists.insert(playlist, at: position - 1)
    }

    // MARK: Copies

    /// Copies originals into a playlist, before the song now at `position` (in that song's set),
    /// or at the end when `position` is nil or one past the last song.
    public mutating func insertCopies(of songs: [Song], into index: Int, at position: Int?) throws(LibraryError) {
        var playlist = playlists[index]
        let count = playlist.copies.count
        let items = songs.map { PlaylistItem.song(SongCopy(of: $0)) }
        try Self.checkRoom(in: playlist, adding: items.count)
        if let position, position != count + 1 {
            guard let itemIndex = playlist.itemIndex(ofPosition: position) else {
                throw .insertionOutOfRange(position, count: count, playlist: playlist.name)
            }
            playlist.items.insert(contentsOf: items, at: itemIndex)
        } else {
            playlist.items.append(contentsOf: items)
        }
        playlists[index] = playlist
    }

    /// Removes the copies at the given 1-based positions; breaks stay where they are, unless no
    /// song is left: then they go too, or the songs copied in next would all land after the last
    /// of them, under labels like "Encore". A set left without songs goes with its break
    /// (``Playlist/dropEmptySets()``), whose label is returned.
    @discardableResult
    public mutating func removeCopies(at positions: Set<Int>, from index: Int) throws(LibraryError) -> (
        removed: [SongCopy], emptiedSets: [String]
    ) {
        let playlist = playlists[index]
        let copies = playlist.copies, count = copies.count
        let sorted = positions.sorted()
        if let bad = sorted.first(where: { !(1...count).contains($0) }) {
            throw .positionOutOfRange(bad, count: count, playlist: playlist.name)
        }
        let itemIndices = Set(positions.compactMap { playlist.itemIndex(ofPosition: $0) })
        // The copies array once, not rebuilt from the items for every position removed.
        let removed = sorted.map { copies[$0 - 1] }
        playlists[index].items = playlist.items.enumerated().filter { !itemIndices.contains($0.offset) }.map(\.element)
        // A received copy keeps its base, so that a later change of the sender's to it is told
        // as not taken rather than dropped without a word.
        if playlists[index].received != nil {
            var bases = playlists[index].received?.removed ?? [:]
            for copy in removed { if let base = copy.received { bases[copy.id] = base } }
            playlists[index].received?.removed = bases.isEmpty ? nil : bases
        }
        if playlists[index].copies.isEmpty {
            playlists[index].items = []
            playlists[index].setOwnBreakLengths([])
        }
        return (removed, playlists[index].dropEmptySets())
    }

    /// Moves a copy so that it takes the place of the song now at `to`, in that song's set. A set
    /// it leaves without songs goes with its break, whose label is returned.
    @discardableResult
    public mutating func moveCopy(in index: Int, from: Int, to: Int) throws(LibraryError) -> [String] {
        var playlist = playlists[index]
        let count = playlist.copies.count
        for position in [from, to] where !(1...max(count, 1)).contains(position) || count == 0 {
            throw .positionOutOfRange(position, count: count, playlist: playlist.name)
        }
        guard from != to, let source = playlist.itemIndex(ofPosition: from),
            let target = playlist.itemIndex(ofPosition: to)
        else { return [] }
        let item = playlist.items.remove(at: source)
        // Moving down, the removal shifts the target up by one, so this lands after the target
        // song; moving up it lands before it. Either way the song stays in the target's set.
        playlist.items.insert(item, at: target)
        let emptied = playlist.dropEmptySets()
        playlists[index] = playlist
        return emptied
    }

    /// Changes one copy. With `alsoOriginal`, the fields the edit sets are carried over to the
    /// original as well. Returns false when the original no longer exists.
    @discardableResult
    public mutating func applyEdit(_ edit: SongEdit, toCopyAt position: Int, in index: Int, alsoOriginal: Bool) throws(LibraryError) -> Bool
    {
        let playlist = playlists[index]
        guard let itemIndex = playlist.itemIndex(ofPosition: position),
            case .song(var copy) = playlist.items[itemIndex]
        else {
            throw .positionOutOfRange(position, count: playlist.copies.count, playlist: playlist.name)
        }
        edit.apply(to: &copy.fields)
        playlists[index].items[itemIndex] = .song(copy)
        guard alsoOriginal else { return true }
        guard let original = copy.originalID.flatMap(songIndex(id:)) else { return false }
        edit.apply(to: &songs[original].fields)
        return true
    }

    // MARK: Breaks

    /// Puts a break after the song at `position`, or relabels the one already there.
    public mutating func addBreak(in index: Int, after position: Int, label: String?) throws(LibraryError) {
        let playlist = playlists[index]
        let count = playlist.copies.count
        guard (1...max(count, 1)).contains(position), count > 0,
            let itemIndex = playlist.itemIndex(ofPosition: position)
        else {
            throw .positionOutOfRange(position, count: count, playlist: playlist.name)
        }
        // Breaks are known by label and occurrence: each keeps its own length in the plan.
        var lengths = playlist.ownBreakLengths
        if let existing = playlist.breakLabel(after: position) {
            guard let label else { throw .breakExists(after: position, label: existing) }
            playlists[index].items[itemIndex + 1] = .setBreak(label)
            playlists[index].setOwnBreakLengths(lengths)
            return
        }
        let setNumber = playlist.sets.count + 1
        try Self.checkRoom(in: playlists[index], adding: 1)
        playlists[index].items.insert(.setBreak(label ?? "Set \(setNumber)"), at: itemIndex + 1)
        lengths.insert(nil, at: playlist.breakOrdinal(before: itemIndex + 1))
        playlists[index].setOwnBreakLengths(lengths)
    }

    /// Removes the break after the song at `position`; position 0 is a break before the first
    /// song, which moving or removing the songs of the first set leaves behind.
    public mutating func removeBreak(in index: Int, after position: Int) throws(LibraryError) {
        let playlist = playlists[index]
        var lengths = playlist.ownBreakLengths
        if position == 0, case .setBreak = playlist.items.first {
            playlists[index].items.removeFirst()
            lengths.removeFirst()
            playlists[index].setOwnBreakLengths(lengths)
            return
        }
        guard playlist.breakLabel(after: position) != nil, let itemIndex = playlist.itemIndex(ofPosition: position) else {
            throw .noBreak(after: position, playlist: playlist.name)
        }
        playlists[index].items.remove(at: itemIndex + 1)
        lengths.remove(at: playlist.breakOrdinal(before: itemIndex + 1))
        playlists[index].setOwnBreakLengths(lengths)
    }

    // MARK: Contacts

    public mutating func addContact(_ contact: Contact) throws(LibraryError) {
        let email = contact.email.lowercased(), name = Text.fold(contact.name)
        if let existing = contacts.first(where: { $0.email.lowercased() == email || Text.fold($0.name) == name }) {
            throw .duplicateContact(existing)
        }
        contacts.append(contact)
    }

    /// Refuses a name that ``Text/cleanPlaylistName(_:)`` would refuse (a path-like name), for
    /// callers that did not clean it first.
    static func checkPlaylistName(_ name: String) throws(LibraryError) {
        if Text.looksLikePath(name) { throw .invalidValues([.looksLikePath(field: "playlist name", text: name)]) }
    }

    /// Refuses to grow a playlist past ``Playlist/maximumItems``.
    static func checkRoom(in playlist: Playlist, adding count: Int) throws(LibraryError) {
        guard playlist.items.count + count <= Playlist.maximumItems else {
            throw .playlistFull(playlist.name, has: playlist.items.count, adding: count, limit: Playlist.maximumItems)
        }
    }
}
