import Foundation
import SetlistModel
import SetlistSupport

/// A run of changes that undo takes back as one (stage mode saves the gig log each time a song
/// counts; a 20-song show would otherwise push 20 entries into a history that keeps 50).
///
/// Pass the same run to every change of it (``LibraryStore/modify(_:command:run:_:)``); each
/// change joins the history entry of the one before, as long as no other change came between.
public struct ChangeRun: Sendable {
    /// The history entry of the run's last change.
    var entry: Int?

    public init() {}
}

extension History {
    /// Makes entry `previous` and entry `number`, the change made right after it, one entry that
    /// takes the files from before `previous` to `files` (their contents now, nil for none).
    ///
    /// Nothing is joined when another entry came between, when `previous` touched a file
    /// `number` did not, or when the files are not as the entries say. `previous` goes first:
    /// should the process die before `number` is rewritten, the history is short of the start of
    /// the run, never wrong about the files.
    func join(_ previous: Int, into number: Int, files: [String: Data?]) {
        guard entryNumbers().suffix(2) == [previous, number],
            let earlier = try? read(previous), let later = try? read(number)
        else { return }
        let earlierByPath = Dictionary(earlier.changes.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        guard Set(earlierByPath.keys).isSubset(of: later.changes.map(\.path)) else { return }
        var changes: [FileChange] = []
        for delta in later.changes {
            guard let now = files[delta.path], delta.side(of: now) == .after,
                let middle = delta.contentsBefore(fromAfter: now)
            else { return }
            var start = middle
            if let first = earlierByPath[delta.path] {
                guard first.side(of: middle) == .after, let earliest = first.contentsBefore(fromAfter: middle) else { return }
                start = earliest
            }
            if start != now { changes.append(FileChange(path: delta.path, before: start, after: now)) }
        }
        do {
            try remove(previous)
            if changes.isEmpty {
                try remove(number)
                return
            }
            let record = Record(command: later.command, date: later.date, changes: changes.map(FileDelta.init))
            try LibraryError.onFiles { () throws(AtomicFileError) in
                try AtomicFile.write(LibraryFiles.encode(record), to: url(of: number), newFileMode: History.newFileMode)
            }
        } catch {
            // The files are written; a history short of the run's start is all that is lost.
        }
    }
}

extension FileDelta {
    /// The file before the change, given `current`, its contents after it: `.some(nil)` when it
    /// did not exist, nil when `current` is not what the change left.
    func contentsBefore(fromAfter current: Data?) -> Data?? {
        guard let before = reconstructBefore(fromAfter: current ?? Data()) else { return nil }
        return .some(existedBefore ? before : nil)
    }
}
