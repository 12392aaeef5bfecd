import SetlistModel

/// Which files of the library a command reads.
///
/// A large library is tens of megabytes of JSON, and most commands need a file or two, so each
/// says what it needs (docs/performance.md, "Each command reads only what it needs"); the settings
/// (small) are always read, the contacts only with the whole library (`share`, the contact
/// commands): no other command uses them. What is read is checked as always; what is not read is
/// not (`setlist check` reads everything), and a change writes only the files it read.
public struct LibraryScope: Sendable, Hashable {
    enum Songs: Sendable, Hashable {
        /// Every original.
        case all
        /// Only the originals of the copies in the playlists read.
        case originalsOfCopies
        /// None.
        case none
    }

    enum Playlists: Sendable, Hashable {
        /// Every playlist and the order file, checked as a whole (orphans, repeated names).
        case all
        /// The order file and the playlists that one of these references may name (nil: the
        /// current one). When none of them names a playlist, everything is read, so a mistyped
        /// name gets the same message (with its suggestions) as before.
        case matching([String?])
        /// The order file and the playlists that may hold copies of the song named so.
        case holdingCopies(of: String)
        /// Neither the playlists nor their order.
        case none
    }

    var songs: Songs
    var playlists: Playlists
    /// Whether contacts.json is read: only the commands that mail or list contacts need it.
    var contacts = false
    /// Whether the gig log (`gigs/`) is read: only the commands about what was played need it.
    var gigs = false

    /// Every file but the gig log, which only the commands about gigs read (a band's years of
    /// gigs would slow every other command down): what most commands read and change.
    public static let everything = LibraryScope(songs: .all, playlists: .all, contacts: true)

    /// Every file, the gig log too: what `check` and `--repair` read.
    public static let whole = LibraryScope(songs: .all, playlists: .all, contacts: true, gigs: true)

    /// The gig log alone (and the settings).
    public static let gigs = LibraryScope(songs: .none, playlists: .none, gigs: true)

    /// The songs and the gig log: what was played of the repertoire.
    public static let songsAndGigs = LibraryScope(songs: .all, playlists: .none, gigs: true)

    /// This scope and the gig log: a song's details with when it was played.
    public var withGigs: LibraryScope {
        var scope = self
        scope.gigs = true
        return scope
    }

    /// This scope and the contacts: a document printed for a member (`pdf --for`).
    public var withContacts: LibraryScope {
        var scope = self
        scope.contacts = true
        return scope
    }

    /// Every file, and the gig log when this scope reads it: what a part turns into when it is
    /// not enough.
    var widened: LibraryScope { gigs ? .whole : .everything }

    /// Whether every file but perhaps the gig log is read.
    var readsEverything: Bool { songs == .all && playlists == .all && contacts }

    /// The songs (and the settings), no playlists: the song list and changes to originals alone.
    public static let songs = LibraryScope(songs: .all, playlists: .none)

    /// Every playlist (checked as a whole) without the songs: the list of playlists.
    public static let playlists = LibraryScope(songs: .none, playlists: .all)

    /// The playlist `reference` names (nil: the current one) and, with `originals`, the
    /// originals of its copies (for what differs, or to export them).
    public static func playlist(_ reference: String?, originals: Bool = true) -> LibraryScope {
        playlists(matching: [reference], originals: originals)
    }

    /// The playlists any of `references` names: for a word that may be a playlist's name or a
    /// file's (`export Concert.plsts`).
    public static func playlists(matching references: [String?], originals: Bool = true) -> LibraryScope {
        LibraryScope(songs: originals ? .originalsOfCopies : .none, playlists: .matching(references))
    }

    /// Every song and the playlists holding copies of the one `reference` names: the original's
    /// details and where it is played.
    public static func song(withCopiesOf reference: String) -> LibraryScope {
        LibraryScope(songs: .all, playlists: .holdingCopies(of: reference))
    }

    /// The keys of the references of `.matching`, made once (trimmed, lowered, folded), each nil
    /// for the current playlist; nil for any other scope.
    var playlistKeys: [LibraryFiles.PlaylistKey?]? {
        guard case .matching(let references) = playlists else { return nil }
        return references.map { $0.map(LibraryFiles.PlaylistKey.init) }
    }

    /// Whether what was read answers the references the way the whole library would: one of
    /// them names a playlist. When none does, the whole library is read instead, so that the
    /// command's error lists what the whole library suggests.
    func isFound(in library: Library) -> Bool {
        guard case .matching(let references) = playlists else { return true }
        return references.contains { (try? library.playlistIndex(matching: $0)) != nil }
    }
}

/// What a change reads and may write (``LibraryStore/modify(_:command:_:)``): every file, or for
/// the commonest changes the few files they touch. A change reads every song it may write, so
/// there is no change of a playlist with only its copies' originals.
public enum ChangeScope: Sendable, Hashable {
    /// Every file.
    case everything
    /// The songs and the settings, no playlists: a change to originals alone.
    case songs
    /// Every song and the playlists holding copies of the one the reference names: changing an
    /// original (and, when asked, its copies).
    case song(withCopiesOf: String)
    /// The playlist the reference names (nil: the current one), none of the songs: a change to
    /// one playlist's copies, order or breaks.
    case playlist(String?)
    /// The gig log alone: a gig recorded as it is played, or removed.
    case gigs
    /// The playlist the reference names (nil: the current one) and the gig log: a gig logged
    /// from a setlist as it stands.
    case gigFrom(playlist: String?)

    /// The files read for the change.
    var reading: LibraryScope {
        switch self {
        case .everything: .everything
        case .songs: .songs
        case .song(let reference): .song(withCopiesOf: reference)
        case .playlist(let reference): .playlist(reference, originals: false)
        case .gigs: .gigs
        case .gigFrom(let reference): LibraryScope.playlist(reference, originals: false).withGigs
        }
    }
}
