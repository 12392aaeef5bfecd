import Foundation
import SetlistSupport

/// Everything that can go wrong with the library: names that match nothing or too much, values out
/// of range, and files that cannot be read or written. Each message says what to type instead.
public enum LibraryError: Error, Sendable, CustomStringConvertible {
    /// Values that cannot be used; all of them are listed.
    case invalidValues([ValueError])
    case songNotFound(String, suggestions: [Song])
    case ambiguousSong(String, candidates: [Song])
    case playlistNotFound(String, suggestions: [String])
    case ambiguousPlaylist(String, candidates: [Playlist])
    case noCurrentPlaylist
    case noPlaylists
    case copyNotFound(String, playlist: String)
    case ambiguousCopy(String, playlist: String, candidates: [PlaylistEntry])
    case positionOutOfRange(Int, count: Int, playlist: String)
    /// A place to copy songs in (`add --at`, `add-song --to --at`): 1 to one past the last song.
    case insertionOutOfRange(Int, count: Int, playlist: String)
    case duplicatePlaylistName(String)
    /// `add-song` of a song the repertoire already has (the same title and author, see
    /// ``SongMatching``), as `import-songs` skips it; `playlist` is the one named with `--to`.
    case duplicateSong(Song, playlist: String?)
    /// Adding would take a playlist past ``Playlist/maximumItems`` songs and breaks.
    case playlistFull(String, has: Int, adding: Int, limit: Int)
    case duplicateContact(Contact)
    case contactNotFound(String, suggestions: [Contact])
    case ambiguousContact(String, candidates: [Contact])
    case breakExists(after: Int, label: String)
    case noBreak(after: Int, playlist: String)
    case songNotInPlaylist(song: String, playlist: String)
    /// A copy asked to be transposed has no key to move.
    case copyHasNoKey(position: Int, name: String, playlist: String)
    /// `transpose --to` named a key in the other mode; transposing keeps the mode.
    case transposeChangesMode(position: Int, playlist: String, from: MusicalKey.Mode, to: MusicalKey.Mode)
    case unknownSetting(String, known: [String])
    /// `setlist gig N|DATE|ID` named no gig of the log (`count` gigs are logged).
    case gigNotFound(String, count: Int)
    /// A day (or id prefix) with several gigs.
    case ambiguousGig(String, candidates: [Gig])
    /// A library file that is not valid JSON or not of the expected shape.
    case unreadableFile(path: String, detail: String)
    /// A library file written by a newer setlist.
    case newerFormat(path: String, found: Int, supported: Int)
    /// Files that parse but contradict each other; every problem found is listed.
    case inconsistentLibrary([IntegrityProblem])
    /// A library file could not be written, removed or locked (an ``AtomicFileError``).
    case fileSystem(path: String, detail: String)
    /// `setlist resolve` named a conflict that is not there.
    case noSuchConflict(Int, count: Int)
    /// A recorded conflict whose value does not fit its field (the file was edited by hand).
    case invalidConflict(String, field: String, detail: String)
    /// Three versions of a file that cannot be merged by their meaning (not library files, or of different kinds).
    case cannotMerge(path: String, detail: String)
    /// A git command that failed, or a folder outside any git repository.
    case git(String)

    /// The library's wording of a file failure: the same message.
    public init(_ error: AtomicFileError) {
        self = .fileSystem(path: error.path, detail: error.detail)
    }

    /// Runs a file operation of the library, reporting its failure as a library error.
    package static func onFiles<T>(_ body: () throws(AtomicFileError) -> T) throws(LibraryError) -> T {
        do { return try body() } catch { throw LibraryError(error) }
    }

    public var description: String {
        switch self {
        case .invalidValues(let errors):
            return errors.map(\.description).joined(separator: "\n")
        case .songNotFound(let name, let suggestions):
            let hint =
                suggestions.isEmpty
                ? "Run `setlist songs` to see the songs, or `setlist add-song \"\(name)\"` to create it."
                : "Did you mean: " + suggestions.prefix(5).map(\.listing).joined(separator: "; ") + "?"
            return "No song matches '\(name)'. \(hint)"
        case .ambiguousSong(let name, let candidates):
            return "'\(name)' matches \(candidates.count) songs: "
                + candidates.map(\.listing).joined(separator: "; ")
                + ". Name the one you mean by its id, e.g. `\(Identifier.short(candidates[0].id))`."
        case .playlistNotFound(let name, let suggestions):
            let hint =
                suggestions.isEmpty
                ? "Run `setlist playlists` to see them, or `setlist new \"\(name)\"` to create it."
                : "Did you mean: " + suggestions.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + "?"
            return "No playlist named '\(name)'. \(hint)"
        case .ambiguousPlaylist(let name, let candidates):
            return "'\(name)' matches \(candidates.count) playlists: "
                + candidates.map { "'\($0.name)' (id \(Identifier.short($0.id)))" }.joined(separator: ", ")
                + ". Type the full name."
        case .noCurrentPlaylist:
            return "No playlist is current. Name one, or choose one with `setlist use NAME` (`setlist playlists` lists them)."
        case .noPlaylists:
            return "There are no playlists yet. Create one with `setlist new NAME`."
        case .copyNotFound(let name, let playlist):
            return "No song in '\(playlist)' matches '\(name)'. Run `setlist show \"\(playlist)\"` to see its songs and their positions."
        case .ambiguousCopy(let name, let playlist, let candidates):
            return "'\(name)' matches \(candidates.count) songs in '\(playlist)': "
                + candidates.map { "#\($0.position) \($0.copy.fields.listing)" }.joined(separator: "; ")
                + ". Name the one you mean by its position."
        case .positionOutOfRange(let position, let count, let playlist) where playlist == Library.playlistListName:
            return
                "Position \(position) is out of range: there \(count == 1 ? "is 1 playlist" : "are \(count) playlists"). Type a position from 1 to \(count)."
        case .positionOutOfRange(let position, let count, let playlist) where playlist == Library.songListName:
            return
                "Position \(position) is out of range: the song list has \(count) song\(count == 1 ? "" : "s"). Type a position from 1 to \(count)."
        case .positionOutOfRange(let position, let count, let playlist):
            return count == 0
                ? "'\(playlist)' has no songs, so there is no position \(position). Copy songs in with `setlist add`."
                : "Position \(position) is out of range: '\(playlist)' has \(count) song\(count == 1 ? "" : "s"). Type a position from 1 to \(count)."
        case .insertionOutOfRange(let position, let count, let playlist):
            return
                "Position \(position) is out of range: '\(playlist)' has \(count) song\(count == 1 ? "" : "s"). Type a position from 1 to \(count + 1) (\(count + 1) adds at the end)."
        case .duplicateSong(let song, let playlist):
            let by = song.fields.author.map { " by \($0)" } ?? ""
            let copy =
                playlist.map { "copy it into the setlist with `setlist add \(ShellWord.quoted($0)) \(ShellWord.quoted(song.name))`, " }
                ?? "see it with `setlist song \(Identifier.short(song.id))`, "
            return
                "The repertoire already has '\(song.name)'\(by) (id \(Identifier.short(song.id))). Nothing was changed: \(copy)"
                + "or add a second song of the same title and author with --duplicate."
        case .duplicatePlaylistName(let name):
            return "A playlist named '\(name)' already exists. Choose another name, or `setlist rename` the existing one."
        case .playlistFull(let name, let has, let adding, let limit):
            return
                "'\(name)' has \(has) songs and breaks; adding \(adding) would pass the limit of \(limit) a playlist can hold (and be shared). Split it into another playlist with `setlist new`; nothing was changed."
        case .duplicateContact(let contact):
            return
                "The contacts already have \(contact.name) <\(contact.email)>. Use another name and address, or `setlist remove-contact` the old one first."
        case .contactNotFound(let name, let suggestions):
            let hint =
                suggestions.isEmpty
                ? "Run `setlist contacts` to see them, or `setlist add-contact NAME EMAIL` to add one."
                : "Did you mean: " + suggestions.prefix(5).map { "\($0.name) <\($0.email)>" }.joined(separator: ", ") + "?"
            return "No contact matches '\(name)'. \(hint)"
        case .ambiguousContact(let name, let candidates):
            return "'\(name)' matches \(candidates.count) contacts: "
                + candidates.map { "\($0.name) <\($0.email)>" }.joined(separator: ", ") + ". Type the email address instead."
        case .breakExists(let after, let label):
            return
                "There is already a break '\(label)' after song \(after). Remove it with `setlist remove-break --after \(after)` or give a --label to rename it."
        case .noBreak(let after, let playlist):
            return "There is no break after song \(after) in '\(playlist)'. `setlist show` marks where the breaks are."
        case .songNotInPlaylist(let song, let playlist):
            return "'\(song)' is not in '\(playlist)'."
        case .copyHasNoKey(let position, let name, let playlist):
            return
                "Song \(position) in '\(playlist)' ('\(name)') has no key to transpose. Give it one with `setlist edit-song \(position) --in \"\(playlist)\" --key KEY`."
        case .transposeChangesMode(let position, let playlist, let from, let to):
            return
                "Song \(position) in '\(playlist)' is in a \(from.rawValue) key and --to names a \(to.rawValue) one; transposing keeps the mode. "
                + "Name a \(from.rawValue) key, or change the key outright with `setlist edit-song \(position) --in \"\(playlist)\" --key KEY`."
        case .gigNotFound(let reference, let count):
            return count == 0
                ? "No gigs are logged yet. `setlist live` logs the songs played, or `setlist gig --add PLAYLIST --date DATE` logs a gig by hand."
                : "No gig matches '\(reference)'. Name one by its number (1 to \(count)), its day (2026-03-14) or its id; `setlist gigs` lists them."
        case .ambiguousGig(let reference, let candidates):
            return "'\(reference)' matches \(candidates.count) gigs: "
                + candidates.map { "\($0.date) '\($0.playlist)' (id \(Identifier.short($0.id)))" }.joined(separator: ", ")
                + ". Type the id instead."
        case .unknownSetting(let name, let known):
            return "There is no setting '\(name)'. Known settings: \(known.joined(separator: ", "))."
        case .unreadableFile(let path, let detail):
            return "Cannot read \(path): \(detail) Fix or restore the file (it was left untouched); `setlist check` lists every problem."
        case .newerFormat(let path, let found, let supported):
            return
                "\(path) was written by a newer setlist (format version \(found); this one reads up to \(supported)). Update setlist to use this library; the file was left untouched."
        case .inconsistentLibrary(let problems):
            // Repair never rewrites a file it cannot read: only fixing it by hand helps then.
            let advice =
                problems.allSatisfy { $0.kind == .unreadableFile }
                ? "Fix or restore the files (they were left untouched); `setlist check` tells when they are right.\n"
                : "Run `setlist check --repair` to fix what can be fixed safely.\n"
            return "The library has \(problems.count) problem\(problems.count == 1 ? "" : "s"); nothing was changed. " + advice
                + problems.map { "  - \($0)" }.joined(separator: "\n")
        case .fileSystem(let path, let detail):
            return "Cannot write \(path): \(detail)"
        case .noSuchConflict(let number, let count):
            return count == 0
                ? "There are no conflicts to resolve; `setlist check` lists the library's problems."
                : "There is no conflict \(number): there \(count == 1 ? "is 1" : "are \(count)"). `setlist check` lists them with their numbers."
        case .invalidConflict(let subject, let field, let detail):
            return
                "The recorded conflict about \(subject) (\(field)) cannot be applied: \(detail). Settle it with `setlist resolve --ours`, or edit the file and remove it from its \"conflicts\" section."
        case .cannotMerge(let path, let detail):
            return "Cannot merge \(path): \(detail) Nothing was written; merge the file by hand."
        case .git(let detail):
            return detail
        }
    }
}

/// One contradiction between library files that parse on their own. Encoded as
/// `{path, detail}` (in `setlist check --json`).
public struct IntegrityProblem: Sendable, Hashable, JSONWritable, CustomStringConvertible {
    /// What sort of problem it is, for code that acts on problems (``LibraryStore/repair(command:)``)
    /// rather than on the wording of their messages.
    public enum Kind: Sendable, Hashable {
        /// A file that cannot be read, is not valid JSON or not of the expected shape.
        case unreadableFile
        /// A file written by a newer setlist.
        case newerFormat
        /// playlists.json and the playlist files disagree: an entry naming a missing or unsafe
        /// file, an id listed twice or differing from its file's, a file not listed, a current
        /// playlist that does not exist.
        case playlistOrder
        /// Two songs (or two copies of one playlist) with one id.
        case repeatedID
        /// Two playlists whose names differ only in case.
        case repeatedPlaylistName
        /// Text holding a control character, or a name of nothing but spaces; repair cleans it.
        case controlCharacter
        /// A number out of range, or a contact address that is none; only a person can fix it.
        case invalidValue
        /// A sync tool's conflict copy of a library file; repair merges it in.
        case syncConflictCopy
        /// Two breaks with no song between them (a set without songs); repair removes the first.
        case emptySet
        /// songs.json is gone (or a link to nothing) in a library that had songs; repair rebuilds
        /// the originals from the copies.
        case missingSongList

        /// Whether `setlist check --repair` fixes problems of this kind (the others need a person:
        /// a file that does not parse or is newer, a number out of range, an address that is none).
        public var isRepairable: Bool {
            switch self {
            case .unreadableFile, .newerFormat, .invalidValue: false
            case .playlistOrder, .repeatedID, .repeatedPlaylistName, .controlCharacter, .syncConflictCopy, .emptySet, .missingSongList: true
            }
        }
    }

    public var kind: Kind
    public var path: String
    public var detail: String

    public init(_ kind: Kind, path: String, detail: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    public var description: String { "\(path): \(detail)" }

    /// `{path, detail}`, as `setlist check --json` prints it.
    public func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("detail", detail)
            writer.member("path", path)
        }
    }
}

extension Song {
    /// "Name by Author (id 1a2b3c4d)", for lists of candidates.
    public var listing: String { "\(fields.listing) (id \(Identifier.short(id)))" }
}

extension SongFields {
    /// "Name by Author", or just the name.
    public var listing: String {
        if let author, !author.isEmpty { "'\(name)' by \(author)" } else { "'\(name)'" }
    }
}
