import Foundation

/// The JSON files of a library folder and their formats.
///
/// Every file carries `format` and `version`. A file of a newer version is refused; an older one
/// is read. Keys are sorted and the JSON is pretty-printed so the files diff well in git.
public enum LibraryFiles {
    /// The format version this build writes and the newest it reads.
    public static let version = 1

    public static let songs = "songs.json"
    public static let playlistOrder = "playlists.json"
    public static let playlistFolder = "playlists"
    public static let contacts = "contacts.json"
    public static let settings = "settings.json"
    public static let lock = ".lock"

    /// The files that hold the band's addresses and the user's mail setup.
    static let privateFiles: Set<String> = [contacts, settings]

    /// The mode a new library file gets (less the umask): the contacts (the band's addresses),
    /// the settings (the mail program and sender) and the history, which keeps copies of both,
    /// are readable by the user alone; the rest as any new file. A file that exists keeps the
    /// mode it has, so `chmod` decides from then on.
    static func newFileMode(for path: String) -> mode_t {
        if path.hasPrefix(History.folder + "/") { return History.newFileMode }
        return privateFiles.contains(path) ? AtomicFile.privateMode : AtomicFile.ordinaryMode
    }

    /// The path of `file` (relative to the library folder) in the library folder at `root`, as
    /// `URL.appendingPathComponent` gives it, built as text: every command builds several.
    static func path(of file: String, in root: String) -> String {
        root.hasSuffix("/") ? root + file : root + "/" + file
    }

    /// The library files at the top of the folder; the playlists are files in ``playlistFolder``.
    static let topLevelFiles = [songs, playlistOrder, contacts, settings]

    /// The names of the playlist files in the library at `root` (plain `.json` files, not the
    /// hidden temporary ones), sorted; none when there is no `playlists/` folder.
    static func playlistFileNames(in root: URL) -> [String] {
        let folder = root.appendingPathComponent(playlistFolder)
        let listing = FolderListing.nameBytes(atPath: folder.path)
        // A sync tool's conflict copy is not a playlist of its own: check reports it, repair merges it.
        let all = SyncConflicts.Originals(listing)
        return listing.names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") && SyncConflicts.original(of: $0, among: all) == nil }
            .sorted()
    }

    /// A file that carries its format version.
    protocol VersionedFile: Decodable {
        var version: Int { get }
    }

    struct Header: Decodable {
        var format: String?
        var version: Int?
    }

    struct SongsFile: Codable, VersionedFile {
        var format = "setlist-songs"
        var version = LibraryFiles.version
        var songs: [Song]
        var conflicts: [LibraryConflict]?
        /// Where each song's object lies in the bytes the file was read from, when
        /// ``SongListCodec`` read it (for ``SongListCodec/spliced(_:keeping:from:)``); not stored.
        var songRanges: [Range<Int>]? = nil

        private enum CodingKeys: String, CodingKey {
            case format, version, songs, conflicts
        }
    }

    struct PlaylistOrderFile: Codable, VersionedFile {
        struct Entry: Codable, Equatable {
            var id: String
            var file: String
        }
        var format = "setlist-playlists"
        var version = LibraryFiles.version
        var current: String?
        var playlists: [Entry]
        var conflicts: [LibraryConflict]?
    }

    struct PlaylistFile: Codable, VersionedFile {
        var format = "setlist-playlist"
        var version = LibraryFiles.version
        var id: String
        var name: String
        var items: [PlaylistItem]
        /// Only for playlists imported from a `.plsts` document; optional, so older readers skip it.
        var received: ReceivedPlaylist? = nil
        /// The show's plan; optional, so older readers skip it (docs/json.md).
        var plan: ShowPlan? = nil
        var conflicts: [LibraryConflict]?
    }

    struct ContactsFile: Codable, VersionedFile {
        var format = "setlist-contacts"
        var version = LibraryFiles.version
        var contacts: [Contact]
        var conflicts: [LibraryConflict]?
    }

    struct SettingsFile: Codable, VersionedFile {
        var format = "setlist-settings"
        var version = LibraryFiles.version
        var settings: [String: String]
        var conflicts: [LibraryConflict]?
    }

    /// A file name inside `playlists/` for a playlist: readable, safe for any name (no slashes,
    /// dots or `..`, ASCII only, bounded length) and unique through the id.
    public static func playlistFileName(name: String, id: String) -> String {
        "\(playlistFileStem(name: name))-\(Identifier.short(id)).json"
    }

    /// The part of a playlist's file name that comes from its name: its folded letters and digits
    /// (``stem(ofFolded:)``).
    static func playlistFileStem(name: String) -> String {
        // Text folded by its Latin letters (most names) is one character a scalar but for CR LF,
        // neither a letter nor a digit: its bytes give what its characters give.
        guard let folded = Text.latinFold(name) else { return stem(ofFolded: Text.foldWhole(name)) }
        let stem = String(unsafeUninitializedCapacity: 48) { slug in
            var count = 0
            for byte in folded.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    slug[count] = byte
                    count += 1
                case 0x80..<0xC0:
                    continue // the rest of a scalar, answered by its first byte
                default:
                    if count > 0 && slug[count - 1] != UInt8(ascii: "-") {
                        slug[count] = UInt8(ascii: "-")
                        count += 1
                    }
                }
                if count >= 48 { break }
            }
            while count > 0 && slug[count - 1] == UInt8(ascii: "-") { count -= 1 }
            return count
        }
        return stem.isEmpty ? "playlist" : stem
    }

    /// The stem of a folded name, character by character: each ASCII letter or digit kept, each
    /// run of anything else one "-", at most 48 long, no "-" at the end; "playlist" when nothing
    /// is left. The rule ``playlistFileStem(name:)`` answers from bytes where it can.
    static func stem(ofFolded folded: String) -> String {
        var slug = ""
        for character in folded {
            if character.isASCII && (character.isLetter || character.isNumber) {
                slug.append(character)
            } else if !slug.isEmpty && slug.last != "-" {
                slug.append("-")
            }
            if slug.count >= 48 { break }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug.isEmpty ? "playlist" : slug
    }

    /// Whether a name read from the order file is a plain file name inside `playlists/`.
    static func isSafePlaylistFileName(_ name: String) -> Bool {
        // ASCII letters are the only ASCII scalars with the Alphabetic property, so the bytes tell
        // (a Unicode property lookup for each letter of every name took longer); for ASCII text
        // bytes and characters are as many. A dot may not follow a dot (no "..").
        var previous: UInt8 = 0
        return name.hasSuffix(".json") && !name.hasPrefix(".") && name.utf8.count <= 255
            && name.utf8.allSatisfy { byte in
                defer { previous = byte }
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "_"):
                    return true
                case UInt8(ascii: "."): return previous != UInt8(ascii: ".")
                default: return false
                }
            }
    }

    // MARK: Encoding

    static func encode<T: Encodable>(_ value: T) -> Data {
        // The song list, the largest file, is written directly, to the same bytes.
        if let file = value as? SongsFile, let data = SongListCodec.write(file) { return data }
        // And so are the playlists (a change to a song rewrites each one holding a copy of it).
        if let file = value as? PlaylistFile, let data = SongListCodec.writePlaylist(file) { return data }
        // So is every history entry (one a change, the last read by every command).
        if let record = value as? History.Record { return HistoryRecordCodec.write(record) }
        return JSONFormat.document(value)
    }

    /// Decodes a library file, checking its version first, with errors that name the file and
    /// the place in it. With `keys`, an order file read plainly keeps only the entries that may be
    /// candidates for them (``orderFile(skimming:keepingCandidatesFor:)``; the decoder keeps all).
    static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, path: String, keepingCandidatesFor keys: [PlaylistKey]? = nil
    ) throws(LibraryError) -> T {
        // The order file, read by every command that names a playlist, the song list, the largest
        // file, the playlists and the history entries are read directly when they can be.
        let direct: (any VersionedFile)? =
            if T.self == PlaylistOrderFile.self {
                orderFile(skimming: data, keepingCandidatesFor: keys)
            } else if T.self == SongsFile.self {
                SongListCodec.read(data)
            } else if T.self == PlaylistFile.self {
                SongListCodec.readPlaylist(data)
            } else if T.self == History.Record.self {
                HistoryRecordCodec.read(data)
            } else {
                nil
            }
        if let direct, direct.version <= LibraryFiles.version { return direct as! T }
        let decoder = JSONDecoder()
        // A file that reads as `type` tells its version itself: one pass over it, not two.
        if T.self is any VersionedFile.Type, let value = try? decoder.decode(type, from: data),
            let version = (value as? any VersionedFile)?.version
        {
            if version > LibraryFiles.version { throw .newerFormat(path: path, found: version, supported: LibraryFiles.version) }
            return value
        }
        do {
            let header = try decoder.decode(Header.self, from: data)
            guard let version = header.version else {
                throw LibraryError.unreadableFile(path: path, detail: "it has no \"version\" field, so it is not a setlist library file.")
            }
            if version > LibraryFiles.version {
                throw LibraryError.newerFormat(path: path, found: version, supported: LibraryFiles.version)
            }
            return try decoder.decode(type, from: data)
        } catch let error as LibraryError {
            throw error
        } catch let error as DecodingError {
            throw .unreadableFile(path: path, detail: DecodingErrorText.describe(error, in: data))
        } catch {
            throw .unreadableFile(path: path, detail: FailureText.reason(error))
        }
    }
}
