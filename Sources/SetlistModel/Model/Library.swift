/// The whole library in memory: the repertoire, the setlists, the contacts, the settings and the
/// gig log.
public struct Library: Hashable, Sendable {
    /// Originals in the user's order.
    public var songs: [Song]
    /// Playlists in the user's order.
    public var playlists: [Playlist]
    public var currentPlaylistID: String?
    public var contacts: [Contact]
    /// Saved settings such as `sender` and `sendmail`.
    public var settings: Settings
    /// What merges of the library's files left undecided (see ``LibraryConflict``), in file order.
    public var conflicts: [LibraryConflict] = []
    /// The gigs played, in ``Gig/precedes(_:_:)`` order (read only by the commands that need them).
    public var gigs: [Gig] = []

    public init(
        songs: [Song] = [], playlists: [Playlist] = [], currentPlaylistID: String? = nil,
        contacts: [Contact] = [], settings: Settings = Settings()
    ) {
        self.songs = songs
        self.playlists = playlists
        self.currentPlaylistID = currentPlaylistID
        self.contacts = contacts
        self.settings = settings
    }

    /// The band's key notation (`setlist config notation`): how ambiguous keys are read and how
    /// keys are printed. English when unset.
    public var notation: KeyNotation { settings.notation.flatMap(KeyNotation.init(parsing:)) ?? .english }

    // MARK: Finding songs

    /// The index of the original named by `reference`: a title (case- and accent-insensitive),
    /// an id or a unique id prefix.
    public func songIndex(matching reference: String) throws(LibraryError) -> Int {
        let matches = Self.match(reference, in: songs, byStart: true)
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty { throw .songNotFound(reference, suggestions: songs(searching: reference)) }
        throw .ambiguousSong(reference, candidates: matches.map { songs[$0] })
    }

    /// Whether `reference` names any original, uniquely or not, the way ``songIndex(matching:)``
    /// reads it; it builds no error, so nothing is searched for suggestions.
    public func namesSong(_ reference: String) -> Bool {
        !Self.match(reference, in: songs, byStart: true).isEmpty
    }

    /// The original named by `reference`.
    public func song(matching reference: String) throws(LibraryError) -> Song {
        songs[try songIndex(matching: reference)]
    }

    /// The originals whose name or author contains `text` (nil: every one), each with its
    /// 1-based position in the song list.
    public func numberedSongs(searching text: String?) -> [(position: Int, song: Song)] {
        (text.map(songIndices(searching:)) ?? Array(songs.indices)).map { ($0 + 1, songs[$0]) }
    }

    /// The index of the original with this exact id.
    public func songIndex(id: String) -> Int? { songs.firstIndex { $0.id == id } }

    /// Originals whose name or author contains `text`, ignoring case and accents.
    public func songs(searching text: String) -> [Song] {
        songIndices(searching: text).map { songs[$0] }
    }

    /// The indices of the originals whose name or author contains `text`, ignoring case and accents.
    public func songIndices(searching text: String) -> [Int] {
        let folded = Text.fold(text)
        return songs.indices.filter {
            Text.fold(songs[$0].fields.name).contains(folded) || Text.fold(songs[$0].fields.author ?? "").contains(folded)
        }
    }

    // MARK: Finding playlists

    /// The index of the playlist named by `reference`, or of the current one when it is nil.
    public func playlistIndex(matching reference: String?) throws(LibraryError) -> Int {
        guard let reference else {
            guard let id = currentPlaylistID, let index = playlists.firstIndex(where: { $0.id == id }) else {
                throw playlists.isEmpty ? .noPlaylists : .noCurrentPlaylist
            }
            return index
        }
        let matches = Self.match(reference, in: playlists)
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            let folded = Text.fold(reference)
            let near = playlists.map(\.name).filter { Text.fold($0).contains(folded) || folded.contains(Text.fold($0)) }
            throw .playlistNotFound(reference, suggestions: near)
        }
        throw .ambiguousPlaylist(reference, candidates: matches.map { playlists[$0] })
    }

    /// The playlist named by `reference`, or the current one when it is nil.
    public func playlist(matching reference: String?) throws(LibraryError) -> Playlist {
        playlists[try playlistIndex(matching: reference)]
    }

    /// Whether `name` names an existing playlist exactly (ignoring case and accents) — used to
    /// tell an optional leading playlist argument from a song.
    public func hasPlaylist(named name: String) -> Bool {
        let folded = Text.fold(name)
        return playlists.contains { Text.fold($0.name) == folded }
    }

    /// The name of a playlist other than `excluding` that already answers to `name`, compared as
    /// lookup compares names (case and accents ignored), so that no two playlists answer to the
    /// same name; nil when the name is free.
    public func playlistName(taking name: String, excluding id: String? = nil) -> String? {
        let folded = Text.fold(name)
        return playlists.first { $0.id != id && Text.fold($0.name) == folded }?.name
    }

    /// Playlists whose name contains `text`, ignoring case and accents.
    public func playlists(searching text: String) -> [Playlist] {
        playlistIndices(searching: text).map { playlists[$0] }
    }

    /// The playlists whose name contains `text` (nil: every one), each with its 1-based position
    /// in the list of playlists.
    public func numberedPlaylists(searching text: String?) -> [(position: Int, playlist: Playlist)] {
        (text.map(playlistIndices(searching:)) ?? Array(playlists.indices)).map { ($0 + 1, playlists[$0]) }
    }

    /// The indices of the playlists whose name contains `text`, ignoring case and accents.
    public func playlistIndices(searching text: String) -> [Int] {
        let folded = Text.fold(text)
        return playlists.indices.filter { Text.fold(playlists[$0].name).contains(folded) }
    }

    /// The playlists that hold copies of the original `songID`, with the positions of the copies.
    public func copies(of songID: String) -> [(playlist: Playlist, entries: [PlaylistEntry])] {
        playlists.compactMap { playlist in
            let entries = playlist.sets.flatMap(\.entries).filter { $0.copy.originalID == songID }
            return entries.isEmpty ? nil : (playlist, entries)
        }
    }

    // MARK: Finding copies

    /// The copy in `playlist` that `reference` names (as ``position(of:in:)`` reads it).
    public static func copy(matching reference: String, in playlist: Playlist) throws(LibraryError) -> SongCopy {
        playlist.copies[try position(of: reference, in: playlist) - 1]
    }

    /// The copy that `reference` names in the playlist `playlist` names (nil: the current one).
    public func copy(matching reference: String, inPlaylist playlist: String?) throws(LibraryError) -> SongCopy {
        try Self.copy(matching: reference, in: self.playlist(matching: playlist))
    }

    /// The original `copy` was made from, when the repertoire still holds it.
    public func original(of copy: SongCopy) -> Song? {
        copy.originalID.flatMap(songIndex(id:)).map { songs[$0] }
    }

    /// The 1-based position in `playlist` named by `reference`: a position number, a title
    /// (case- and accent-insensitive; a number that is no position may be a title like "1979"),
    /// or a copy or original id prefix.
    public static func position(of reference: String, in playlist: Playlist) throws(LibraryError) -> Int {
        let copies = playlist.copies
        if let number = Int(Text.trimmedSpaces(reference)) {
            guard (1...max(copies.count, 1)).contains(number), number <= copies.count else {
                // A title that is a number ("1979", "22") names its song when no position does.
                let folded = Text.fold(Text.trimmedSpaces(reference))
                let titled = copies.indices.filter { Text.fold(copies[$0].fields.name) == folded }
                if titled.count == 1 { return titled[0] + 1 }
                // ...and an id prefix that happens to be all digits names its copy.
                if Identifier.looksLikePrefix(reference), let found = try idPosition(reference, in: copies, playlist: playlist.name) {
                    return found
                }
                throw .positionOutOfRange(number, count: copies.count, playlist: playlist.name)
            }
            return number
        }
        guard let found = try idPosition(reference, in: copies, playlist: playlist.name) else {
            throw .copyNotFound(reference, playlist: playlist.name)
        }
        return found
    }

    /// The position of the one copy whose id, title or original's id `reference` names; nil when
    /// none does. Throws when several do.
    private static func idPosition(_ reference: String, in copies: [SongCopy], playlist: String) throws(LibraryError) -> Int? {
        var matches = match(reference, in: copies, byStart: true)
        if matches.isEmpty, Identifier.looksLikePrefix(reference) {
            let prefix = reference.lowercased()
            matches = copies.indices.filter { copies[$0].originalID?.hasPrefix(prefix) == true }
        }
        if matches.count == 1 { return matches[0] + 1 }
        if matches.isEmpty { return nil }
        throw .ambiguousCopy(
            reference, playlist: playlist,
            candidates: matches.map { PlaylistEntry(position: $0 + 1, copy: copies[$0]) })
    }

    // MARK: Finding contacts

    /// The contact named by `reference` (as ``contactIndex(matching:)`` reads it).
    public func contact(matching reference: String) throws(LibraryError) -> Contact {
        contacts[try contactIndex(matching: reference)]
    }

    /// The contact named by `reference`: an email address or a name (case- and accent-insensitive;
    /// a unique start of a name is enough).
    public func contactIndex(matching reference: String) throws(LibraryError) -> Int {
        let lower = Text.trimmedSpaces(reference).lowercased()
        // Every name starts with nothing: an empty reference (an unset variable in a script)
        // must not name the only contact.
        guard !lower.isEmpty else { throw .contactNotFound(reference, suggestions: []) }
        if let index = contacts.firstIndex(where: { $0.email.lowercased() == lower }) { return index }
        let folded = Text.fold(Text.trimmedSpaces(reference))
        let exact = contacts.indices.filter { Text.fold(contacts[$0].name) == folded }
        if exact.count == 1 { return exact[0] }
        let starts = exact.isEmpty ? contacts.indices.filter { Text.fold(contacts[$0].name).hasPrefix(folded) } : exact
        if starts.count == 1 { return starts[0] }
        if starts.isEmpty {
            // Close matches: a contact sharing a word, or the first three letters of one.
            let words = folded.split(separator: " ").map { $0.prefix(3) }
            let near = contacts.filter { contact in
                Text.fold(contact.name).split(separator: " ").contains { part in words.contains { part.hasPrefix($0) } }
            }
            throw .contactNotFound(reference, suggestions: near)
        }
        throw .ambiguousContact(reference, candidates: starts.map { contacts[$0] })
    }

    /// Indices of the records whose id starts with `reference` or whose folded name equals it.
    /// An exact id wins over everything, then a name typed exactly (accents and case included)
    /// over names that only fold to the same; an id prefix counts only when no name matches.
    /// With `byStart` (songs and copies, not playlists, whose names commands delete by), a
    /// reference that names nothing otherwise finds the titles it starts ("highway" for
    /// "Highway to Hell"), as a contact is found by the start of its name.
    static func match<T: NamedRecord>(_ reference: String, in records: [T], byStart: Bool = false) -> [Int] {
        let trimmed = Text.trimmedSpaces(reference)
        let lower = trimmed.lowercased()
        let exactID = records.firstIndex(where: { $0.id == lower })
        // setlist's own ids are hex and win outright; a word-like id from an imported document
        // ("intro") must not take over the title a member types.
        if let exactID, Identifier.looksLikePrefix(trimmed) { return [exactID] }
        let folded = Text.Folded(trimmed)
        var result = records.indices.filter { folded.isFold(of: records[$0].name) }
        if result.isEmpty, let exactID { return [exactID] }
        // Names that differ only in accents or case ("Koncert", "Kóncert"): the one typed exactly
        // wins, or neither could ever be named.
        if result.count > 1 {
            let exact = result.filter { records[$0].name == trimmed }
            if !exact.isEmpty { result = exact }
        }
        if result.isEmpty, Identifier.looksLikePrefix(trimmed) {
            result = records.indices.filter { records[$0].id.hasPrefix(lower) }
        }
        if result.isEmpty, byStart, !folded.text.isEmpty {
            result = records.indices.filter { Text.fold(records[$0].name).hasPrefix(folded.text) }
        }
        return result
    }
}

/// What ``Library/match(_:in:)`` finds by id and name: originals, playlists and copies.
protocol NamedRecord {
    var id: String { get }
    var name: String { get }
}

extension Song: NamedRecord {}
extension Playlist: NamedRecord {}
extension SongCopy: NamedRecord {}
