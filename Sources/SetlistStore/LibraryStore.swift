import Foundation
import SetlistModel
import SetlistSupport

/// The library folder on disk: loads it, and changes it in one locked, atomic transaction.
///
/// Every change holds an exclusive `flock` on `.lock` for its whole read-change-write, so
/// concurrent invocations never lose each other's changes; reads hold a shared lock so they see a
/// consistent library, without ever creating the lock file (see ``reading(_:)``). Files are
/// replaced atomically, and a file that fails to parse stops the change before anything is written.
public struct LibraryStore: Sendable {
    /// The library folder.
    public let root: URL
    /// Called once the files of a change (a command's, an undo, a redo, a repair) are all
    /// written: from then on the change is saved, whatever goes wrong after it, and a command
    /// whose report is then lost must not ask for it to be made again.
    public var changeSaved: (@Sendable () -> Void)?

    public init(root: URL) {
        self.root = root
    }

    /// The library as it is on disk, or the part of it `scope` names; an empty one when the
    /// folder does not exist yet.
    public func load(_ scope: LibraryScope = .everything) throws(LibraryError) -> Library {
        guard FileManager.default.fileExists(atPath: root.path) else { return Library() }
        let sound = try reading { () throws(LibraryError) -> Library? in
            let last = lastChangeOfSeveralFiles()
            var reader = readingReader(checking: last)
            let library = reader.read(scope)
            if isInterrupted(last, known: reader.files) { return nil }
            if let error = reader.combinedError { throw error }
            return library
        }
        if let sound {
            // What names nothing is looked up in the whole library, for the same message as ever.
            return scope.isFound(in: sound) ? sound : try load(scope.widened)
        }
        // A change was cut short (the process was killed): finish it, then read.
        let lock = try lockLibrary()
        defer { lock.unlock() }
        try recoverInterruptedChange()
        return try read(scope.widened).library
    }

    /// The library as ``load(_:)`` reads it for a command that lists: when the only problems are
    /// playlist files that cannot be read or that the order file does not list (a sync tool
    /// brought the file before the order), the others are read (under the shared lock) and those
    /// problems returned beside them, so that one such file does not hide the rest. Any other
    /// problem throws as ``load(_:)`` does.
    public func loadListing(_ scope: LibraryScope) throws(LibraryError) -> (library: Library, unreadable: [IntegrityProblem]) {
        do {
            return (try load(scope), [])
        } catch {
            let problems: [IntegrityProblem]
            switch error {
            case .unreadableFile(let path, let detail): problems = [IntegrityProblem(.unreadableFile, path: path, detail: detail)]
            case .inconsistentLibrary(let list): problems = list
            default: throw error
            }
            // Files of the playlists folder that cannot be read, or that the order does not list.
            let folder = root.appendingPathComponent(LibraryFiles.playlistFolder).path + "/"
            guard
                problems.allSatisfy({
                    ($0.kind == .unreadableFile && $0.path.hasPrefix(folder))
                        || ($0.kind == .playlistOrder && $0.path.hasPrefix(LibraryFiles.playlistFolder + "/"))
                })
            else { throw error }
            let library = try reading { () throws(LibraryError) -> Library in
                var reader = readingReader(checking: nil)
                return reader.read(scope)
            }
            return (library, problems)
        }
    }

    /// The library as its files show it, read without taking the lock or finishing an interrupted
    /// change, so that it writes nothing: for shell completion, which runs on every Tab press.
    /// What does not parse is left out; a missing folder is an empty library.
    public func peek() -> Library {
        guard FileManager.default.fileExists(atPath: root.path) else { return Library() }
        var reader = readingReader(checking: nil)
        return reader.read(.everything)
    }

    /// The reader of a command that only reads: another user's private files are passed over as
    /// absent, and only the bytes of the files that `last` (the last change, when it wrote
    /// several) changed are kept, to see it was not cut short.
    func readingReader(checking last: LastEntry?) -> LibraryReader {
        var reader = LibraryReader(root: root)
        reader.passesOverOthersPrivateFiles = true
        reader.keepsOnly = last?.paths ?? []
        return reader
    }

    /// Loads the library, lets `body` change it, and writes back the files that changed.
    ///
    /// - Parameter scope: what `body` reads and may change; the files outside it are neither read
    ///   nor written. A change that turns out to reach beyond it (it adds, removes or renames a
    ///   playlist) or names no playlist the scope read is made again on the whole library.
    /// - Parameter command: the command line that makes the change, kept in the history.
    /// - Returns: what `body` returns. When `body` throws, nothing is written.
    @discardableResult
    public func modify<T>(_ scope: ChangeScope = .everything, command: String = "", _ body: (inout Library) throws -> T) throws -> T {
        var run = ChangeRun()
        return try modify(scope, command: command, run: &run, body)
    }

    /// ``modify(_:command:_:)`` as one of a run of changes that undo takes back as one: the change
    /// joins the history entry of the run's last change when no other change came between. With
    /// `lockTimeout`, waits that many seconds at most for another program's change to end (stage
    /// mode must not freeze on a setlist stopped in another terminal).
    @discardableResult
    public func modify<T>(
        _ scope: ChangeScope = .everything, command: String = "", run: inout ChangeRun, lockTimeout: Double? = nil,
        _ body: (inout Library) throws -> T
    ) throws -> T {
        try LibraryError.onFiles { () throws(AtomicFileError) in try AtomicFile.makeFolder(root) }
        let lock = try lockLibrary(timeout: lockTimeout)
        defer { lock.unlock() }
        removeLeftovers()
        var looked: [String: Data] = [:]
        try recoverInterruptedChange(read: &looked)
        var reading = scope.reading
        while true {
            let snapshot = try read(reading, alreadyRead: looked)
            // What names nothing is looked up in the whole library, for the same message as ever.
            guard reading.isFound(in: snapshot.library) else {
                reading = reading.widened
                continue
            }
            var library = snapshot.library
            let result = try body(&library)
            guard reading.readsEverything || LibrarySerializer.keepsPlaylists(of: snapshot.library, in: library) else {
                reading = reading.widened
                continue
            }
            // A change of the gig log made without reading it would not be written: made again
            // with the log.
            guard reading.gigs || library.gigs.isEmpty else {
                reading = reading.withGigs
                continue
            }
            let files = LibrarySerializer.files(of: library, scope: reading, read: snapshot.library, bytes: snapshot.files)
            var before = snapshot.files
            // Read to find the playlists, but not written: the list of playlists does not change.
            if reading.playlists != .all { before[LibraryFiles.playlistOrder] = nil }
            try write(files, replacing: before, command: command, run: &run)
            return result
        }
    }

    /// Why a change could not be made here now, found without waiting for the lock: nil when the
    /// lock file opens for writing, as every change's first step does. For a command that changes
    /// the library later (stage mode logs the gig), to say so before it starts.
    public func changeProblem() -> String? {
        do throws(AtomicFileError) {
            try FileLock.checkOpensForChange(root.appendingPathComponent(LibraryFiles.lock))
            return nil
        } catch {
            return error.description
        }
    }

    /// Takes the library's lock for a change (exclusive), creating the lock file if needed;
    /// waits `timeout` seconds at most when given.
    func lockLibrary(timeout: Double? = nil) throws(LibraryError) -> FileLock {
        try LibraryError.onFiles { () throws(AtomicFileError) in
            try FileLock(exclusive: root.appendingPathComponent(LibraryFiles.lock), timeout: timeout)
        }
    }

    /// Runs `body`, which only reads, so that it sees the library before or after any change,
    /// never half of one, without creating a file (a library on a read-only medium, or in a
    /// folder shared with others, gets no stray `.lock`).
    ///
    /// With a lock file, under its shared lock. Without one, no change has ever been made here by
    /// setlist, or the file was not kept (a copy, a git clone): `body` runs unlocked, and if the
    /// lock file is still missing afterwards, its result stands. That is sound because every
    /// change creates and locks the lock file before it writes anything, and nothing but the
    /// user removes it: a change that started while `body` ran would have left the file behind.
    /// If it appeared, `body` runs again under the lock.
    func reading<T>(_ body: () throws(LibraryError) -> T) throws(LibraryError) -> T {
        let url = root.appendingPathComponent(LibraryFiles.lock)
        while true {
            if let lock = try LibraryError.onFiles({ () throws(AtomicFileError) in try FileLock.shared(ifPresent: url) }) {
                defer { lock.unlock() }
                return try body()
            }
            let result = try body()
            if !FileManager.default.fileExists(atPath: url.path) { return result }
        }
    }

    // MARK: Reading

    /// What was read: the library and the bytes of every file it came from, by relative path.
    struct Snapshot {
        var library: Library
        var files: [String: Data]
    }

    /// `alreadyRead`: files read under the same lock, as they are now, not read again.
    func read(_ scope: LibraryScope = .whole, alreadyRead: [String: Data] = [:]) throws(LibraryError) -> Snapshot {
        var reader = LibraryReader(root: root, alreadyRead: alreadyRead)
        let library = reader.read(scope)
        if let error = reader.combinedError { throw error }
        return Snapshot(library: library, files: reader.files)
    }

    // MARK: Writing

    /// Writes changed files (playlists first, the order file after, deletions last) so that a
    /// crash between two writes leaves at worst an orphan playlist file, which the next command
    /// adopts by finishing the change from its history entry.
    func write(_ files: [String: Data], replacing old: [String: Data], command: String) throws(LibraryError) {
        var run = ChangeRun()
        try write(files, replacing: old, command: command, run: &run)
    }

    /// ``write(_:replacing:command:)``, joining the history entry of `run`'s last change.
    func write(_ files: [String: Data], replacing old: [String: Data], command: String, run: inout ChangeRun) throws(LibraryError) {
        let changes = Self.changes(from: old, to: files)
        guard !changes.isEmpty else { return }
        let history = History(root: root)
        let number = try history.record(command: command, changes: changes)
        do {
            try apply(changes)
        } catch {
            // A change that could not be made (a full disk) leaves the library and its history
            // as they were: what it wrote is put back, and its entry goes. Should even that
            // fail, the entry stays, and the next command finishes the change (Recovery.swift).
            if (try? putBack(changes)) != nil { try? history.remove(number) }
            throw error
        }
        changeSaved?()
        history.settle(after: number)
        // The change is made: joining its entry to the one before only tidies the history.
        if let previous = run.entry {
            history.join(previous, into: number, files: Dictionary(uniqueKeysWithValues: changes.map { ($0.path, $0.after) }))
        }
        run.entry = number
    }

    /// Puts every file of `changes` that is in its `after` state back into its `before` state.
    func putBack(_ changes: [FileChange]) throws(LibraryError) {
        var reverse: [FileChange] = []
        for change in changes where try contents(of: change.path) == change.after {
            reverse.append(FileChange(path: change.path, before: change.after, after: change.before))
        }
        try apply(reverse)
    }

    /// The files that differ between two sets of contents.
    static func changes(from old: [String: Data], to new: [String: Data]) -> [FileChange] {
        let paths = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
        return paths.sorted().map { FileChange(path: $0, before: old[$0], after: new[$0]) }
    }

    /// Puts every file into its `after` state: new and changed playlist files first, then the
    /// other files, the order file last of the writes, removals after all writes.
    func apply(_ changes: [FileChange]) throws(LibraryError) {
        let writes = changes.filter { $0.after != nil }.sorted { (rank($0.path), $0.path) < (rank($1.path), $1.path) }
        let removals = changes.filter { $0.after == nil }
        for folder in [LibraryFiles.playlistFolder, LibraryFiles.gigFolder]
        where writes.contains(where: { $0.path.hasPrefix(folder + "/") }) {
            try LibraryError.onFiles { () throws(AtomicFileError) in try AtomicFile.makeFolder(root.appendingPathComponent(folder)) }
        }
        for change in writes {
            try LibraryError.onFiles { () throws(AtomicFileError) in
                try AtomicFile.write(
                    change.after!, to: root.appendingPathComponent(change.path), newFileMode: LibraryFiles.newFileMode(for: change.path))
            }
        }
        for change in removals {
            try LibraryError.onFiles { () throws(AtomicFileError) in try AtomicFile.remove(root.appendingPathComponent(change.path)) }
        }
    }

    private func rank(_ path: String) -> Int {
        path.hasPrefix(LibraryFiles.playlistFolder + "/") ? 0 : path == LibraryFiles.playlistOrder ? 2 : 1
    }
}

/// One file's contents before and after a change; nil where the file does not exist.
public struct FileChange: Sendable, Hashable {
    /// The file, relative to the library folder.
    public var path: String
    public var before: Data?
    public var after: Data?

    public init(path: String, before: Data?, after: Data?) {
        self.path = path
        self.before = before
        self.after = after
    }
}

/// Turns a library into the bytes of its files, keyed by path relative to the library folder.
enum LibrarySerializer {
    /// Whether a change of a library read in part (`read`) left its playlists as they were read:
    /// the same ones, in the same order, with the same names, the same one current; only then
    /// may the files it read be written without the others.
    static func keepsPlaylists(of read: Library, in changed: Library) -> Bool {
        changed.playlists.map { [$0.id, $0.name] } == read.playlists.map { [$0.id, $0.name] }
            && changed.currentPlaylistID == read.currentPlaylistID
    }

    /// The files of `library`; of a library read in part (`scope`, which gave `read`), only the
    /// files read: the songs, the playlists read (never added, removed, renamed or reordered,
    /// ``keepsPlaylists(of:in:)``, as that changes the order file), the contacts and the gigs
    /// when read, and the settings.
    ///
    /// A file whose content is as it was read keeps the `bytes` it was read from rather than being
    /// encoded again only to compare equal (a change to one song would otherwise encode every
    /// playlist): so an unchanged file is not rewritten, whatever its layout.
    static func files(
        of library: Library, scope: LibraryScope = .whole, read: Library? = nil, bytes: [String: Data] = [:]
    ) -> [String: Data] {
        var files: [String: Data] = [:]
        /// The bytes `path` was read from, if its content (`same`) did not change.
        func kept(_ path: String, if same: (Library) -> Bool) -> Data? {
            guard let read, let data = bytes[path], same(read) else { return nil }
            return data
        }
        if scope.songs == .all {
            let file = LibraryFiles.SongsFile(songs: library.songs, conflicts: library.conflicts(in: .songs))
            files[LibraryFiles.songs] =
                kept(LibraryFiles.songs) { $0.songs == library.songs && $0.conflicts(in: .songs) == file.conflicts }
                ?? LibraryFiles.encode(file)
        }
        let readPlaylists = Dictionary((read?.playlists ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var order: [LibraryFiles.PlaylistOrderFile.Entry] = []
        for playlist in library.playlists {
            let name = Playlist.fileName(name: playlist.name, id: playlist.id)
            order.append(.init(id: playlist.id, file: name))
            let path = LibraryFiles.playlistFolder + "/" + name
            files[path] =
                kept(path) {
                    readPlaylists[playlist.id] == playlist
                        && $0.conflicts(in: .playlist(playlist.id)) == library.conflicts(in: .playlist(playlist.id))
                }
                ?? LibraryFiles.encode(
                    LibraryFiles.PlaylistFile(
                        id: playlist.id, name: playlist.name, items: playlist.items, received: playlist.received, plan: playlist.plan,
                        revisions: playlist.revisions, conflicts: library.conflicts(in: .playlist(playlist.id))))
        }
        let current = library.playlists.contains { $0.id == library.currentPlaylistID } ? library.currentPlaylistID : nil
        if scope.playlists == .all {
            files[LibraryFiles.playlistOrder] = LibraryFiles.encode(
                LibraryFiles.PlaylistOrderFile(current: current, playlists: order, conflicts: library.conflicts(in: .playlistOrder)))
        }
        if scope.contacts {
            files[LibraryFiles.contacts] = LibraryFiles.encode(
                LibraryFiles.ContactsFile(contacts: library.contacts, conflicts: library.conflicts(in: .contacts)))
        }
        if scope.gigs {
            let readGigs = Dictionary((read?.gigs ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for gig in library.gigs {
                let path = LibraryFiles.gigFolder + "/" + LibraryFiles.gigFileName(gig)
                files[path] = kept(path) { _ in readGigs[gig.id] == gig } ?? LibraryFiles.encode(LibraryFiles.GigFile(gig: gig))
            }
        }
        if !library.settings.isEmpty || library.conflicts(in: .settings) != nil {
            files[LibraryFiles.settings] = LibraryFiles.encode(
                LibraryFiles.SettingsFile(settings: library.settings.byName, conflicts: library.conflicts(in: .settings)))
        }
        return files
    }
}
