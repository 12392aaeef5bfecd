import Foundation
import SetlistCore

/// How to import when the library already has a different playlist of the same name.
public struct ImportOptions: Hashable, Sendable {
    /// Import under this name instead of the document's (already cleaned).
    public var rename: String?
    /// Replace the member's playlist of the same name.
    public var replace: Bool

    public init(rename: String? = nil, replace: Bool = false) {
        self.rename = rename
        self.replace = replace
    }
}

/// Brings a shared setlist into a library: a new playlist, or an update of the one imported
/// before (same playlist id) that keeps the member's own notes.
public enum PlstsImport {
    /// Imports `setlist` into `library` and makes it the current playlist (unless it was already
    /// up to date, which changes nothing at all). Originals the library
    /// lacks are added; the library's originals are never changed. When this throws, `library`
    /// is as it was.
    public static func apply(_ setlist: SharedSetlist, to library: inout Library, options: ImportOptions = ImportOptions()) throws(ExchangeError) -> ImportReport {
        var lib = library
        var incoming = setlist.playlist
        var name = options.rename ?? incoming.name
        var replaced: ReplacedPlaylist?
        var insertion = lib.playlists.count
        var remarks: [String] = []
        // The playlist imported before, which an update replaces.
        let existing = lib.playlists.first { $0.id == incoming.id }

        if let other = lib.playlists.firstIndex(where: { $0.id != incoming.id && $0.name.lowercased() == name.lowercased() }) {
            if options.replace {
                let removed = lib.deletePlaylist(at: other)
                replaced = ReplacedPlaylist(name: removed.name, songs: removed.copies.count)
                insertion = other
            } else if let existing, options.rename == nil {
                remarks.append("Kept your name '\(existing.name)': you have another playlist named '\(name)' (rename it, or import with --rename NEW or --replace).")
                name = existing.name
            } else {
                throw .nameTaken(source: setlist.source, name: name)
            }
        }
        let fileName = LibraryFiles.playlistFileName(name: name, id: incoming.id)
        if let clash = lib.playlists.first(where: { $0.id != incoming.id && LibraryFiles.playlistFileName(name: $0.name, id: $0.id) == fileName }) {
            throw .identifierClash(source: setlist.source, id: incoming.id, playlist: clash.name)
        }

        let addedOriginals = addMissingOriginals(of: setlist, to: &lib)
        let takenCopyIDs = Set(lib.playlists.filter { $0.id != incoming.id }.flatMap(\.copies).map(\.id))
        let ownCopyIDs = Set(existing?.copies.map(\.id) ?? [])
        incoming = withFreeCopyIDs(incoming, taken: takenCopyIDs, own: ownCopyIDs)
        var report: ImportReport
        if let old = existing, let index = lib.playlists.firstIndex(where: { $0.id == incoming.id }) {
            var merge = PlaylistMerge(old: old, incoming: incoming)
            let merged = Playlist(id: incoming.id, name: name, items: merge.items())
            var changes = merge.changes
            if merged.name != old.name { changes.insert(.renamed(from: old.name, to: merged.name), at: 0) }
            let visible = !changes.isEmpty || !addedOriginals.isEmpty || replaced != nil
            report = ImportReport(kind: visible ? .updated : .unchanged, source: setlist.source, playlistName: name, songCount: merged.copies.count)
            report.changes = changes
            lib.playlists[index] = merged
        } else {
            let items = incoming.items.map { item -> PlaylistItem in
                guard case .song(var copy) = item else { return item }
                copy.received = copy.fields
                return .song(copy)
            }
            let created = Playlist(id: incoming.id, name: name, items: items)
            lib.playlists.insert(created, at: min(insertion, lib.playlists.count))
            report = ImportReport(kind: .created, source: setlist.source, playlistName: name, songCount: created.copies.count)
        }
        // A setlist already up to date stays as it is, down to which playlist is current.
        if report.kind != .unchanged { lib.currentPlaylistID = incoming.id }
        report.addedOriginals = addedOriginals
        report.replaced = replaced
        report.remarks = remarks
        library = lib
        return report
    }

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

    /// Adds the originals the document carries that the copies need and the library lacks, in
    /// document order.
    private static func addMissingOriginals(of setlist: SharedSetlist, to library: inout Library) -> [Song] {
        let needed = Set(setlist.playlist.copies.compactMap(\.originalID))
        var added: [Song] = []
        for original in setlist.originals where needed.contains(original.id) && library.songIndex(id: original.id) == nil {
            library.songs.append(original)
            added.append(original)
        }
        return added
    }

    /// The notes of a copy after an update: `mine` are the member's, `base` the copy as last
    /// received (nil when unknown), `theirs` the sender's now.
    public static func mergeNotes(mine: String?, base: SongFields?, theirs: String?) -> (notes: String?, outcome: NotesOutcome?) {
        if mine == theirs { return (mine, nil) }
        if let base {
            if base.notes == theirs { return (mine, nil) }  // The sender did not change them.
            if base.notes == mine { return (theirs, .updated) }  // The member did not.
        }
        guard let mine else { return (theirs, .updated) }
        guard let theirs else { return (mine, nil) }
        if mine.contains(theirs) { return (mine, nil) }
        let combined = mine + "\n\n" + theirs
        return combined.count <= Text.maximumNotesLength ? (combined, .combined) : (mine, .keptYours)
    }
}

/// Merges the incoming version of a playlist into the member's, noting every change.
private struct PlaylistMerge {
    let old: Playlist
    let incoming: Playlist
    private(set) var changes: [ImportChange] = []

    init(old: Playlist, incoming: Playlist) {
        self.old = old
        self.incoming = incoming
    }

    mutating func items() -> [PlaylistItem] {
        let mine = Dictionary(old.copies.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let oldPositions = Dictionary(old.copies.enumerated().map { ($1.id, $0 + 1) }, uniquingKeysWith: { first, _ in first })
        var result: [PlaylistItem] = []
        var position = 0
        var fieldChanges: [ImportChange] = [], added: [ImportChange] = []
        for item in incoming.items {
            guard case .song(var copy) = item else {
                result.append(item)
                continue
            }
            position += 1
            copy.received = copy.fields
            if let own = mine[copy.id] {
                let merged = PlstsImport.mergeNotes(mine: own.fields.notes, base: own.received, theirs: copy.fields.notes)
                copy.fields.notes = merged.notes
                let fields = Self.describeChanges(from: own.fields, to: copy.fields)
                if !fields.isEmpty { fieldChanges.append(.changed(position: position, song: copy.fields, fields: fields)) }
                if let outcome = merged.outcome { fieldChanges.append(.notes(position: position, song: copy.fields, outcome: outcome)) }
            } else {
                added.append(.added(position: position, song: copy.fields))
            }
            result.append(.song(copy))
        }
        let incomingIDs = Set(incoming.copies.map(\.id))
        let removed = old.copies.enumerated().filter { !incomingIDs.contains($0.element.id) }
            .map { ImportChange.removed(position: $0.offset + 1, song: $0.element.fields) }
        changes = removed + added + moves(oldPositions: oldPositions) + fieldChanges + breakChanges()
        return result
    }

    /// Copies kept by both versions whose order changed: those outside the longest run that
    /// kept its relative order.
    private func moves(oldPositions: [String: Int]) -> [ImportChange] {
        let kept = incoming.copies.filter { oldPositions[$0.id] != nil }
        let keptIDs = Set(kept.map(\.id))
        let oldOrder = old.copies.map(\.id).filter { keptIDs.contains($0) }
        let newOrder = kept.map(\.id)
        let stay = Self.longestCommonSubsequence(oldOrder, newOrder)
        let newPositions = Dictionary(incoming.copies.enumerated().map { ($1.id, $0 + 1) }, uniquingKeysWith: { first, _ in first })
        return kept.filter { !stay.contains($0.id) }.map { copy in
            .moved(song: copy.fields, from: oldPositions[copy.id]!, to: newPositions[copy.id]!)
        }
    }

    /// Breaks identified by their label and the song before them.
    private func breakChanges() -> [ImportChange] {
        func breaks(_ playlist: Playlist) -> [(label: String, after: String?, before: Int?)] {
            var result: [(String, String?, Int?)] = []
            var previous: String?
            var position = 0
            for item in playlist.items {
                switch item {
                case .song(let copy):
                    position += 1
                    previous = copy.id
                case .setBreak(let label):
                    result.append((label, previous, position + 1 <= playlist.copies.count ? position + 1 : nil))
                }
            }
            return result
        }
        let before = breaks(old), after = breaks(incoming)
        let added = after.filter { new in !before.contains { $0.label == new.label && $0.after == new.after } }
        let removed = before.filter { gone in !after.contains { $0.label == gone.label && $0.after == gone.after } }
        return removed.map { .breakRemoved(label: $0.label) } + added.map { .breakAdded(label: $0.label, before: $0.before) }
    }

    /// The fields other than the notes that differ, worded for people.
    static func describeChanges(from old: SongFields, to new: SongFields) -> [String] {
        func show(_ value: String?) -> String { value ?? "none" }
        var result: [String] = []
        for field in old.differences(from: new).sorted() {
            switch field {
            case .name: result.append("title '\(old.name)' → '\(new.name)'")
            case .author: result.append("author \(show(old.author)) → \(show(new.author))")
            case .length: result.append("length \(show(old.length.map(SongLength.format))) → \(show(new.length.map(SongLength.format)))")
            case .key: result.append("key \(show(old.key?.description)) → \(show(new.key?.description))")
            case .bpm: result.append("tempo \(show(old.bpm.map { "\($0)" })) → \(show(new.bpm.map { "\($0)" })) BPM")
            case .notes: break
            }
        }
        return result
    }

    /// The elements of the longest common subsequence of two lists of distinct ids.
    static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Set<String> {
        guard !a.isEmpty, !b.isEmpty else { return [] }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: Set<String> = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                result.insert(a[i])
                i += 1
                j += 1
            } else if table[i + 1][j] >= table[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return result
    }
}
