import Foundation
import SetlistSupport

/// Something a merge of library files could not decide: both sides changed the same thing to
/// different values. The file keeps our value; the conflict, stored in the file's `conflicts`
/// section, records theirs, until `setlist resolve` (or an edit) settles it. See docs/git.md.
public struct LibraryConflict: Hashable, Sendable {
    /// Which file holds it (not stored: it is the file the conflict is read from).
    public var location: Location = .songs
    /// What it is about, for people: "'Highway to Hell' by AC/DC", "playlist 'Koncert'".
    public var subject: String
    /// The song's, copy's or playlist's id, the contact's address, or the setting's name; nil for
    /// the file as a whole (a playlist's name, an order).
    public var item: String?
    /// The field: a song field (`name`, `author`, `length`, `key`, `bpm`, `notes`), a copy's
    /// `original` or `received`, a contact's `name` or `email`, `value` (a setting), `order`,
    /// or `removed` (one side removed the item, the other changed it; it was kept).
    public var field: String
    /// Our value, as it was merged (for `removed`: "removed" or "changed").
    public var ours: JSONValue
    /// Their value (for `order`: their order of the items' keys).
    public var theirs: JSONValue

    /// The file a conflict can be in.
    public enum Location: Hashable, Sendable {
        case songs, playlistOrder, contacts, settings
        /// The playlist file of the playlist with this id.
        case playlist(String)
    }

    public init(location: Location, subject: String, item: String?, field: String, ours: JSONValue, theirs: JSONValue) {
        self.location = location
        self.subject = subject
        self.item = item
        self.field = field
        self.ours = ours
        self.theirs = theirs
    }

    /// "'Highway to Hell' by AC/DC, key: ours "C minor", theirs "D minor"".
    public var summary: String {
        let what = field == "removed" ? "removed on one side, changed on the other" : field
        return "\(subject), \(what): ours \(shown(.mine)), theirs \(shown(.theirs))"
    }

    /// The side's value shown to people.
    public func shown(_ side: MergeSide) -> String {
        let value = side == .mine ? ours : theirs
        if field == SongField.length.rawValue, case .int(let seconds) = value { return SongLength.format(seconds) }
        // A whole chart would fill the screen: its size tells the two apart well enough.
        if field == SongField.chart.rawValue, case .object(let chart) = value, case .array(let lines)? = chart["lines"] {
            return lines.count == 1 ? "a chart of 1 line" : "a chart of \(lines.count) lines"
        }
        return value.description
    }
}

/// A conflict's place in the library's list, numbered from 1 for `setlist resolve`.
extension Library {
    /// Settles conflicts: with `.theirs` their value replaces ours, with `.mine` ours stays; either
    /// way the conflict is gone. `numbers` are 1-based positions in ``conflicts``; empty: all.
    /// - Returns: the conflicts settled.
    @discardableResult
    public mutating func resolveConflicts(_ numbers: [Int], taking side: MergeSide) throws(LibraryError) -> [LibraryConflict] {
        if conflicts.isEmpty { throw .noSuchConflict(numbers.first ?? 1, count: 0) }
        let wanted = numbers.isEmpty ? Array(conflicts.indices) : numbers.map { $0 - 1 }
        if let bad = wanted.first(where: { !conflicts.indices.contains($0) }) {
            throw .noSuchConflict(bad + 1, count: conflicts.count)
        }
        let chosen = Set(wanted).sorted().map { conflicts[$0] }
        for conflict in chosen { try apply(conflict, taking: side) }
        let settled = Set(wanted)
        conflicts = conflicts.enumerated().filter { !settled.contains($0.offset) }.map(\.element)
        return chosen
    }

    private mutating func apply(_ conflict: LibraryConflict, taking side: MergeSide) throws(LibraryError) {
        let removed = (side == .mine ? conflict.ours : conflict.theirs) == .string("removed")
        if conflict.field == "removed" && !removed { return }
        if conflict.field != "removed" && side == .mine { return }
        do {
            switch conflict.location {
            case .songs:
                if conflict.field == "order" {
                    songs = ConflictKeys.reorder(songs, key: \.id, like: conflict.theirs)
                } else if let index = songs.firstIndex(where: { $0.id == conflict.item }) {
                    if removed {
                        songs.remove(at: index)
                    } else {
                        songs[index] = try conflict.theirs.assigned(to: conflict.field, of: songs[index])
                    }
                }
            case .playlist(let id):
                guard let p = playlists.firstIndex(where: { $0.id == id }) else { return }
                if conflict.field == "name", conflict.item == nil, case .string(let name) = conflict.theirs {
                    // As `rename` would: two setlists of one name would stop every command.
                    try renamePlaylist(at: p, to: name)
                } else if conflict.field == "order" {
                    playlists[p].items = ConflictKeys.reorder(playlists[p].items, key: ConflictKeys.itemKey, like: conflict.theirs)
                } else if conflict.item == nil, let field = PlanField(conflictField: conflict.field) {
                    let plan = try (playlists[p].plan ?? ShowPlan()).assigning(conflict.theirs, to: field)
                    playlists[p].plan = plan == ShowPlan() ? nil : plan
                } else if conflict.item == nil, conflict.field == "plan" {
                    // The whole plan, as merges before part-by-part recorded it.
                    playlists[p].plan = conflict.theirs == .null ? nil : try conflict.theirs.decode(as: ShowPlan.self)
                } else if let index = playlists[p].items.firstIndex(where: { ConflictKeys.itemKey($0) == conflict.item }),
                    case .song(let copy) = playlists[p].items[index]
                {
                    if removed {
                        playlists[p].items.remove(at: index)
                    } else {
                        playlists[p].items[index] = .song(try conflict.theirs.assigned(to: conflict.field, of: copy))
                    }
                }
            case .playlistOrder:
                if conflict.field == "order" {
                    playlists = ConflictKeys.reorder(playlists, key: \.id, like: conflict.theirs)
                } else if removed, let index = playlists.firstIndex(where: { $0.id == conflict.item }) {
                    // The side that deleted the setlist is taken: as `setlist delete` does.
                    deletePlaylist(at: index)
                }
            case .contacts:
                if conflict.field == "order" {
                    contacts = ConflictKeys.reorder(contacts, key: ConflictKeys.contactKey, like: conflict.theirs)
                } else if let index = contacts.firstIndex(where: { ConflictKeys.contactKey($0) == conflict.item }) {
                    if removed {
                        contacts.remove(at: index)
                    } else {
                        contacts[index] = try conflict.theirs.assigned(to: conflict.field, of: contacts[index])
                    }
                }
            case .settings:
                guard let key = conflict.item else { return }
                settings[name: key] = conflict.theirs == .null ? nil : try conflict.theirs.decode(as: String.self)
            }
        } catch let error as LibraryError {
            throw error
        } catch {
            throw .invalidConflict(conflict.subject, field: conflict.field, detail: "\(error)")
        }
    }
}

/// How the items of each list are told apart in a merge and in its conflicts.
public enum ConflictKeys {
    /// A copy by its id, a break by its label.
    public static func itemKey(_ item: PlaylistItem) -> String {
        switch item {
        case .song(let copy): copy.id
        case .setBreak(let label): "break:" + label
        }
    }

    /// A contact by its address, ignoring case.
    public static func contactKey(_ contact: Contact) -> String { contact.email.lowercased() }

    /// `list` in the order `keys` (a JSON array of keys) gives, the rest where they were.
    static func reorder<T>(_ list: [T], key: (T) -> String, like keys: JSONValue) -> [T] {
        guard case .array(let values) = keys else { return list }
        let wanted = values.compactMap { if case .string(let key) = $0 { key } else { nil } }
        let keyed = distinctKeys(list.map(key))
        let byKey = Dictionary(zip(keyed, list), uniquingKeysWith: { first, _ in first })
        return OrderMerge.reorder(keyed, like: wanted).compactMap { byKey[$0] }
    }

    /// Keys made distinct the way ``ListMerge`` does: from the second occurrence on, with its number.
    package static func distinctKeys(_ keys: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return keys.map { key in
            let count = seen[key, default: 0] + 1
            seen[key] = count
            return ListMerge<String, String>.key(of: key, occurrence: count)
        }
    }
}

extension LibraryConflict: JSONRecord {
    /// A conflict as its file's `conflicts` section holds it; its ``location`` is the file's.
    public static let json = JSONMembers<LibraryConflict>(
        blank: { LibraryConflict(location: .songs, subject: "", item: nil, field: "", ours: .null, theirs: .null) },
        [.text("subject", \.subject), .text("item", \.item), .text("field", \.field), .value("ours", \.ours), .value("theirs", \.theirs)])
}

extension Library {
    /// Adds the conflicts recorded in one file, noting which file they are in.
    package mutating func addConflicts(_ list: [LibraryConflict]?, in location: LibraryConflict.Location) {
        conflicts += (list ?? []).map { conflict in
            var conflict = conflict
            conflict.location = location
            return conflict
        }
    }

    /// The conflicts recorded in one file, nil when there are none (so the file has no section).
    package func conflicts(in location: LibraryConflict.Location) -> [LibraryConflict]? {
        let list = conflicts.filter { $0.location == location }
        return list.isEmpty ? nil : list
    }
}
