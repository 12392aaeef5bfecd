import Foundation
import SetlistModel
import SetlistSupport

/// Reads the files of a library folder (every one, or those a ``LibraryScope`` names), collecting
/// every problem rather than stopping at the first, so `check` and error messages can list them
/// all at once.
struct LibraryReader {
    let root: URL
    /// The library folder's path: the files' paths are built from it as text (a URL built for
    /// each playlist file cost more than reading it).
    let rootPath: String
    /// The bytes of the files read (decoded, or for the originals of copies only looked through),
    /// by path relative to the library folder: what a change compares its files with (a change
    /// never reads only the originals of copies, see ``LibraryStore/modify(_:command:_:)``).
    private(set) var files: [String: Data] = [:]
    private(set) var errors: [LibraryError] = []
    private(set) var problems: [IntegrityProblem] = []
    /// The playlist files the order file names, whether or not they could be read.
    private var listed: Set<String> = []
    /// Whether another user's private files (``LibraryFiles/privateFiles``) that this user may
    /// not read are passed over, as if absent: for reading another member's library. A change
    /// never does this, so it never writes over what it could not read.
    var passesOverOthersPrivateFiles = false
    /// The private files passed over.
    private(set) var withheld: [String] = []
    /// Whether a file with values of the wrong kind is still read, without them, so that `check`
    /// reports the values out of range beside them in one run. Only for reading: such a library
    /// is never written.
    var readsPastWrongValues = false

    /// The files whose bytes are kept in ``files``, when not all: a change compares and writes
    /// with all of them; a command that only reads keeps those of the last change (to see that
    /// it was not cut short) and lets the others go once decoded, so the next file is read into
    /// the same memory.
    var keepsOnly: Set<String>?

    /// Whether the bytes of `path` are kept in ``files``.
    private func keeps(_ path: String) -> Bool { keepsOnly?.contains(path) ?? true }

    /// Files read before, under the same lock, by relative path: taken instead of reading them.
    private let alreadyRead: [String: Data]

    init(root: URL, alreadyRead: [String: Data] = [:]) {
        self.root = root
        rootPath = root.path
        self.alreadyRead = alreadyRead
    }

    /// The path of a library file, given relative to the library folder.
    func path(of file: String) -> String {
        LibraryFiles.path(of: file, in: rootPath)
    }

    /// One error for everything that went wrong, or nil when the library is sound.
    var combinedError: LibraryError? {
        if errors.count == 1 && problems.isEmpty { return errors[0] }
        if errors.isEmpty && problems.isEmpty { return nil }
        let all =
            errors.flatMap { error -> [IntegrityProblem] in
                switch error {
                case .unreadableFile(let path, let detail): [IntegrityProblem(.unreadableFile, path: path, detail: detail)]
                case .newerFormat(let path, let found, let supported):
                    [
                        IntegrityProblem(
                            .newerFormat, path: path,
                            detail: "written by a newer setlist (format version \(found); this one reads up to \(supported)).")
                    ]
                // A file with several problems (LibraryFiles.decode).
                case .inconsistentLibrary(let list): list
                default: [IntegrityProblem(.unreadableFile, path: root.path, detail: error.description)]
                }
            } + problems
        return .inconsistentLibrary(all)
    }

    /// Every problem found, as one list.
    var allProblems: [IntegrityProblem] {
        guard let error = combinedError else { return [] }
        switch error {
        case .inconsistentLibrary(let list): return list
        case .unreadableFile(let path, let detail): return [IntegrityProblem(.unreadableFile, path: path, detail: detail)]
        case .newerFormat(let path, _, _): return [IntegrityProblem(.newerFormat, path: path, detail: error.description)]
        default: return []
        }
    }

    mutating func read(_ scope: LibraryScope = .whole) -> Library {
        var library = Library()
        if scope.songs != .none { noteMissingSongList() }
        if scope.songs == .all, let file = decode(LibraryFiles.SongsFile.self, LibraryFiles.songs) {
            library.songs = file.songs
            library.addConflicts(file.conflicts, in: .songs)
        }
        var orderRead: LibraryFiles.PlaylistOrderFile?
        if scope.playlists != .none, let order = decode(LibraryFiles.PlaylistOrderFile.self, LibraryFiles.playlistOrder) {
            orderRead = order
            library.addConflicts(order.conflicts, in: .playlistOrder)
            library.currentPlaylistID = order.current
            switch scope.playlists {
            case .all, .none:
                library.playlists = readPlaylists(order, conflicts: &library.conflicts)
            case .matching:
                let candidates = Set((scope.playlistKeys ?? []).flatMap { LibraryFiles.candidates(for: $0, in: order) })
                library.playlists = readPlaylists(order, conflicts: &library.conflicts, only: { candidates.contains($0.id) })
            case .holdingCopies(let reference):
                // Every song is read, so the name finds the same song (or the same error) as ever.
                if let id = (try? library.song(matching: reference))?.id {
                    library.playlists = readPlaylists(
                        order, conflicts: &library.conflicts, keeping: { LibraryFiles.mayHoldCopies(of: id, in: $0) })
                }
            }
        }
        if scope.contacts, let file = decode(LibraryFiles.ContactsFile.self, LibraryFiles.contacts) {
            library.contacts = file.contacts
            library.addConflicts(file.conflicts, in: .contacts)
        }
        if let file = decode(LibraryFiles.SettingsFile.self, LibraryFiles.settings) {
            library.settings = Settings(byName: file.settings)
            library.addConflicts(file.conflicts, in: .settings)
        }
        if scope.gigs { library.gigs = readGigs() }
        if scope.songs == .originalsOfCopies { library.songs = readOriginals(of: library.playlists) }
        // An order file that is there but cannot be read says nothing of which files it lists:
        // its own problem is reported, not every playlist file as "not listed". Without one, the
        // files are indeed listed nowhere, and repair puts them back.
        if scope.playlists == .all && (orderRead != nil || access(path(of: LibraryFiles.playlistOrder), F_OK) != 0) {
            findOrphans(listedIn: orderRead)
        }
        checkIdentifiers(library)
        return library
    }

    /// A library with playlists or a history had a song list: when songs.json is not there (or is
    /// a link to nothing, as an unmounted sync folder leaves it), that is a problem to report, not
    /// an empty repertoire to start again, which would make a new song list in its place.
    private mutating func noteMissingSongList() {
        let path = self.path(of: LibraryFiles.songs)
        guard access(path, F_OK) != 0, errno == ENOENT else { return }
        var info = stat()
        let detail: String
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "a file"
            detail = "it is a link to \(target), which is not there (a sync folder or disk that is not mounted?)."
        } else if FileManager.default.fileExists(atPath: self.path(of: LibraryFiles.playlistOrder))
            || !History.entryNumbers(inFolder: self.path(of: History.folder)).isEmpty
        {
            detail = "it is missing, though the library's playlists and history show it had songs."
        } else {
            return
        }
        problems.append(
            .init(
                .missingSongList, path: LibraryFiles.songs,
                detail: detail
                    + " Put it back (from git, a backup or the sync tool), or rebuild the originals from the copies in the playlists with `setlist check --repair`."
            ))
    }

    /// The originals of the copies in `playlists`, made of only their objects in the song list;
    /// when it cannot be read so, read whole (and checked, with any error reported).
    private mutating func readOriginals(of playlists: [Playlist]) -> [Song] {
        let ids = Set(playlists.flatMap { $0.copies.compactMap(\.originalID) })
        guard !ids.isEmpty, let data = load(LibraryFiles.songs) else { return [] }
        if let songs = LibraryFiles.SongsFile.songs(withIDs: ids, in: data) {
            if keeps(LibraryFiles.songs) { files[LibraryFiles.songs] = Data(data) }
            return songs
        }
        return decode(LibraryFiles.SongsFile.self, LibraryFiles.songs, data: data)?.songs.filter { ids.contains($0.id) } ?? []
    }

    /// The playlists `order` lists, in its order; with `only`, those of its entries alone, and
    /// with `keeping`, those whose bytes pass it (the others are not decoded).
    private mutating func readPlaylists(
        _ order: LibraryFiles.PlaylistOrderFile, conflicts: inout [LibraryConflict],
        only isWanted: (LibraryFiles.PlaylistOrderFile.Entry) -> Bool = { _ in true }, keeping: (([UInt8]) -> Bool)? = nil
    ) -> [Playlist] {
        var playlists: [Playlist] = []
        var seen: Set<String> = []
        for entry in order.playlists where isWanted(entry) {
            guard LibraryFiles.isSafePlaylistFileName(entry.file) else {
                problems.append(
                    .init(
                        .playlistOrder, path: LibraryFiles.playlistOrder,
                        detail: "the file name \"\(entry.file)\" of playlist \(entry.id) is not a plain file name inside playlists/."))
                continue
            }
            let path = LibraryFiles.playlistFolder + "/" + entry.file
            listed.insert(path)
            guard seen.insert(entry.id).inserted else {
                problems.append(.init(.playlistOrder, path: LibraryFiles.playlistOrder, detail: "playlist id \(entry.id) is listed twice."))
                continue
            }
            let data: [UInt8]
            switch loaded(path) {
            case .read(let bytes): data = bytes
            case .absent:
                problems.append(
                    .init(
                        .playlistOrder, path: LibraryFiles.playlistOrder, detail: "names the playlist file \(path), which does not exist."))
                continue
            case .notRead: continue
            }
            guard keeping?(data) ?? true, let file = decode(LibraryFiles.PlaylistFile.self, path, data: data) else { continue }
            if file.id != entry.id {
                problems.append(
                    .init(
                        .playlistOrder, path: path, detail: "has id \(file.id) but \(LibraryFiles.playlistOrder) lists it as \(entry.id)."))
                continue
            }
            var playlist = Playlist(id: file.id, name: file.name, items: file.items, received: file.received)
            playlist.plan = file.plan
            playlist.revisions = file.revisions
            playlists.append(playlist)
            conflicts += (file.conflicts ?? []).map { conflict in
                var conflict = conflict
                conflict.location = .playlist(file.id)
                return conflict
            }
        }
        return playlists
    }

    /// The gigs in `gigs/`, in ``Gig/precedes(_:_:)`` order. A gig whose id another file has too
    /// (a file copied by hand) is a problem, which stops every change (one of the two files would
    /// be written over the other) until `check --repair` gives it an id of its own.
    private mutating func readGigs() -> [Gig] {
        var gigs: [Gig] = []
        var paths: [String: String] = [:]
        for name in LibraryFiles.gigFileNames(in: root) {
            let path = LibraryFiles.gigFolder + "/" + name
            guard let file = decode(LibraryFiles.GigFile.self, path) else { continue }
            if let other = paths.updateValue(path, forKey: file.gig.id) {
                problems.append(.init(.repeatedID, path: path, detail: "repeats the gig id \(file.gig.id) of \(other)."))
            }
            gigs.append(file.gig)
        }
        return gigs.sorted(by: Gig.precedes)
    }

    /// Playlist files that the order file does not list; one that seems to hold a listed setlist
    /// renamed apart on two computers (``LibraryFiles/renamedApart(_:listedIn:)``) is said to.
    private mutating func findOrphans(listedIn order: LibraryFiles.PlaylistOrderFile?) {
        // Asked only once a file is found unlisted, which is rare: it runs git.
        var git: GitRepository??
        for name in LibraryFiles.playlistFileNames(in: root) {
            let path = LibraryFiles.playlistFolder + "/" + name
            guard !listed.contains(path) else { continue }
            if git == nil { git = .some(try? GitRepository(containing: root)) }
            if let repository = git ?? nil, let side = repository.sideThatDeleted(path) {
                problems.append(
                    .init(
                        .playlistOrder, path: path,
                        detail:
                            "is not listed in \(LibraryFiles.playlistOrder): the setlist was deleted \(side == .mine ? "here" : "on the other side") "
                            + "of a git merge and changed \(side == .mine ? "on the other side" : "here") (git's modify/delete). "
                            + "`setlist check --repair` puts it back with the delete as a conflict, and `setlist resolve` then settles it.")
                )
            } else if let order, let entry = LibraryFiles.renamedApart(name, listedIn: order) {
                problems.append(
                    .init(
                        .playlistOrder, path: path,
                        detail: "is not listed in \(LibraryFiles.playlistOrder); it seems to hold the setlist of playlists/\(entry.file) "
                            + "(its name ends in the same id), renamed differently on two computers (a git merge or a sync tool). "
                            + "`setlist check --repair` joins them, and `setlist resolve` then settles the name."))
            } else if let reason = Self.unreadableReason(self.path(of: path)) {
                // Repair puts back only a file it can read: this one is for a person to fix.
                problems.append(
                    .init(
                        .unreadableFile, path: self.path(of: path), detail: "is not listed in \(LibraryFiles.playlistOrder), and \(reason)")
                )
            } else {
                problems.append(.init(.playlistOrder, path: path, detail: "is not listed in \(LibraryFiles.playlistOrder)."))
            }
        }
    }

    /// Why the playlist file at `path` cannot be read, or nil when it can (read only for a file
    /// the order does not list, which is rare).
    private static func unreadableReason(_ path: String) -> String? {
        do {
            let data = try FileReading.data(atPath: path)
            _ = try LibraryFiles.decode(LibraryFiles.PlaylistFile.self, from: data, path: path)
            return nil
        } catch let error as LibraryError {
            switch error {
            case .unreadableFile(_, let detail): return detail
            case .inconsistentLibrary(let list): return list.map(\.detail).joined(separator: " ")
            default: return error.description
            }
        } catch {
            return FailureText.reason(error)
        }
    }

    private mutating func checkIdentifiers(_ library: Library) {
        // Each set holds its room from the start: growing one rehashed every id again.
        var songIDs = Set<String>(minimumCapacity: library.songs.count)
        for index in library.songs.indices where !songIDs.insert(library.songs[index].id).inserted {
            let song = library.songs[index]
            problems.append(
                .init(.repeatedID, path: LibraryFiles.songs, detail: "songs[\(index)] '\(song.name)' repeats the id \(song.id)."))
        }
        var names: [String: String] = [:]
        for playlist in library.playlists {
            if let other = names.updateValue(playlist.name, forKey: Text.lowercased(playlist.name)) {
                problems.append(
                    .init(
                        .repeatedPlaylistName, path: LibraryFiles.playlistOrder,
                        detail: "two playlists are named '\(other)' and '\(playlist.name)'; playlist names must differ."))
            }
            var copyIDs = Set<String>(minimumCapacity: playlist.items.count)
            var index = -1
            for case .song(let copy) in playlist.items {
                index += 1
                guard !copyIDs.insert(copy.id).inserted else { continue }
                problems.append(
                    .init(
                        .repeatedID,
                        path: LibraryFiles.playlistFolder + "/" + Playlist.fileName(name: playlist.name, id: playlist.id),
                        detail: "song \(index + 1) '\(copy.name)' repeats the copy id \(copy.id)."))
            }
        }
    }

    /// Whether the file belongs to another user and this one may not read it.
    private static func isOthersPrivate(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_uid != geteuid() && access(path, R_OK) != 0
    }

    private mutating func decode<File: LibraryFile>(_ type: File.Type, _ path: String) -> File? {
        guard let data = load(path) else { return nil }
        return decode(type, path, data: data)
    }

    /// The bytes of a library file; nil when it is absent, passed over or cannot be read (an error).
    private mutating func load(_ path: String) -> [UInt8]? {
        if case .read(let data) = loaded(path) { return data }
        return nil
    }

    private enum Loaded {
        case read([UInt8])
        case absent
        /// Passed over, or it could not be read (an error).
        case notRead
    }

    private mutating func loaded(_ path: String) -> Loaded {
        if let data = alreadyRead[path] { return .read(Array(data)) }
        let full = self.path(of: path)
        do {
            guard let data = try FileReading.bytesIfPresent(atPath: full) else { return .absent }
            return .read(data)
        } catch {
            if passesOverOthersPrivateFiles && LibraryFiles.privateFiles.contains(path) && Self.isOthersPrivate(full) {
                withheld.append(path)
            } else {
                errors.append(.unreadableFile(path: full, detail: FailureText.reason(error)))
            }
            return .notRead
        }
    }

    private mutating func decode<File: LibraryFile>(_ type: File.Type, _ path: String, data: [UInt8]) -> File? {
        do {
            let value = try LibraryFiles.decode(type, from: data, path: self.path(of: path))
            if keeps(path) { files[path] = Data(data) }
            return value
        } catch {
            errors.append(error)
            // A newer format's values are not this build's to judge.
            if case .newerFormat = error { return nil }
            return readsPastWrongValues ? LibraryFiles.readPastWrongValues(type, from: data) : nil
        }
    }
}
