import Foundation
import SetlistModel
import SetlistSupport

/// A copy of a library file that a sync tool (Syncthing, Dropbox, Nextcloud, Google Drive,
/// OneDrive) wrote beside it when two computers changed the file at the same time.
public struct SyncConflictCopy: Sendable, Hashable {
    /// The copy, relative to the library folder.
    public var path: String
    /// The library file it is a version of, relative to the library folder.
    public var original: String
    /// The sync tool whose naming it follows.
    public var tool: String
}

/// Finding the sync tools' conflict copies, saying how they differ, and merging them in.
public enum SyncConflicts {
    /// Where `check --repair` keeps the copies it merged, inside the library folder.
    public static let keptFolder = History.folder + "/sync-conflicts"

    /// The conflict copies of the library's files in the library at `root`, by path.
    public static func find(in root: URL) -> [SyncConflictCopy] {
        var copies: [SyncConflictCopy] = []
        let top = Set(FolderListing.names(atPath: root.path))
        let topOriginals = Originals(Set(LibraryFiles.topLevelFiles).intersection(top))
        for name in top {
            if let (original, tool) = original(of: name, among: topOriginals) {
                copies.append(.init(path: name, original: original, tool: tool))
            }
        }
        var inFolders: [SyncConflictCopy] = []
        // The playlists and the gig log: one file each, copied by a sync tool like any other.
        for folder in [LibraryFiles.playlistFolder, LibraryFiles.gigFolder] {
            let names = FolderListing.names(atPath: root.appendingPathComponent(folder).path)
            let originals = Originals(names)
            for name in names {
                if let (original, tool) = original(of: name, among: originals) {
                    inFolders.append(.init(path: folder + "/" + name, original: folder + "/" + original, tool: tool))
                }
            }
        }
        return copies.sorted { $0.path < $1.path } + inFolders.sorted { $0.path < $1.path }
    }

    /// The file of `originals` that `name` is a conflict copy of, and the tool that named it so.
    ///
    /// Every command lists the library's folders for these, so the names are read by hand rather
    /// than with regular expressions (docs/performance.md, "Conflict copies are recognised
    /// without regular expressions").
    static func original(of name: String, among originals: Set<String>) -> (String, String)? {
        original(of: name, among: Originals(originals))
    }

    /// The names a copy may be a copy of, and the same without `.json`.
    struct Originals {
        let names: Set<String>
        let stems: Set<Substring>

        init<Names: Sequence<String>>(_ names: Names) {
            self.names = Set(names)
            stems = Set(self.names.compactMap { $0.hasSuffix(".json") ? Substring($0.utf8.dropLast(5)) : nil })
        }

        func contains(_ name: String) -> Bool { names.contains(name) }
    }

    private static let syncthingMark = Array(".sync-conflict-".utf8)

    static func original(of name: String, among originals: Originals) -> (String, String)? {
        guard name.hasSuffix(".json"), !name.hasPrefix(".") else { return nil }
        // Only a stem ending in ")", or in ".sync-conflict-" and 23 more scalars (Syncthing's
        // ending has a fixed length), can follow the first three namings.
        // memchr, not the generic firstRange(of:): every command asks this of every library file.
        if name.hasSuffix(").json") || ByteSearch.contains(syncthingMark, in: Array(name.utf8)) {
            let stem = Array(name.unicodeScalars.dropLast(5))
            for (pattern, tool) in patterns {
                guard let (end, variant) = pattern(stem) else { continue }
                let original = String(String.UnicodeScalarView(stem[..<end])) + ".json"
                if originals.contains(original) { return (original, variant ?? tool) }
            }
        }
        return oneDriveOriginal(of: name, among: originals)
    }

    /// OneDrive: "songs-HOSTNAME.json"; host names may hold dashes, so each dash is tried.
    ///
    /// Read as bytes, not character by character: every command asks this of every playlist file.
    private static func oneDriveOriginal(of name: String, among originals: Originals) -> (String, String)? {
        let stem = name.utf8.dropLast(5)
        // The host name runs to the end of the stem: only a dash after its last other byte starts one.
        var from = stem.lastIndex { !isHostByte($0) }.map(stem.index(after:)) ?? stem.startIndex
        while let dash = stem[from...].firstIndex(of: UInt8(ascii: "-")) {
            let original = Substring(stem[..<dash])
            if dash > stem.startIndex, stem.index(after: dash) < stem.endIndex, originals.stems.contains(original) {
                return (String(original) + ".json", "OneDrive")
            }
            from = stem.index(after: dash)
        }
        return nil
    }

    /// An ASCII letter, digit, dash or underscore: what a host name is made of.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// A naming: where the original's stem ends in a copy's stem, and the tool when the naming
    /// tells it apart from the usual one.
    typealias Naming = @Sendable (_ stem: [Unicode.Scalar]) -> (end: Int, tool: String?)?

    private static let patterns: [(Naming, String)] = [
        // Syncthing: "songs.sync-conflict-20261122-101500-ABCDEFG".
        (
            { stem in
                let marker = Array(".sync-conflict-".unicodeScalars)
                let suffix = marker.count + 8 + 1 + 6 + 1 + 7
                guard stem.count > suffix, Array(stem[(stem.count - suffix)...].prefix(marker.count)) == marker else { return nil }
                let rest = stem[(stem.count - suffix + marker.count)...]
                guard Shape.matches(rest, "DDDDDDDD-DDDDDD-AAAAAAA"), Shape.isLine(stem[..<(stem.count - suffix)]) else { return nil }
                return (stem.count - suffix, nil)
            }, "Syncthing"
        ),
        // Dropbox: "(conflicted copy 2026-11-22)", "(Jirka's conflicted copy 2026-11-22)"; Nextcloud adds the time.
        (
            { stem in
                guard stem.last == ")" else { return nil }
                let marker = Array("conflicted copy ".unicodeScalars)
                guard let at = Shape.lastIndex(of: marker, in: stem) else { return nil }
                let date = stem[(at + marker.count)..<(stem.count - 1)]
                let tool: String?
                if Shape.matches(date, "DDDD-DD-DD") {
                    tool = nil
                } else if Shape.matches(date, "DDDD-DD-DD DDDDDD") {
                    tool = "Nextcloud"
                } else {
                    return nil
                }
                let before = stem[..<at]
                // "NAME (" right before, or "NAME (WHO's " with the longest NAME.
                if before.count >= 3, Array(before.suffix(2)) == [" ", "("], Shape.isLine(before.dropLast(2)) {
                    return (before.count - 2, tool)
                }
                guard before.count >= 3, before.last == " ", before[before.count - 2] == "s", ["'", "’"].contains(before[before.count - 3])
                else { return nil }
                let who = before.count - 3
                var open = who - 3
                while open >= 1 {
                    if stem[open] == " ", stem[open + 1] == "(", Shape.isLine(stem[..<open]), Shape.isLine(stem[(open + 2)..<who]) {
                        return (open, tool)
                    }
                    open -= 1
                }
                return nil
            }, "Dropbox"
        ),
        // Google Drive: "songs (1)".
        (
            { stem in
                guard stem.last == ")", let open = Shape.lastIndex(of: [" ", "("], in: stem), open >= 1 else { return nil }
                let digits = stem[(open + 2)..<(stem.count - 1)]
                guard !digits.isEmpty, digits.allSatisfy(Shape.isDigit), Shape.isLine(stem[..<open]) else { return nil }
                return (open, nil)
            }, "Google Drive"
        ),
    ]

    /// The character classes of the namings, as regular expressions read them.
    private enum Shape {
        /// `D` a decimal digit (any script's, as `\d`), `A` an ASCII capital or digit, anything
        /// else itself.
        static func matches(_ scalars: ArraySlice<Unicode.Scalar>, _ shape: String) -> Bool {
            let shape = Array(shape.unicodeScalars)
            guard scalars.count == shape.count else { return false }
            return zip(scalars, shape).allSatisfy { scalar, expected in
                switch expected {
                case "D": isDigit(scalar)
                case "A": ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                default: scalar == expected
                }
            }
        }

        static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.generalCategory == .decimalNumber }

        /// Whether `.+` matches it: not empty, no line terminator.
        static func isLine(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
            !scalars.isEmpty && !scalars.contains { [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) }
        }

        static func lastIndex(of marker: [Unicode.Scalar], in scalars: [Unicode.Scalar]) -> Int? {
            guard scalars.count >= marker.count else { return nil }
            return stride(from: scalars.count - marker.count, through: 0, by: -1).first {
                scalars[$0..<($0 + marker.count)].elementsEqual(marker)
            }
        }
    }

    // MARK: What differs

    /// What the copy holds that differs from the library's file, in a few words each.
    public static func differences(ours: Data, theirs: Data) -> [String] {
        guard case .object(let mine)? = JSONValue(parsing: Array(ours)),
            case .object(let other)? = JSONValue(parsing: Array(theirs))
        else {
            return ["it does not parse as JSON"]
        }
        var result: [String] = []
        let listKey = ["songs", "items", "contacts", "playlists"].first { mine[$0] != nil }
        for key in Set(mine.keys).union(other.keys).sorted() where !["format", "version", "conflicts", listKey].contains(key) {
            if case .object(let a) = mine[key] ?? .null, case .object(let b) = other[key] ?? .null {
                for name in Set(a.keys).union(b.keys).sorted() where a[name] != b[name] {
                    result.append("\(name): \((a[name] ?? .null)) here, \((b[name] ?? .null)) in the copy")
                }
            } else if mine[key] != other[key] {
                result.append("\(key): \(mine[key] ?? .null) here, \(other[key] ?? .null) in the copy")
            }
        }
        guard let listKey, case .array(let a) = mine[listKey] ?? .null, case .array(let b) = other[listKey] ?? .null else { return result }
        let here = keyed(a), there = keyed(b)
        let hereByKey = Dictionary(here, uniquingKeysWith: { first, _ in first }),
            thereByKey = Dictionary(there, uniquingKeysWith: { first, _ in first })
        for (key, element) in there where hereByKey[key] == nil { result.append("adds \(label(element))") }
        for (key, element) in here where thereByKey[key] == nil { result.append("lacks \(label(element))") }
        for (key, element) in here {
            guard case .object(let x) = element, case .object(let y)? = thereByKey[key], x != y else { continue }
            for field in Set(x.keys).union(y.keys).sorted() where x[field] != y[field] {
                result.append("\(label(element)): \(field) \(x[field] ?? .null) here, \(y[field] ?? .null) in the copy")
            }
        }
        let common = Set(here.map(\.0)).intersection(there.map(\.0))
        if here.map(\.0).filter(common.contains) != there.map(\.0).filter(common.contains) { result.append("another order") }
        return result
    }

    private static func keyed(_ list: [JSONValue]) -> [(String, JSONValue)] {
        let keys = list.map { element -> String in
            guard case .object(let object) = element else { return "?" }
            if case .string(let id)? = object["id"] { return id }
            if case .string(let email)? = object["email"] { return email.lowercased() }
            if case .string(let label)? = object["break"] { return "break:" + label }
            return "?"
        }
        return Array(zip(ConflictKeys.distinctKeys(keys), list))
    }

    private static func label(_ element: JSONValue) -> String {
        guard case .object(let object) = element else { return "an entry" }
        if case .string(let name)? = object["name"] { return "'\(name)'" }
        if case .string(let label)? = object["break"] { return "the break '\(label)'" }
        if case .string(let id)? = object["id"] { return "playlist \(id)" }
        return "an entry"
    }
}

extension LibraryStore {
    /// The conflict copies in this library.
    public func syncConflictCopies() -> [SyncConflictCopy] {
        SyncConflicts.find(in: root)
    }

    /// One problem per conflict copy, saying what differs from the library's file.
    func syncConflictProblems() -> [IntegrityProblem] {
        syncConflictCopies().map { copy in
            let differences =
                (try? contents(of: copy.path)).map {
                    SyncConflicts.differences(ours: (try? contents(of: copy.original)) ?? Data(), theirs: $0)
                } ?? []
            let shown = differences.prefix(6).joined(separator: "; ") + (differences.count > 6 ? "; and \(differences.count - 6) more" : "")
            return IntegrityProblem(
                .syncConflictCopy, path: copy.path,
                detail: "a conflict copy of \(copy.original) made by \(copy.tool); "
                    + (differences.isEmpty ? "it holds the same as the library." : "\(shown).") + " `setlist check --repair` merges it in.")
        }
    }

    /// With the exclusive lock held: merges each conflict copy into its library file (three-way
    /// from the version in the history closest to the copy, else keeping everything from both and
    /// recording where they disagree as conflicts), then moves the copy to ``SyncConflicts/keptFolder``.
    func mergeSyncConflictCopies(_ actions: inout [String], command: String) throws(LibraryError) {
        for copy in syncConflictCopies() {
            if let done = try merge(copy.path, into: copy.original, command: command) { actions.append(done) }
        }
    }

    /// With the exclusive lock held: joins the files of one setlist renamed apart. A setlist
    /// renamed differently on two computers comes back from a git merge (rename/rename) or a sync
    /// tool as two files with one id, each under its own name; the order file lists one of them.
    /// The other (a file the order does not list, whose name ends in the same short id and which
    /// holds that id) is merged into it as a conflict copy is, so that its name is a conflict to
    /// settle with `setlist resolve` rather than a second setlist.
    func joinPlaylistsRenamedApart(_ actions: inout [String], command: String) throws(LibraryError) {
        let orderPath = LibraryFiles.playlistOrder
        guard let data = try? contents(of: orderPath),
            let order = try? LibraryFiles.decode(LibraryFiles.PlaylistOrderFile.self, from: data, path: orderPath)
        else { return }
        let names = LibraryFiles.playlistFileNames(in: root)
        let listed = Set(order.playlists.map(\.file))
        for name in names where !listed.contains(name) {
            guard let entry = LibraryFiles.renamedApart(name, listedIn: order), names.contains(entry.file) else { continue }
            let path = LibraryFiles.playlistFolder + "/" + name
            guard let bytes = try? contents(of: path),
                let file = try? LibraryFiles.decode(LibraryFiles.PlaylistFile.self, from: bytes, path: path), file.id == entry.id
            else { continue }
            if let done = try merge(path, into: LibraryFiles.playlistFolder + "/" + entry.file, command: command) {
                actions.append("the setlist was renamed apart on two computers: " + done)
            }
        }
    }

    /// Merges the file at `copyPath` into the library file `original` and keeps the copy in
    /// ``SyncConflicts/keptFolder``; what was done, in words, or nil when either cannot be read.
    private func merge(_ copyPath: String, into original: String, command: String) throws(LibraryError) -> String? {
        guard let theirs = try? contents(of: copyPath), let ours = try? contents(of: original) else { return nil }
        let base = commonVersion(of: original, current: ours, copy: theirs)
        let result: LibraryFileMerge.Result
        do {
            result = try LibraryFileMerge.merge(base: base, ours: ours, theirs: theirs, path: original)
        } catch {
            return "\(copyPath): left as it is, it cannot be merged: \(error)"
        }
        try write([original: result.data], replacing: [original: ours], command: command)
        let kept = SyncConflicts.keptFolder + "/" + copyPath.replacingOccurrences(of: "/", with: "_")
        try LibraryError.onFiles { () throws(AtomicFileError) in
            try AtomicFile.makeFolder(root.appendingPathComponent(SyncConflicts.keptFolder))
            try AtomicFile.write(theirs, to: root.appendingPathComponent(kept), newFileMode: LibraryFiles.newFileMode(for: kept))
            try AtomicFile.remove(root.appendingPathComponent(copyPath))
        }
        let how =
            base == nil
            ? "no common version in the history, so everything from both was kept" : "three-way, from the common version in the history"
        let conflicts =
            result.conflicts.isEmpty
            ? "" : "; \(result.conflicts.count) disagreement\(result.conflicts.count == 1 ? "" : "s") to settle with `setlist resolve`"
        return "\(copyPath): merged into \(original) (\(how))\(conflicts); the copy is kept as \(kept)."
    }

    /// The version of `path`, now or in the history, that is closest to `copy`: the likeliest
    /// version both computers had before they changed the file apart. Nil when the history holds
    /// no earlier version.
    func commonVersion(of path: String, current: Data, copy: Data) -> Data? {
        let history = History(root: root)
        // The file as it is counts too (the other computer may have changed only a version of it).
        var versions: [Data] = [current]
        var content = current
        for number in history.entryNumbers().reversed() {
            guard let record = try? history.read(number) else { break }
            guard let delta = record.changes.first(where: { $0.path == path }) else { continue }
            guard delta.side(of: content) == .after, delta.existedBefore, let before = delta.reconstructBefore(fromAfter: content) else {
                break
            }
            versions.append(before)
            content = before
        }
        guard versions.count > 1 else { return nil }
        let copyLines = Set(copy.split(separator: 0x0A))
        // Ties go to the older version, so that nothing added here since is taken for removed there.
        return versions.enumerated().min { a, b in
            let da = Set(a.element.split(separator: 0x0A)).symmetricDifference(copyLines).count
            let db = Set(b.element.split(separator: 0x0A)).symmetricDifference(copyLines).count
            return da != db ? da < db : a.offset > b.offset
        }?.element
    }
}
