import Foundation
import SetlistModel
import SetlistSupport

/// The recent changes to the library, kept so they can be undone: `.history/NNNNNNNN.json`, one
/// file per change, with the command line that made it and, for every file it touched, only the
/// lines that changed (see ``FileDelta``). Only the last ``limit`` changes are kept.
///
/// An entry is written (and fsynced) before the files of its change, so it doubles as a
/// write-ahead record: a change cut short by a crash is finished from it by the next command.
public struct History: Sendable {
    /// The history folder, inside the library folder.
    public static let folder = ".history"
    /// History records keep copies of the contacts and settings, so they are as private.
    static let newFileMode = AtomicFile.privateMode
    /// How many changes are kept.
    public static let limit = 50
    /// The most bytes the history may take: older changes are forgotten sooner when single
    /// changes are huge (a whole 50 000-song file rewritten), but the newest is always kept.
    public static let byteBudget = 32 << 20

    /// One recorded change, as listed by `setlist undo --list`.
    public struct Entry: Sendable, Hashable {
        /// The entry's number; later changes have higher numbers.
        public var number: Int
        /// The command line that made the change.
        public var command: String
        public var date: Date
        /// The files the change touched, relative to the library folder.
        public var paths: [String]
    }

    /// The stored form of an entry.
    struct Record: Equatable {
        var format = "setlist-history"
        var version = LibraryFiles.version
        var command: String
        /// ISO 8601, UTC.
        var date: String
        var changes: [FileDelta]
    }

    let root: URL
    /// The budget this history keeps to (``byteBudget`` but in tests).
    let budget: Int
    /// The history folder's path, worked out once: an entry's path is built from it as text, not
    /// by appending to a URL (a change looks at up to ``limit`` of them).
    let folderPath: String

    public init(root: URL) {
        self.init(root: root, budget: Self.byteBudget)
    }

    init(root: URL, budget: Int) {
        self.root = root
        self.budget = budget
        folderPath = root.appendingPathComponent(Self.folder).path
    }

    var folderURL: URL { URL(fileURLWithPath: folderPath, isDirectory: true) }

    /// Records a change about to be made (its write-ahead record) and returns the entry's number.
    /// Once its files are written, ``settle(after:)`` forgets what the change ended; when they
    /// could not be, ``remove(_:)`` takes the entry back.
    @discardableResult
    func record(command: String, changes: [FileChange], date: Date = Date()) throws(LibraryError) -> Int {
        try LibraryError.onFiles { () throws(AtomicFileError) in try AtomicFile.makeFolder(folderURL) }
        let next = (entryNumbers().last ?? 0) + 1
        let record = Record(command: command, date: Self.format(date), changes: changes.map(FileDelta.init))
        try LibraryError.onFiles { () throws(AtomicFileError) in
            try AtomicFile.write(LibraryFiles.encode(record), to: url(of: next), newFileMode: History.newFileMode)
        }
        return next
    }

    /// After change `number` was made: forgets what can no longer be redone, and the oldest
    /// entries beyond the limit and the budget. Undone changes stop counting as soon as a newer
    /// entry is recorded (Redo.swift), so a crash before this loses nothing.
    func settle(after number: Int) {
        try? forgetUndone()
        // Forgetting is not synced: an old entry back after a crash is forgotten by the next
        // change. That saves a wait for the disk on every change once the history is full.
        let numbers = entryNumbers().filter { $0 < number }
        let kept = numbers.suffix(Self.limit - 1)
        for old in numbers.dropLast(kept.count) {
            try? AtomicFile.removeUnsynced(path: path(of: old))
        }
        var total = size(of: number)
        for old in kept.reversed() {
            // Once over the budget, every older entry goes: no need to measure them.
            if total <= budget { total += size(of: old) }
            if total > budget { try? AtomicFile.removeUnsynced(path: path(of: old)) }
        }
    }

    /// The recorded changes, newest first.
    public func entries() -> [Entry] {
        entryNumbers().reversed().compactMap { number in
            guard let record = try? read(number) else { return nil }
            return Entry(
                number: number, command: record.command, date: Self.parse(record.date) ?? .distantPast,
                paths: record.changes.map(\.path))
        }
    }

    /// The numbers of the recorded entries, oldest first.
    func entryNumbers() -> [Int] {
        Self.entryNumbers(inFolder: folderPath)
    }

    /// The numbers of the entries (`NUMBER.json`) in the folder at `path`, sorted.
    static func entryNumbers(inFolder path: String) -> [Int] {
        FolderListing.names(atPath: path).compactMap { name in
            name.hasSuffix(".json") && !name.hasPrefix(".") ? Int(name.dropLast(5)) : nil
        }.sorted()
    }

    /// The size of an entry's file; 0 when it cannot be found.
    private func size(of number: Int) -> Int {
        var info = stat()
        return stat(path(of: number), &info) == 0 ? Int(info.st_size) : 0
    }

    /// Reads one entry.
    func read(_ number: Int) throws(LibraryError) -> Record {
        try read(at: path(of: number))
    }

    /// Reads the entry stored at `url` (in the history or among the undone changes).
    func read(at url: URL) throws(LibraryError) -> Record {
        try read(at: url.path)
    }

    /// Reads the entry stored at `path`.
    func read(at path: String) throws(LibraryError) -> Record {
        let data: Data
        do {
            data = try FileReading.data(atPath: path)
        } catch {
            throw .unreadableFile(path: path, detail: FailureText.reason(error))
        }
        let record = try LibraryFiles.decode(Record.self, from: data, path: path)
        // A history file edited by hand must not make undo or recovery write outside the library.
        if let bad = record.changes.first(where: { !Self.isLibraryFile($0.path) }) {
            throw .unreadableFile(path: path, detail: "it names \"\(bad.path)\", which is not a file of the library.")
        }
        return record
    }

    /// Whether `path` is one of the files a library consists of: a top-level file, or a plain
    /// `.json` file directly inside `playlists/` or `gigs/` (any name such a file may have on
    /// disk, such as a sync tool's conflict copy that `check --repair` adopted and moved).
    static func isLibraryFile(_ path: String) -> Bool {
        if LibraryFiles.topLevelFiles.contains(path) { return true }
        guard
            let prefix = [LibraryFiles.playlistFolder + "/", LibraryFiles.gigFolder + "/"].first(where: { path.hasPrefix($0) })
        else { return false }
        let name = path.dropFirst(prefix.count)
        return name.hasSuffix(".json") && !name.hasPrefix(".") && !name.contains("/")
            && !name.unicodeScalars.contains { $0.value == 0 } && name.utf8.count <= 255
    }

    /// Forgets one entry.
    func remove(_ number: Int) throws(LibraryError) {
        try LibraryError.onFiles { () throws(AtomicFileError) in try AtomicFile.remove(url(of: number)) }
    }

    func url(of number: Int) -> URL {
        URL(fileURLWithPath: path(of: number))
    }

    /// The path of entry `number`'s file.
    func path(of number: Int) -> String {
        folderPath + "/" + Self.fileName(number)
    }

    static func fileName(_ number: Int) -> String {
        String(number).leftPadded(to: 8) + ".json"
    }

    static func format(_ date: Date) -> String {
        DateText.iso8601(date)
    }

    static func parse(_ text: String) -> Date? {
        DateText.date(fromISO8601: text)
    }
}
