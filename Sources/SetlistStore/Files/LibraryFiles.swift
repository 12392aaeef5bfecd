import Foundation
import SetlistModel
import SetlistSupport

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
    /// The gig log: one file per gig (``gigFileName(_:)``).
    public static let gigFolder = "gigs"
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
        let names = FolderListing.names(atPath: folder.path)
        // A sync tool's conflict copy is not a playlist of its own: check reports it, repair merges it.
        let all = SyncConflicts.Originals(names)
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") && SyncConflicts.original(of: $0, among: all) == nil }
            .sorted()
    }

    /// A file name inside `gigs/` for a gig: its day, so the folder lists in order, and part of its
    /// id, so two gigs of a day (or two members' logs) never share a file.
    public static func gigFileName(_ gig: Gig) -> String {
        "\(gig.date)-\(Identifier.short(gig.id)).json"
    }

    /// The names of the gig files in the library at `root` (plain `.json` files, not the hidden
    /// temporary ones nor a sync tool's conflict copies), sorted; none without a `gigs/` folder.
    static func gigFileNames(in root: URL) -> [String] {
        let names = FolderListing.names(atPath: root.appendingPathComponent(gigFolder).path)
        let all = SyncConflicts.Originals(names)
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") && SyncConflicts.original(of: $0, among: all) == nil }
            .sorted()
    }

    /// The entry of `order` whose setlist the unlisted playlist file `name` may hold under
    /// another name: its name ends in that entry's short id, as the file names of one setlist
    /// renamed differently on two computers do (``LibraryStore/joinPlaylistsRenamedApart(_:command:)``).
    /// Judged by the names alone; the caller reads the file for its id.
    static func renamedApart(_ name: String, listedIn order: PlaylistOrderFile) -> PlaylistOrderFile.Entry? {
        order.playlists.first { entry in
            entry.file != name && name.hasSuffix("-" + Identifier.short(entry.id) + ".json")
                && entry.file.hasSuffix("-" + Identifier.short(entry.id) + ".json")
        }
    }

    /// Whether a name read from the order file is a plain file name inside `playlists/`.
    static func isSafePlaylistFileName(_ name: String) -> Bool {
        // ASCII letters are the only ASCII scalars with the Alphabetic property, so the bytes tell
        // without a Unicode property lookup per letter; for ASCII text bytes and characters are as
        // many. A dot may not follow a dot (no "..").
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
}
