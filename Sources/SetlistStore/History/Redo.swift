import Foundation
import SetlistModel
import SetlistSupport

/// The changes undone and not yet redone: `.history/undone/NNNNNNNN.json`, each a copy of the
/// history entry undo took back, under the same number. `redo` takes the lowest number first
/// (the change undone last); a new change forgets them all.
///
/// Crash safety comes from the rule that an undone copy counts only while its number is above
/// every number in the history:
/// - undo copies the entry here *before* reverting the files. A crash while reverting leaves
///   the entry in the history; recovery finishes the change forward, and the copy, whose number
///   is still in the history, no longer counts.
/// - redo writes the entry back into the history (its write-ahead record) *before* writing the
///   files, and removes the copy last; a crash anywhere leaves either the change recovered
///   forward (the copy no longer counts) or not started (the entry is dropped, the copy counts).
extension History {
    static let undoneFolder = "undone"

    var undoneFolderURL: URL { folderURL.appendingPathComponent(Self.undoneFolder) }

    func undoneURL(of number: Int) -> URL {
        undoneFolderURL.appendingPathComponent(Self.fileName(number))
    }

    /// The numbers of the changes that can be redone, the next to redo first.
    func undoneNumbers() -> [Int] {
        let last = entryNumbers().last ?? 0
        return allUndoneNumbers().filter { $0 > last }
    }

    private func allUndoneNumbers() -> [Int] {
        History.entryNumbers(inFolder: undoneFolderURL.path)
    }

    /// The changes that can be redone, the next to redo first.
    public func undoneEntries() -> [Entry] {
        undoneNumbers().compactMap { number in
            guard let record = try? read(at: undoneURL(of: number)) else { return nil }
            return Entry(
                number: number, command: record.command, date: Self.parse(record.date) ?? .distantPast,
                paths: record.changes.map(\.path))
        }
    }

    /// Keeps entry `number` among the undone changes (before undo reverts its files).
    func keepUndone(_ number: Int) throws(LibraryError) {
        let data: Data
        do { data = try Data(contentsOf: url(of: number)) } catch {
            throw .unreadableFile(path: url(of: number).path, detail: FailureText.reason(error))
        }
        try LibraryError.onFiles { () throws(AtomicFileError) in
            try AtomicFile.makeFolder(undoneFolderURL)
            try AtomicFile.write(data, to: undoneURL(of: number), newFileMode: History.newFileMode)
        }
    }

    /// Puts undone change `number` back into the history (before redo writes its files).
    func restoreUndone(_ number: Int) throws(LibraryError) {
        let data: Data
        do { data = try Data(contentsOf: undoneURL(of: number)) } catch {
            throw .unreadableFile(path: undoneURL(of: number).path, detail: FailureText.reason(error))
        }
        try LibraryError.onFiles { () throws(AtomicFileError) in
            try AtomicFile.write(data, to: url(of: number), newFileMode: History.newFileMode)
        }
    }

    /// Forgets undone copies that no longer count (left by a crash); with the exclusive lock held.
    func removeStaleUndone() throws(LibraryError) {
        let valid = Set(undoneNumbers())
        for number in allUndoneNumbers() where !valid.contains(number) {
            try LibraryError.onFiles { () throws(AtomicFileError) in try AtomicFile.remove(undoneURL(of: number)) }
        }
    }

    /// Forgets one undone change, or all of them.
    func forgetUndone(_ number: Int? = nil) throws(LibraryError) {
        for old in number.map({ [$0] }) ?? allUndoneNumbers() {
            try LibraryError.onFiles { () throws(AtomicFileError) in try AtomicFile.remove(undoneURL(of: old)) }
        }
    }
}

extension LibraryStore {
    /// The changes undone and not redone since, the next to redo first.
    public func undoneChanges() -> [History.Entry] {
        guard FileManager.default.fileExists(atPath: root.path) else { return [] }
        return History(root: root).undoneEntries()
    }

    /// Makes the change undone last again, and records it in the history again, so `undo` can
    /// take it back. Files changed since by other means are not touched: the redo is refused.
    ///
    /// - Throws: ``UndoError`` when there is nothing to redo or a file changed since; a
    ///   ``LibraryError`` when a file cannot be written.
    public func redo() throws -> UndoOutcome {
        guard FileManager.default.fileExists(atPath: root.path) else { throw UndoError.nothingToRedo }
        let lock = try lockLibrary()
        defer { lock.unlock() }
        removeLeftovers()
        try recoverInterruptedChange()
        let history = History(root: root)
        try history.removeStaleUndone()
        guard let number = history.undoneNumbers().first else { throw UndoError.nothingToRedo }
        let record = try history.read(at: history.undoneURL(of: number))
        let (changes, conflicts) = moves(record, to: .after)
        guard conflicts.isEmpty else { throw UndoError.changedSince(command: record.command, paths: conflicts, redo: true) }
        try history.restoreUndone(number)
        do {
            try apply(changes)
        } catch {
            // A redo that cannot be made (a full disk) stays undone: the files go back, and its
            // entry leaves the history again, so `undo --list` and `check` see what is on disk.
            if (try? putBack(changes)) != nil { try? history.remove(number) }
            throw error
        }
        changeSaved?()
        try history.forgetUndone(number)
        return UndoOutcome(
            command: record.command, date: History.parse(record.date) ?? .distantPast,
            paths: record.changes.map(\.path), removed: record.changes.filter { !$0.existsAfter }.map(\.path))
    }
}
