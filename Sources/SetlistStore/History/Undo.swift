import Foundation
import SetlistModel

/// What `undo` reverted.
public struct UndoOutcome: Sendable, Hashable {
    /// The command line of the change that was reverted.
    public var command: String
    public var date: Date
    /// The files put back as they were, relative to the library folder.
    public var paths: [String]
    /// Those of ``paths`` that the change undone had made, and that are now removed (for redo:
    /// that it had removed, and that are removed again).
    public var removed: [String] = []
}

/// Why a change cannot be undone.
public enum UndoError: SetlistError, Sendable {
    /// The history is empty.
    case nothingToUndo
    /// No change was undone since the last change.
    case nothingToRedo
    /// Files of the change were edited since (by hand or by another program); reverting (or, for
    /// `redo`, making) the change would lose those edits.
    case changedSince(command: String, paths: [String], redo: Bool = false)

    public var description: String {
        switch self {
        case .nothingToUndo:
            return "There is nothing to undo: the history of changes is empty. (It keeps the last \(History.limit) changes.)"
        case .nothingToRedo:
            return "There is nothing to redo: no change was undone since the last change. (`setlist undo --list` shows what can be undone.)"
        case .changedSince(let command, let paths, let redo):
            return
                "Cannot \(redo ? "redo" : "undo") `\(command)`: \(paths.joined(separator: ", ")) changed since, by hand or by another program, "
                + "and \(redo ? "redoing" : "undoing") would lose that. Nothing was changed. Edit the file by hand, or restore it from your backup or git."
        }
    }
}

extension LibraryStore {
    /// The recorded changes, newest first.
    public func history() -> [History.Entry] {
        guard FileManager.default.fileExists(atPath: root.path) else { return [] }
        return History(root: root).entries()
    }

    /// Reverts the last recorded change and moves it to the undone changes, so that undoing again
    /// reverts the one before and ``redo()`` makes it again. Files changed since by other means are not touched: the undo is refused.
    ///
    /// - Throws: ``UndoError`` when there is nothing to undo or a file changed since; a
    ///   ``LibraryError`` when a file cannot be written.
    public func undo() throws -> UndoOutcome {
        guard FileManager.default.fileExists(atPath: root.path) else { throw UndoError.nothingToUndo }
        let lock = try lockLibrary()
        defer { lock.unlock() }
        removeLeftovers()
        try recoverInterruptedChange()
        let history = History(root: root)
        guard let number = history.entryNumbers().last else { throw UndoError.nothingToUndo }
        let record = try history.read(number)
        let (changes, conflicts) = moves(record, to: .before)
        guard conflicts.isEmpty else { throw UndoError.changedSince(command: record.command, paths: conflicts) }
        // Kept for redo before the files are reverted; see History's undone changes for why.
        try history.removeStaleUndone()
        try history.keepUndone(number)
        do {
            try apply(changes)
        } catch {
            // As for a change that fails (LibraryStore.write): the files go back, and the change
            // stays done, its copy among the undone ones forgotten. Should that fail too, the
            // entry stays and the next command finishes the change forward (Recovery.swift).
            if (try? putBack(changes)) != nil { try? history.forgetUndone(number) }
            throw error
        }
        changeSaved?()
        try history.remove(number)
        return UndoOutcome(
            command: record.command, date: History.parse(record.date) ?? .distantPast,
            paths: record.changes.map(\.path), removed: record.changes.filter { !$0.existedBefore }.map(\.path))
    }

    /// The writes that put every file of `record` on one side of its change (`.before` to undo,
    /// `.after` to redo), and the files that are on neither side (changed since by other means).
    func moves(_ record: History.Record, to target: FileDelta.Side) -> (changes: [FileChange], conflicts: [String]) {
        var changes: [FileChange] = []
        var conflicts: [String] = []
        for delta in record.changes {
            // A file that cannot be read is on neither side, like one edited since.
            let current: Data?
            do { current = try contents(of: delta.path) } catch {
                conflicts.append(delta.path)
                continue
            }
            let side = delta.side(of: current)
            if side == target { continue } // Never written, or already there.
            guard side != .neither else {
                conflicts.append(delta.path)
                continue
            }
            let exists = target == .before ? delta.existedBefore : delta.existsAfter
            let contents =
                target == .before
                ? delta.reconstructBefore(fromAfter: current ?? Data())
                : delta.reconstructAfter(fromBefore: current ?? Data())
            if !exists {
                changes.append(FileChange(path: delta.path, before: current, after: nil))
            } else if let contents {
                changes.append(FileChange(path: delta.path, before: current, after: contents))
            } else {
                conflicts.append(delta.path)
            }
        }
        return (changes, conflicts)
    }
}
