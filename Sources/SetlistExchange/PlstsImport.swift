import Foundation
import SetlistModel

/// How to import when the library already has a different playlist of the same name, and who
/// wins where the member and the sender both changed the same thing.
public struct ImportOptions: Hashable, Sendable {
    /// Import under this name instead of the document's (already cleaned).
    public var rename: String?
    /// Replace the member's playlist of the same name.
    public var replace: Bool
    /// In a conflict the sender's value wins (`.theirs`, the default) or the member's (`--keep-mine`).
    public var preference: MergePreference
    /// Take a document exported before the one last received for the playlist (`--older`),
    /// which would undo the sender's later changes; refused without it.
    public var takeOlder: Bool
    /// The time of the import: no document the sender made can be later.
    public var now: Date

    public init(
        rename: String? = nil, replace: Bool = false, preference: MergePreference = .theirs, takeOlder: Bool = false, now: Date = Date()
    ) {
        self.rename = rename
        self.replace = replace
        self.preference = preference
        self.takeOlder = takeOlder
        self.now = now
    }
}

/// Brings a shared setlist into a library: a new playlist, or a three-way update of the one
/// imported before (same playlist id) that keeps what the member changed.
public enum PlstsImport {
    /// Imports `setlist` into `library` and makes it the current playlist (unless nothing in the
    /// library changed, which leaves it exactly as it was). Incoming songs are linked to the
    /// member's originals by id, or else by title and author (``SongMatching``); originals the
    /// library lacks are added; the library's originals are never changed. When this throws,
    /// `library` is as it was.
    public static func apply(_ setlist: SharedSetlist, to library: inout Library, options: ImportOptions = ImportOptions())
        throws(ExchangeError) -> ImportReport
    {
        var lib = library
        var incoming = setlist.playlist
        var name = options.rename ?? incoming.name
        var replaced: ReplacedPlaylist?
        var insertion = lib.playlists.count
        var remarks: [String] = []
        // The playlist imported before, which an update merges into.
        let existing = lib.playlists.first { $0.id == incoming.id }
        // The original app's documents carry no date (the epoch stands for it). A date later
        // than now (a sender's wrong clock, or a made-up file) is kept as now: recorded as it
        // is, it would refuse every genuine update until the clock passed it.
        let future = setlist.exported > options.now
        let exported =
            setlist.exported.timeIntervalSince1970 > 0 ? PlstsFormat.timestamp(future ? options.now : setlist.exported) : nil
        if future && setlist.exported.timeIntervalSince(options.now) > Self.clockSlack {
            remarks.append(
                "Warning: \(setlist.source) says it was exported \(ExchangeError.shown(setlist.exported)), later than now "
                    + "(\(ExchangeError.shown(options.now))): the sender's clock is wrong, or the file was made by hand. "
                    + "It counts as received now, so the sender's next update is taken.")
        }
        // A date recorded later than now (before this rule) blocks nothing either.
        if !options.takeOlder, exported != nil, let last = existing?.received?.exported,
            let lastDate = PlstsFormat.date(fromTimestamp: last), setlist.exported < lastDate, lastDate <= options.now
        {
            throw .olderDocument(source: setlist.source, playlist: existing!.name, exported: setlist.exported, lastReceived: lastDate)
        }
        var nameMerge: ValueMerge<String>?
        var nameKeptBecauseTaken = false
        if let existing, options.rename == nil {
            // The name is merged three-way like everything else; a name taken is checked after.
            nameMerge = ThreeWayMerge.value(
                base: existing.received?.name ?? existing.name, mine: existing.name, theirs: incoming.name, preferring: options.preference)
            name = nameMerge!.value
        }

        if let other = lib.playlists.firstIndex(where: { $0.id != incoming.id && Text.fold($0.name) == Text.fold(name) }) {
            if options.replace {
                let removed = lib.deletePlaylist(at: other)
                replaced = ReplacedPlaylist(name: removed.name, songs: removed.copies.count)
                insertion = other
            } else if let existing, options.rename == nil {
                nameKeptBecauseTaken = true
                remarks.append(
                    "Kept your name '\(existing.name)': you have another playlist named '\(name)' (rename it, or import with --rename NEW or --replace)."
                )
                name = existing.name
            } else {
                throw .nameTaken(source: setlist.source, name: name)
            }
        }
        let fileName = Playlist.fileName(name: name, id: incoming.id)
        if let clash = lib.playlists.first(where: {
            $0.id != incoming.id && Playlist.fileName(name: $0.name, id: $0.id) == fileName
        }) {
            throw .identifierClash(source: setlist.source, id: incoming.id, playlist: clash.name)
        }

        let takenCopyIDs = Set(lib.playlists.filter { $0.id != incoming.id }.flatMap(\.copies).map(\.id))
        let ownCopyIDs = Set(existing?.copies.map(\.id) ?? [])
        incoming = withFreeCopyIDs(incoming, taken: takenCopyIDs, own: ownCopyIDs)
        // Copies the member has keep their own link; only the others are linked here.
        var originals = OriginalLinking(setlist: setlist, library: lib)
        incoming = originals.link(incoming, skipping: ownCopyIDs, into: &lib)
        var received = ReceivedPlaylist(of: incoming)
        received.exported = exported
        if nameKeptBecauseTaken, let existing {
            // The sender's new name stays pending: it comes in once the member frees it.
            received.name = existing.received?.name ?? existing.name
            nameMerge = nil
        }
        var report: ImportReport
        if let old = existing, let index = lib.playlists.firstIndex(where: { $0.id == incoming.id }) {
            var merge = PlaylistMerge(old: old, incoming: incoming, preference: options.preference, notation: lib.notation)
            var merged = merge.merged()
            merged.name = name
            received.removed = merge.removedHere.isEmpty ? nil : merge.removedHere
            merged.received =
                old.received == nil && old.slots == incoming.slots && old.name == incoming.name && old.plan == incoming.plan
                ? nil : received
            guard merged.items.count <= Playlist.maximumItems else {
                throw .playlistWouldOverflow(
                    source: setlist.source, playlist: old.name, count: merged.items.count, limit: Playlist.maximumItems)
            }
            var changes = merge.changes
            if merged.name != old.name { changes.insert(.renamed(from: old.name, to: merged.name), at: 0) }
            if case .conflict(let yours, let theirs, _)? = nameMerge {
                changes.insert(
                    .conflict(
                        ConflictNote(
                            place: "the playlist's name", yours: "'\(yours)'", theirs: "'\(theirs)'", keptYours: options.preference == .mine
                        )), at: 0)
            }
            let changedLibrary = merged != old || !originals.added.isEmpty || replaced != nil
            report = ImportReport(
                kind: changedLibrary ? .updated : .unchanged, source: setlist.source, playlistName: merged.name,
                songCount: merged.copies.count)
            if changedLibrary && changes.isEmpty && originals.added.isEmpty && replaced == nil {
                remarks.append("Nothing you see changed: setlist noted what the sender sent this time, for the next update.")
            }
            report.changes = changes
            lib.playlists[index] = merged
        } else {
            let items = incoming.items.map { item -> PlaylistItem in
                guard case .song(var copy) = item else { return item }
                copy.received = copy.fields
                return .song(copy)
            }
            var created = Playlist(id: incoming.id, name: name, items: items, received: received)
            created.plan = incoming.plan
            if let emptied = Playlist.emptiedSetsSentence(created.dropEmptySets()) { remarks.append(emptied) }
            lib.playlists.insert(created, at: min(insertion, lib.playlists.count))
            report = ImportReport(kind: .created, source: setlist.source, playlistName: name, songCount: created.copies.count)
        }
        // A setlist already up to date stays as it is, down to which playlist is current.
        if report.kind != .unchanged { lib.currentPlaylistID = incoming.id }
        report.addedOriginals = originals.added
        report.matches = originals.remarks
        report.replaced = replaced
        report.remarks = remarks
        library = lib
        return report
    }

    /// How far ahead of this computer's clock a sender's may be before the import warns of it.
    static let clockSlack: TimeInterval = 10 * 60

    /// The playlist with each copy id that another playlist of the library already uses (and
    /// this playlist does not) replaced by one derived from the playlist's id and the copy's id.
    /// Derived rather than random, so importing the same document again, or its update, gives
    /// the copy the same id and finds it: its notes are kept and nothing is "removed and added".
    static func withFreeCopyIDs(_ playlist: Playlist, taken: Set<String>, own: Set<String>) -> Playlist {
        var used = taken.union(playlist.copies.map(\.id))
        var result = playlist
        result.items = playlist.items.map { item in
            guard case .song(var copy) = item, taken.contains(copy.id), !own.contains(copy.id) else { return item }
            var attempt = 0
            var id: String
            repeat {
                id = Identifier.derived(from: (playlist.id + "/" + copy.id + (attempt == 0 ? "" : "/\(attempt)")).utf8)
                attempt += 1
            } while used.contains(id) && !own.contains(id)
            used.insert(id)
            copy.id = id
            return .song(copy)
        }
        return result
    }

    /// The notes of a copy after an update: `mine` are the member's, `base` the copy as last
    /// received (nil when unknown), `theirs` the sender's now. When both changed them, neither
    /// is lost: the member's are kept and the sender's added below (with `.mine` preferred, only
    /// the member's are kept); when one side's hold the other's whole, those are kept (the sender's unless `.mine`).
    public static func mergeNotes(mine: String?, base: SongFields?, theirs: String?, preferring preference: MergePreference = .theirs) -> (
        notes: String?, outcome: NotesOutcome?
    ) {
        if mine == theirs { return (mine, nil) }
        if let base {
            if base.notes == theirs { return (mine, nil) } // The sender did not change them.
            if base.notes == mine { return (theirs, .updated) } // The member did not.
        }
        guard let mine else { return (theirs, .updated) }
        guard let theirs else { return (mine, nil) }
        if mine.contains(theirs) { return (mine, nil) }
        if preference == .mine { return (mine, .keptMine(theirs: theirs)) }
        // The sender took the member's notes and added to them (the base is older than what the
        // member last sent): taken whole, nothing of the member's is lost.
        if theirs.contains(mine) { return (theirs, .updated) }
        let combined = mine + "\n\n" + theirs
        return combined.count <= Text.maximumNotesLength ? (combined, .combined) : (mine, .keptYours)
    }
}
