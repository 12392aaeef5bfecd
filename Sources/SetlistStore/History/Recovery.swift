import Foundation
import SetlistModel
import SetlistSupport

/// Finishing a change that a crash or a `kill -9` cut short.
///
/// Every change is recorded in the history before its files are written, so the last entry tells
/// what the files should become. If some of its files are in their new state and others still in
/// their old one, the change was interrupted, and it is finished (rolled forward) by the next
/// command that takes the lock. An entry none of whose files were written is dropped.
extension LibraryStore {
    /// Where the files of the last recorded change stand.
    enum LastChange {
        /// No history, or the change is complete, or its files were edited since.
        case settled
        /// None of its files were written: the process died right after recording it.
        case notApplied(number: Int)
        /// Some files were written and some not.
        case interrupted(number: Int, record: History.Record)
    }

    /// The contents of a library file now, nil when it does not exist. One that exists but cannot
    /// be read (no permission, a named pipe or a folder in its place) is an error, never taken for
    /// an absent file: that would have a change finished, undone or repaired by writing over it.
    func contents(of path: String) throws(LibraryError) -> Data? {
        let full = LibraryFiles.path(of: path, in: root.path)
        do {
            return try FileReading.dataIfPresent(atPath: full)
        } catch {
            throw .unreadableFile(path: full, detail: FailureText.reason(error))
        }
    }

    /// The last entry of the history, read once for all that is asked of it.
    struct LastEntry {
        let number: Int
        let record: History.Record
        /// The files it changed.
        var paths: Set<String> { Set(record.changes.map(\.path)) }
    }

    func lastEntry() -> LastEntry? {
        let history = History(root: root)
        guard let number = history.entryNumbers().last, let record = try? history.read(number) else { return nil }
        return LastEntry(number: number, record: record)
    }

    /// The last change when it wrote several files: the only change that can be cut short (one
    /// file is written whole or not at all), so the only one a command that only reads checks
    /// (``isInterrupted(_:known:)``). Its reader keeps the bytes of these files for that check.
    func lastChangeOfSeveralFiles() -> LastEntry? {
        lastEntry().flatMap { $0.record.changes.count >= 2 ? $0 : nil }
    }

    /// Where the change `entry` records stands; `known` are files already read, to spare reading
    /// them again, and `read` gets the files read here that exist.
    func lastChange(_ entry: LastEntry?, known: [String: Data] = [:], read: inout [String: Data]) -> LastChange {
        guard let entry else { return .settled }
        var before = 0, after = 0
        for delta in entry.record.changes {
            // A file that cannot be read is on neither side: not this change's to finish.
            let current: Data?
            if let data = known[delta.path] {
                current = data
            } else {
                do { current = try contents(of: delta.path) } catch { return .settled }
                read[delta.path] = current
            }
            switch delta.side(of: current) {
            case .before: before += 1
            case .after: after += 1
            case .neither: return .settled
            }
        }
        if before > 0 && after > 0 { return .interrupted(number: entry.number, record: entry.record) }
        if before > 0 { return .notApplied(number: entry.number) }
        return .settled
    }

    /// Whether the change `entry` records was cut short, so a reader should take the lock and
    /// finish it.
    func isInterrupted(_ entry: LastEntry?, known: [String: Data]) -> Bool {
        var read: [String: Data] = [:]
        if case .interrupted = lastChange(entry, known: known, read: &read) { return true }
        return false
    }

    /// With the exclusive lock held: finishes an interrupted change, or forgets one that never
    /// started. Returns the command line of a change that was finished.
    @discardableResult
    func recoverInterruptedChange() throws(LibraryError) -> String? {
        var read: [String: Data] = [:]
        return try recoverInterruptedChange(read: &read)
    }

    /// ``recoverInterruptedChange()``, giving in `read` the library files it looked at, as they
    /// are now, when it changed none of them: a change reads them next, and need not read a large
    /// song list twice.
    @discardableResult
    func recoverInterruptedChange(read: inout [String: Data]) throws(LibraryError) -> String? {
        var looked: [String: Data] = [:]
        switch lastChange(lastEntry(), read: &looked) {
        case .settled:
            break
        case .notApplied(let number):
            // Only the history entry goes: the files are as they were read.
            try History(root: root).remove(number)
        case .interrupted(_, let record):
            // Every file of the change was read just now, under this lock (absent ones are nil).
            var changes: [FileChange] = []
            for delta in record.changes {
                let current = looked[delta.path]
                guard delta.side(of: current) == .before else { continue }
                if !delta.existsAfter {
                    changes.append(FileChange(path: delta.path, before: current, after: nil))
                } else if let after = delta.reconstructAfter(fromBefore: current ?? Data()) {
                    changes.append(FileChange(path: delta.path, before: current, after: after))
                }
            }
            try apply(changes)
            return record.command
        }
        read = looked
        return nil
    }

    /// Removes temporary files that a killed writer left behind (`.NAME.tmp-XXXXXX`). Only safe
    /// with the exclusive lock held, since every writer holds it.
    @discardableResult
    func removeLeftovers() -> [String] {
        let removed = leftovers()
        for path in removed {
            unlink(root.appendingPathComponent(path).path)
        }
        return removed
    }

    /// Temporary files left behind by killed writers, relative to the library folder.
    func leftovers() -> [String] {
        var found: [String] = []
        for folder in [
            "", LibraryFiles.playlistFolder, LibraryFiles.gigFolder, History.folder, History.folder + "/" + History.undoneFolder,
        ] {
            let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
            // Every change lists these folders (thousands of playlist files in a large library):
            // with readdir, and only the temporary names sorted.
            for name in FolderListing.names(atPath: url.path).filter(AtomicFile.isTemporaryName).sorted() {
                found.append(folder.isEmpty ? name : folder + "/" + name)
            }
        }
        return found
    }
}
