import Foundation
import SetlistModel
import SetlistSupport

/// The three-way merge of one library file by its meaning (what `setlist merge-file`, git's merge
/// driver, does): songs, copies, playlists and contacts added on both sides are all kept; edits
/// to different fields merge; reorderings merge where they do not cross; an item removed on one
/// side and unchanged on the other goes. Where both changed the same thing differently, ours
/// stays and a ``LibraryConflict`` in the file's `conflicts` section records theirs.
public enum LibraryFileMerge {
    /// The merged file and the conflicts it newly records.
    public struct Result: Sendable {
        public var data: Data
        public var conflicts: [LibraryConflict]
    }

    /// Merges `ours` and `theirs`, both descended from `base` (nil or empty: no common version, as
    /// when both sides added the file). Which file it is comes from the contents' `format`.
    ///
    /// - Throws: ``LibraryError`` when a version does not parse, is of a newer format, or the three
    ///   are not the same kind of library file.
    public static func merge(base: Data?, ours: Data, theirs: Data, path: String) throws(LibraryError) -> Result {
        let base = base.flatMap { $0.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 } ? nil : $0 }
        let format = try Self.format(of: ours, path: path, side: "our version")
        let theirFormat = try Self.format(of: theirs, path: path, side: "their version")
        let baseFormat = try base.map { data throws(LibraryError) in try Self.format(of: data, path: path, side: "the common version") }
        guard theirFormat == format, baseFormat == nil || baseFormat == format else {
            throw .cannotMerge(
                path: path,
                detail:
                    "the versions are different kinds of file (\([baseFormat, format, theirFormat].compactMap { $0 }.joined(separator: ", ")))."
            )
        }
        var merge = Merger()
        let data: Data
        switch format {
        case "setlist-songs": data = try merge.songs(base, ours, theirs, path)
        case "setlist-playlist": data = try merge.playlist(base, ours, theirs, path)
        case "setlist-playlists": data = try merge.playlistOrder(base, ours, theirs, path)
        case "setlist-contacts": data = try merge.contacts(base, ours, theirs, path)
        case "setlist-settings": data = try merge.settings(base, ours, theirs, path)
        case "setlist-gig": data = try Merger.gig(base, ours, theirs, path)
        default: throw .cannotMerge(path: path, detail: "its format \"\(format)\" is not one of a setlist library's files.")
        }
        return Result(data: data, conflicts: merge.conflicts)
    }

    /// Merges the files at `base`, `ours` and `theirs` as git's merge driver does (`%O %A %B`),
    /// writing the result atomically over `ours`. Nothing is written when it throws.
    /// - Parameter path: the file's name in the library, for messages (git's `%P`).
    public static func mergeFiles(base: URL, ours: URL, theirs: URL, path: String) throws(LibraryError) -> Result {
        func read(_ url: URL) throws(LibraryError) -> Data {
            do { return try Data(contentsOf: url) } catch {
                throw .unreadableFile(path: url.path, detail: FailureText.reason(error))
            }
        }
        let baseData = FileManager.default.fileExists(atPath: base.path) ? try read(base) : nil
        let result = try merge(base: baseData, ours: try read(ours), theirs: try read(theirs), path: path)
        try LibraryError.onFiles { () throws(AtomicFileError) in try AtomicFile.write(result.data, to: ours) }
        return result
    }

    private static func format(of data: Data, path: String, side: String) throws(LibraryError) -> String {
        let header: LibraryFileHeader
        do { header = try LibraryFiles.header(of: Array(data)) } catch {
            throw .unreadableFile(path: "\(path) (\(side))", detail: error.description)
        }
        guard let version = header.version else {
            throw .unreadableFile(path: "\(path) (\(side))", detail: "it has no \"version\" field, so it is not a setlist library file.")
        }
        if version > LibraryFiles.version { throw .newerFormat(path: "\(path) (\(side))", found: version, supported: LibraryFiles.version) }
        guard let format = header.format else {
            throw .cannotMerge(path: path, detail: "\(side) has no \"format\" field, so it is not a setlist library file.")
        }
        return format
    }

    /// Collects the conflicts while each kind of file is merged.
    private struct Merger {
        var conflicts: [LibraryConflict] = []

        mutating func songs(_ base: Data?, _ ours: Data, _ theirs: Data, _ path: String) throws(LibraryError) -> Data {
            let (b, o, t) = try Self.decode(LibraryFiles.SongsFile.self, base, ours, theirs, path)
            let list = ListMerge(base: b?.songs, mine: o.songs, theirs: t.songs, key: \.id, preferring: .mine) { base, mine, theirs in
                var song = mine
                song.fields = fields(base?.fields, mine.fields, theirs.fields, .songs, item: mine.id) { $0.listing }
                return song
            }
            removals(list, .songs, item: \.id) { $0.fields.listing }
            order(list, .songs, o.songs.map(\.id), t.songs.map(\.id), subject: "the order of the songs")
            return LibraryFiles.encode(LibraryFiles.SongsFile(songs: list.merged, conflicts: combined(o.conflicts, t.conflicts)))
        }

        mutating func playlist(_ base: Data?, _ ours: Data, _ theirs: Data, _ path: String) throws(LibraryError) -> Data {
            let (b, o, t) = try Self.decode(LibraryFiles.PlaylistFile.self, base, ours, theirs, path)
            let location = LibraryConflict.Location.playlist(o.id)
            let name = ThreeWayMerge.value(base: b?.name, mine: o.name, theirs: t.name, preferring: .mine)
            if name.isConflict {
                conflicts.append(
                    .init(
                        location: location, subject: "playlist '\(o.name)'", item: nil, field: "name", ours: .string(o.name),
                        theirs: .string(t.name)))
            }
            let list = ListMerge(base: b?.items, mine: o.items, theirs: t.items, key: ConflictKeys.itemKey, preferring: .mine) {
                base, mine, theirs in
                guard case .song(let m) = mine, case .song(let th) = theirs else { return mine }
                let b: SongCopy? = if case .song(let copy) = base { copy } else { nil }
                return .song(copy(b, m, th, location, playlist: o.name))
            }
            removals(list, location, item: ConflictKeys.itemKey) { item in
                if case .song(let copy) = item { "\(copy.fields.listing) in '\(o.name)'" } else { "a break in '\(o.name)'" }
            }
            order(list, location, o.items.map(ConflictKeys.itemKey), t.items.map(ConflictKeys.itemKey), subject: "the order of '\(o.name)'")
            // What the sender last sent: a base for the next import, not the member's content, so
            // a difference keeps ours without asking anyone.
            let received = ThreeWayMerge.value(base: b?.received, mine: o.received, theirs: t.received, preferring: .mine).value
            let plan = plan(b.map(\.plan), o.plan, t.plan, location, playlist: o.name)
            // Revisions are a record of what was shared, no member's content: a difference keeps ours.
            let revisions = ThreeWayMerge.value(base: b?.revisions, mine: o.revisions, theirs: t.revisions, preferring: .mine).value
            return LibraryFiles.encode(
                LibraryFiles.PlaylistFile(
                    id: o.id, name: name.value, items: list.merged, received: received, plan: plan, revisions: revisions,
                    conflicts: combined(o.conflicts, t.conflicts)))
        }

        mutating func playlistOrder(_ base: Data?, _ ours: Data, _ theirs: Data, _ path: String) throws(LibraryError) -> Data {
            let (b, o, t) = try Self.decode(LibraryFiles.PlaylistOrderFile.self, base, ours, theirs, path)
            // A file name follows the playlist's name, whose conflict the playlist file's merge records.
            let list = ListMerge(base: b?.playlists, mine: o.playlists, theirs: t.playlists, key: \.id, preferring: .mine) {
                base, mine, theirs in
                var entry = mine
                entry.file = ThreeWayMerge.value(base: base?.file, mine: mine.file, theirs: theirs.file, preferring: .mine).value
                return entry
            }
            // A setlist deleted on one side and renamed on the other (its entry's file changed)
            // stays, as the delete of any changed item does, and the delete is a conflict.
            removals(list, .playlistOrder, item: \.id) { entry in "the setlist of playlists/\(entry.file)" }
            order(list, .playlistOrder, o.playlists.map(\.id), t.playlists.map(\.id), subject: "the order of the playlists")
            // The current playlist is where each member is working, like a checked-out branch, not
            // the band's content: where both chose one, ours stays without a conflict.
            let current = ThreeWayMerge.value(base: b?.current, mine: o.current, theirs: t.current, preferring: .mine)
            return LibraryFiles.encode(
                LibraryFiles.PlaylistOrderFile(
                    current: current.value, playlists: list.merged, conflicts: combined(o.conflicts, t.conflicts)))
        }

        mutating func contacts(_ base: Data?, _ ours: Data, _ theirs: Data, _ path: String) throws(LibraryError) -> Data {
            let (b, o, t) = try Self.decode(LibraryFiles.ContactsFile.self, base, ours, theirs, path)
            let list = ListMerge(base: b?.contacts, mine: o.contacts, theirs: t.contacts, key: ConflictKeys.contactKey, preferring: .mine) {
                base, mine, theirs in
                var merged = mine
                // Member by member, as the file holds them: a field added to a contact merges too.
                for member in Contact.json.members {
                    let value = ThreeWayMerge.value(
                        base: base.map(member.value(in:)), mine: member.value(in: mine), theirs: member.value(in: theirs), preferring: .mine
                    )
                    if value.value != member.value(in: merged), let assigned = try? member.assigning(value.value, in: merged) {
                        merged = assigned
                    }
                    if value.isConflict {
                        conflicts.append(
                            .init(
                                location: .contacts, subject: "contact \(mine.name) <\(mine.email)>", item: ConflictKeys.contactKey(mine),
                                field: member.key, ours: member.value(in: mine), theirs: member.value(in: theirs)))
                    }
                }
                return merged
            }
            removals(list, .contacts, item: ConflictKeys.contactKey) { "contact \($0.name) <\($0.email)>" }
            order(
                list, .contacts, o.contacts.map(ConflictKeys.contactKey), t.contacts.map(ConflictKeys.contactKey),
                subject: "the order of the contacts")
            return LibraryFiles.encode(LibraryFiles.ContactsFile(contacts: list.merged, conflicts: combined(o.conflicts, t.conflicts)))
        }

        mutating func settings(_ base: Data?, _ ours: Data, _ theirs: Data, _ path: String) throws(LibraryError) -> Data {
            let (b, o, t) = try Self.decode(LibraryFiles.SettingsFile.self, base, ours, theirs, path)
            var (merged, keys) = ThreeWayMerge.dictionary(base: b?.settings, mine: o.settings, theirs: t.settings, preferring: .mine)
            for key in keys.sorted() {
                // Ours stays, even where ours is to have none.
                merged[key] = o.settings[key]
                conflicts.append(
                    .init(
                        location: .settings, subject: "the setting '\(key)'", item: key, field: "value",
                        ours: JSONValue(writing: o.settings[key]), theirs: JSONValue(writing: t.settings[key])))
            }
            return LibraryFiles.encode(LibraryFiles.SettingsFile(settings: merged, conflicts: combined(o.conflicts, t.conflicts)))
        }

        /// A gig: one file per gig, so two members' gigs never meet here; only one gig changed on
        /// both sides does (a gig logged on one computer while another still saved it, or edited
        /// by hand). Each part merges three ways; a song list that one side only extended (stage
        /// mode saves the log as it grows) gives the longer one. A part both changed otherwise is
        /// refused, naming it: a gig file has no conflicts section, and the log must not silently
        /// lose what was played.
        static func gig(_ base: Data?, _ ours: Data, _ theirs: Data, _ path: String) throws(LibraryError) -> Data {
            let (b, o, t) = try decode(LibraryFiles.GigFile.self, base, ours, theirs, path)
            guard o.gig.id == t.gig.id, b == nil || b?.gig.id == o.gig.id else {
                throw .cannotMerge(path: path, detail: "the versions are of different gigs (ids \(o.gig.id) and \(t.gig.id)).")
            }
            func part<T: Equatable>(_ name: String, _ value: (Gig) -> T) throws(LibraryError) -> T {
                let merge = ThreeWayMerge.value(base: b.map { value($0.gig) }, mine: value(o.gig), theirs: value(t.gig), preferring: .mine)
                guard merge.isConflict else { return merge.value }
                throw .cannotMerge(
                    path: path, detail: "both sides changed the gig's \(name) differently; keep the version you mean with an editor.")
            }
            var gig = o.gig
            gig.date = try part("date") { $0.date }
            gig.started = try part("start") { $0.started }
            gig.playlist = try part("setlist") { $0.playlist }
            gig.playlistID = try part("setlist id") { $0.playlistID }
            gig.venue = try part("venue") { $0.venue }
            let (mine, their) = (o.gig.songs, t.gig.songs)
            if mine.starts(with: their) || their.starts(with: mine) {
                gig.songs = mine.count >= their.count ? mine : their
            } else {
                gig.songs = try part("songs") { $0.songs }
            }
            return LibraryFiles.encode(LibraryFiles.GigFile(gig: gig))
        }

        // MARK: Shared steps

        /// A song record merged field by field; a field both changed keeps ours and is recorded.
        private mutating func fields(
            _ base: SongFields?, _ mine: SongFields, _ theirs: SongFields, _ location: LibraryConflict.Location,
            item: String, subject: (SongFields) -> String
        ) -> SongFields {
            let merge = ThreeWayMerge.record(base: base, mine: mine, theirs: theirs, preferring: .mine)
            for field in merge.fields(.conflict) {
                conflicts.append(
                    .init(
                        location: location, subject: subject(merge.merged), item: item, field: field.rawValue,
                        ours: Self.value(of: field, in: mine), theirs: Self.value(of: field, in: theirs)))
            }
            return merge.merged
        }

        /// A copy: its song fields, then which original it came from and what its sender last sent.
        private mutating func copy(
            _ base: SongCopy?, _ mine: SongCopy, _ theirs: SongCopy, _ location: LibraryConflict.Location, playlist: String
        ) -> SongCopy {
            var merged = mine
            merged.fields = fields(base?.fields, mine.fields, theirs.fields, location, item: mine.id) { "\($0.listing) in '\(playlist)'" }
            let subject = "\(merged.fields.listing) in '\(playlist)'"
            merged.originalID = value(
                base?.originalID, mine.originalID, theirs.originalID, location, subject: subject, item: mine.id, field: "original")
            merged.received = value(
                base?.received, mine.received, theirs.received, location, subject: subject, item: mine.id, field: "received")
            return merged
        }

        /// The plan, part by part as an import's update merges it (``ShowPlan/merge(base:mine:theirs:preferring:)``);
        /// a part both changed keeps ours, and its conflict records what settling for theirs gives.
        private mutating func plan(
            _ base: ShowPlan??, _ mine: ShowPlan?, _ theirs: ShowPlan?, _ location: LibraryConflict.Location, playlist: String
        ) -> ShowPlan? {
            let ours = ShowPlan.merge(base: base, mine: mine, theirs: theirs, preferring: .mine)
            let conflicting = ours.merge.fields(.conflict)
            guard !conflicting.isEmpty else { return ours.plan }
            let settled = ShowPlan.merge(base: base, mine: mine, theirs: theirs, preferring: .theirs).plan ?? ShowPlan()
            for field in conflicting {
                conflicts.append(
                    .init(
                        location: location, subject: "the plan of '\(playlist)'", item: nil, field: field.conflictField,
                        ours: (ours.plan ?? ShowPlan()).json(field), theirs: settled.json(field)))
            }
            return ours.plan
        }

        /// One value merged whole; both sides changing it differently keeps ours and is recorded.
        private mutating func value<T: Equatable & JSONWritable>(
            _ base: T?, _ mine: T, _ theirs: T, _ location: LibraryConflict.Location, subject: String, item: String?, field: String
        ) -> T {
            let merge = ThreeWayMerge.value(base: base, mine: mine, theirs: theirs, preferring: .mine)
            if merge.isConflict {
                conflicts.append(
                    .init(
                        location: location, subject: subject, item: item, field: field,
                        ours: JSONValue(writing: mine), theirs: JSONValue(writing: theirs)))
            }
            return merge.value
        }

        private mutating func removals<E, K>(
            _ list: ListMerge<E, K>, _ location: LibraryConflict.Location, item: (E) -> String, subject: (E) -> String
        ) {
            for (element, side) in list.removalConflicts {
                conflicts.append(
                    .init(
                        location: location, subject: subject(element), item: item(element), field: "removed",
                        ours: .string(side == .mine ? "removed" : "changed"), theirs: .string(side == .theirs ? "removed" : "changed")))
            }
        }

        private mutating func order<E, K>(
            _ list: ListMerge<E, K>, _ location: LibraryConflict.Location, _ mine: [String], _ theirs: [String], subject: String
        ) {
            guard !list.order.conflicts.isEmpty else { return }
            conflicts.append(
                .init(
                    location: location, subject: subject, item: nil, field: "order",
                    ours: .array(ConflictKeys.distinctKeys(mine).map(JSONValue.string)),
                    theirs: .array(ConflictKeys.distinctKeys(theirs).map(JSONValue.string))))
        }

        /// The conflicts both versions already carried, then the new ones of this file.
        private func combined(_ ours: [LibraryConflict]?, _ theirs: [LibraryConflict]?) -> [LibraryConflict]? {
            var all: [LibraryConflict] = []
            for conflict in (ours ?? []) + (theirs ?? []) + conflicts where !all.contains(conflict) { all.append(conflict) }
            return all.isEmpty ? nil : all
        }

        private static func value(of field: SongField, in fields: SongFields) -> JSONValue {
            SongFields.json.member(field.rawValue)?.value(in: fields) ?? .null
        }

        private static func decode<T: LibraryFile>(_ type: T.Type, _ base: Data?, _ ours: Data, _ theirs: Data, _ path: String)
            throws(LibraryError) -> (T?, T, T)
        {
            let b = try base.map { data throws(LibraryError) in
                try LibraryFiles.decode(type, from: data, path: "\(path) (the common version)")
            }
            return (
                b, try LibraryFiles.decode(type, from: ours, path: "\(path) (our version)"),
                try LibraryFiles.decode(type, from: theirs, path: "\(path) (their version)")
            )
        }
    }
}
