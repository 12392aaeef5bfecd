import Foundation
import SetlistModel

/// What importing one document did, or would do with `--dry-run`.
public struct ImportReport: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The setlist was new to the library.
        case created
        /// The library had it (same playlist id) and it changed.
        case updated
        /// The library had it exactly as the document has it.
        case unchanged
    }

    /// Whether the playlist was created, updated or already up to date.
    public var kind: Kind
    /// The document's file name, or "standard input".
    public var source: String
    /// The playlist's name in the library after the import.
    public var playlistName: String
    /// How many songs the playlist holds after the import.
    public var songCount: Int
    /// Originals added to the repertoire, in order.
    public var addedOriginals: [Song]
    /// The member's playlist of the same name that `--replace` removed, and its song count.
    public var replaced: ReplacedPlaylist?
    /// What an update changed in the playlist, in the order the report lists it.
    public var changes: [ImportChange]
    /// How incoming songs the library did not know by id were linked: "matched your …", or why
    /// one became a new original despite a song of its title.
    public var matches: [String]
    /// Things worth knowing that are not changes, such as a name kept because it was taken.
    public var remarks: [String]

    /// The conflicts among the changes: things both the member and the sender changed.
    public var conflicts: [ConflictNote] {
        changes.compactMap { if case .conflict(let note) = $0 { note } else { nil } }
    }

    /// A report with no changes, originals, replacement or remarks yet.
    public init(kind: Kind, source: String, playlistName: String, songCount: Int) {
        self.kind = kind
        self.source = source
        self.playlistName = playlistName
        self.songCount = songCount
        self.addedOriginals = []
        self.replaced = nil
        self.changes = []
        self.matches = []
        self.remarks = []
    }

    /// At most this many new originals are listed one by one.
    public static let listedOriginals = 30

    /// The report for people: a summary line, then one line a change.
    public func lines(dryRun: Bool) -> [String] {
        let songs = "\(songCount) song\(songCount == 1 ? "" : "s")"
        let newSongs = addedOriginals.isEmpty ? "" : ", \(addedOriginals.count) of them new in your repertoire"
        var result: [String]
        switch kind {
        case .created:
            result = [
                dryRun
                    ? "Importing \(source) would create the playlist '\(playlistName)': \(songs)\(newSongs)."
                    : "Imported '\(playlistName)' from \(source): \(songs)\(newSongs). It is now the current playlist."
            ]
        case .updated:
            result = [
                dryRun
                    ? "Importing \(source) would update '\(playlistName)' (\(songs)):"
                    : "Updated '\(playlistName)' from \(source) (\(songs)); it is now the current playlist:"
            ]
        case .unchanged:
            result = [
                dryRun
                    ? "'\(playlistName)' is already up to date with \(source); importing it would change nothing."
                    : "'\(playlistName)' was already up to date with \(source); nothing changed."
            ]
        }
        if let replaced {
            result.append(
                "  \(dryRun ? "It would replace" : "It replaced") your playlist '\(replaced.name)' (\(replaced.songs) song\(replaced.songs == 1 ? "" : "s"))."
            )
        }
        result += changes.map { "  " + $0.description }
        result += addedOriginals.prefix(Self.listedOriginals).map { "  + new in your repertoire: \($0.fields.listing)" }
        if addedOriginals.count > Self.listedOriginals {
            result.append(
                "  + and \(addedOriginals.count - Self.listedOriginals) more new songs in your repertoire (`setlist songs` lists them).")
        }
        result += matches.map { "  " + $0 }
        result += remarks.map { "  " + $0 }
        return result
    }
}

/// One change an update makes to a playlist. Positions count songs from 1.
public enum ImportChange: Hashable, Sendable, CustomStringConvertible {
    case added(position: Int, song: SongFields)
    case removed(position: Int, song: SongFields)
    /// The sender removed a song that carried the member's own notes: they go with it.
    case removedWithNotes(position: Int, song: SongFields, notes: String)
    /// Both changed the same thing differently.
    case conflict(ConflictNote)
    case moved(song: SongFields, from: Int, to: Int)
    /// Fields the sender changed (not the notes), each as "key C minor → F minor".
    case changed(position: Int, song: SongFields, fields: [String])
    case notes(position: Int, song: SongFields, outcome: NotesOutcome)
    /// A break now before song `before` (nil: at the end).
    case breakAdded(label: String, before: Int?)
    case breakRemoved(label: String)
    /// A break whose set the merge left without songs (``Playlist/dropEmptySets()``).
    case emptySetRemoved(label: String)
    case renamed(from: String, to: String)
    /// Parts of the show's plan the sender changed, each as "start 20:00 → 21:00".
    case planChanged([String])
    /// The sender changed a song the member had taken out of the setlist: not taken.
    case notTakenRemovedHere(song: SongFields, changes: [String])

    public var description: String {
        switch self {
        case .added(let position, let song): "+ #\(position) \(song.listing): added"
        case .removed(let position, let song): "- \(song.listing) (was #\(position)): removed"
        case .removedWithNotes(let position, let song, let notes):
            "- \(song.listing) (was #\(position)): removed by the sender, with your notes on it: \(Self.quoted(notes))"
        case .conflict(let note): note.description
        case .moved(let song, let from, let to): "~ \(song.listing): moved from #\(from) to #\(to)"
        case .changed(let position, let song, let fields): "~ #\(position) \(song.listing): " + fields.joined(separator: ", ")
        case .notes(let position, let song, let outcome): "~ #\(position) \(song.listing): \(outcome)"
        case .breakAdded(let label, let before):
            "+ break '\(label)'" + (before.map { $0 == 1 ? " at the start" : " before #\($0)" } ?? " at the end")
        case .breakRemoved(let label): "- break '\(label)': removed"
        case .emptySetRemoved(let label): "- break '\(label)': removed, its set was left without songs"
        case .renamed(let from, let to): "~ renamed from '\(from)' to '\(to)'"
        case .planChanged(let parts): "~ plan: " + parts.joined(separator: ", ")
        case .notTakenRemovedHere(let song, let changes):
            "! \(song.listing): the sender changed it (\(changes.joined(separator: ", "))), but you had taken it out of the setlist, "
                + "so that was not taken (`setlist add` copies the song in again)"
        }
    }

    /// Notes shown on one line, in full, so nothing the member wrote is lost from the report.
    static func quoted(_ notes: String) -> String {
        "\"" + notes.replacingOccurrences(of: "\n", with: " / ") + "\""
    }
}

/// Something both the member and the sender changed, to different values.
public struct ConflictNote: Hashable, Sendable, CustomStringConvertible {
    /// What it is: "#2 'Highway to Hell' by AC/DC, key", "the playlist's name".
    public var place: String
    /// The member's value and the sender's, as shown.
    public var yours: String
    public var theirs: String
    /// Whether the member's value was kept (`--keep-mine`) rather than replaced.
    public var keptYours: Bool

    public init(place: String, yours: String, theirs: String, keptYours: Bool) {
        self.place = place
        self.yours = yours
        self.theirs = theirs
        self.keptYours = keptYours
    }

    public var description: String {
        keptYours
            ? "! \(place): you and the sender both changed it; kept yours, \(yours) (the sender's \(theirs) was not taken)"
            : "! \(place): you and the sender both changed it; took the sender's \(theirs), replacing yours, \(yours) (--keep-mine keeps yours)"
    }
}

/// What happened to the notes of a copy the member already had.
public enum NotesOutcome: Hashable, Sendable, CustomStringConvertible {
    /// The member had not changed them, so the sender's new notes replaced them.
    case updated
    /// Both changed them: the member's notes were kept and the sender's added below.
    case combined
    /// Both changed them and together they would be too long: the member's were kept.
    case keptYours
    /// Both changed them and `--keep-mine` kept the member's; the sender's are shown.
    case keptMine(theirs: String)

    public var description: String {
        switch self {
        case .updated: "notes updated by the sender"
        case .combined: "you and the sender both changed the notes; yours are kept and the sender's new notes added below them"
        case .keptYours: "you and the sender both changed the notes; yours are kept (the sender's would make them too long)"
        case .keptMine(let theirs):
            "you and the sender both changed the notes; yours are kept (--keep-mine), the sender's were \(ImportChange.quoted(theirs))"
        }
    }
}

/// The member's playlist that `--replace` removed.
public struct ReplacedPlaylist: Hashable, Sendable {
    /// Its name.
    public var name: String
    /// How many songs it held.
    public var songs: Int

    public init(name: String, songs: Int) {
        self.name = name
        self.songs = songs
    }
}
