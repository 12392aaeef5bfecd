import Foundation
import Testing

@testable import SetlistModel
@testable import SetlistStore

/// Redo: the changes undone, made again newest-undone first, until a new change; and what a crash
/// at each step of undo and redo leaves.
@Suite struct StoreRedoTests {
    let folder = StoreFolder()

    /// Seeds, then adds a song and a playlist; returns the files after each of the three changes.
    func threeChanges() throws -> [[String: Data]] {
        try folder.seed()
        let seeded = folder.files()
        try folder.store.modify(command: "add") { $0.addSong(SongFields(name: "Extra")) }
        let added = folder.files()
        try folder.store.modify(command: "new") { _ = try $0.addPlaylist(named: "Zkouška") }
        return [seeded, added, folder.files()]
    }

    @Test func redoMakesTheUndoneChangesAgainLastUndoneFirst() throws {
        let states = try threeChanges()
        _ = try folder.store.undo()
        _ = try folder.store.undo()
        #expect(folder.files() == states[0])
        #expect(folder.store.undoneChanges().map(\.command) == ["add", "new"])

        #expect(try folder.store.redo().command == "add")
        #expect(folder.files() == states[1])
        #expect(try folder.store.redo().command == "new")
        #expect(folder.files() == states[2])
        #expect(folder.store.undoneChanges().isEmpty)
        #expect(folder.store.history().map(\.command) == ["new", "add", "seed"])
        #expect(throws: UndoError.self) { try folder.store.redo() }

        // What was redone can be undone again.
        #expect(try folder.store.undo().command == "new")
        #expect(folder.files() == states[1])
    }

    @Test func aNewChangeEndsRedo() throws {
        let states = try threeChanges()
        _ = try folder.store.undo()
        _ = try folder.store.undo()
        try folder.store.modify(command: "other") { $0.addSong(SongFields(name: "Other")) }
        #expect(folder.store.undoneChanges().isEmpty)
        #expect {
            try folder.store.redo()
        } throws: { error in
            guard let error = error as? UndoError, case .nothingToRedo = error else { return false }
            return error.description.contains("nothing to redo")
        }
        #expect(folder.files() != states[1])
        #expect(folder.store.history().map(\.command) == ["other", "seed"])
    }

    @Test func aChangeThatChangesNothingKeepsRedo() throws {
        _ = try threeChanges()
        _ = try folder.store.undo()
        try folder.store.modify(command: "nothing") { _ in }
        #expect(folder.store.undoneChanges().map(\.command) == ["new"])
    }

    @Test func redoRefusesWhenAFileWasEditedSince() throws {
        _ = try threeChanges()
        _ = try folder.store.undo()
        _ = try folder.store.undo()
        let edited = try #require(folder.text("songs.json")).replacingOccurrences(of: "Song 1", with: "Edited by hand")
        try folder.write(edited, to: "songs.json")
        #expect {
            try folder.store.redo()
        } throws: { error in
            guard let error = error as? UndoError, case .changedSince("add", ["songs.json"], true) = error else { return false }
            return error.description.hasPrefix("Cannot redo `add`")
        }
        #expect(folder.text("songs.json") == edited)
        #expect(folder.store.undoneChanges().count == 2)
    }

    // MARK: Crashes

    /// Undo killed after keeping the copy, before reverting any file: the change stands and
    /// nothing can be redone.
    @Test func undoKilledBeforeRevertingLeavesTheChange() throws {
        let states = try threeChanges()
        let history = History(root: folder.root)
        let number = try #require(history.entryNumbers().last)
        try history.keepUndone(number)
        #expect(folder.store.undoneChanges().isEmpty, "a copy of an entry still in the history does not count")
        #expect(throws: UndoError.self) { try folder.store.redo() }
        #expect(folder.files() == states[2])
        #expect(try folder.store.undo().command == "new")
        #expect(folder.store.undoneChanges().map(\.command) == ["new"])
    }

    /// Undo killed while reverting (one of two files put back): the next command finishes the
    /// change forward, and its stale copy is not redone.
    @Test func undoKilledWhileRevertingIsRolledForward() throws {
        let states = try threeChanges()
        let history = History(root: folder.root)
        let number = try #require(history.entryNumbers().last)
        try history.keepUndone(number)
        let record = try history.read(number)
        #expect(record.changes.count >= 2, "the new playlist touches its file and the order file")
        let delta = try #require(record.changes.first { $0.existedBefore })
        let current = try #require(folder.data(delta.path))
        let reverted = try #require(delta.reconstructBefore(fromAfter: current))
        try reverted.write(to: folder.url(delta.path))

        #expect(try folder.store.load().playlists.count == 2)
        #expect(folder.files() == states[2])
        #expect(folder.store.undoneChanges().isEmpty)
        #expect(throws: UndoError.self) { try folder.store.redo() }
    }

    /// Undo killed after reverting every file, before dropping the entry: the next command drops
    /// it, and the change can be redone.
    @Test func undoKilledAfterRevertingCanBeRedone() throws {
        let states = try threeChanges()
        let history = History(root: folder.root)
        let number = try #require(history.entryNumbers().last)
        try history.keepUndone(number)
        for delta in try history.read(number).changes {
            let current = try #require(folder.data(delta.path))
            if let before = delta.reconstructBefore(fromAfter: current), delta.existedBefore {
                try before.write(to: folder.url(delta.path))
            } else {
                try FileManager.default.removeItem(at: folder.url(delta.path))
            }
        }
        #expect(try folder.store.load().playlists.count == 1)
        #expect(folder.files() == states[1])
        #expect(try folder.store.redo().command == "new")
        #expect(folder.files() == states[2])
    }

    /// Redo killed after writing the history entry, before any file: dropped, redo works again.
    @Test func redoKilledBeforeWritingCanBeRedone() throws {
        let states = try threeChanges()
        _ = try folder.store.undo()
        let history = History(root: folder.root)
        let number = try #require(history.undoneNumbers().first)
        try history.restoreUndone(number)
        #expect(try folder.store.load().playlists.count == 1)
        #expect(try folder.store.redo().command == "new")
        #expect(folder.files() == states[2])
    }

    /// Redo killed after writing the files, before forgetting the copy: done, nothing left to redo.
    @Test func redoKilledAfterWritingIsDone() throws {
        let states = try threeChanges()
        _ = try folder.store.undo()
        let history = History(root: folder.root)
        let number = try #require(history.undoneNumbers().first)
        try history.restoreUndone(number)
        for delta in try history.read(number).changes {
            let after = try #require(delta.reconstructAfter(fromBefore: folder.data(delta.path) ?? Data()))
            try FileManager.default.createDirectory(
                at: folder.url(delta.path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try after.write(to: folder.url(delta.path))
        }
        #expect(folder.files() == states[2])
        #expect(folder.store.undoneChanges().isEmpty)
        #expect(throws: UndoError.self) { try folder.store.redo() }
        #expect(try folder.store.undo().command == "new")
    }

    /// An undone entry edited by hand cannot make redo write outside the library.
    @Test func redoRefusesAnEntryNamingAFileOutsideTheLibrary() throws {
        _ = try threeChanges()
        _ = try folder.store.undo()
        let history = History(root: folder.root)
        let number = try #require(history.undoneNumbers().first)
        let path = ".history/undone/" + History.fileName(number)
        let entry = try #require(folder.text(path))
        try folder.write(entry.replacingOccurrences(of: "\"path\" : \"playlists.json\"", with: "\"path\" : \"../outside.json\""), to: path)
        #expect(throws: LibraryError.self) { try folder.store.redo() }
        #expect(
            !FileManager.default.fileExists(atPath: folder.root.deletingLastPathComponent().appendingPathComponent("outside.json").path))
    }
}
