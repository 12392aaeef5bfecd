import Foundation
import Testing

@testable import SetlistModel
@testable import SetlistStore
@testable import SetlistSupport

/// A change whose files cannot all be written leaves the library and its history as they were:
/// no file half changed, and no entry for `undo` to take back (issue 36).
@Suite struct FailedChangeTests {
    /// Every file of the library folder, the history and its undone changes included, by path.
    static func everything(in root: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let path = String(url.path.dropFirst(root.path.count))
            if path.hasSuffix(".lock") { continue }
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            result[path] = isFolder.boolValue ? Data() : (try? Data(contentsOf: url)) ?? Data("unreadable".utf8)
        }
        return result
    }

    /// A change of a playlist and the song list, where the song list cannot be written (made
    /// read-only): the playlist written first is put back, and the entry goes.
    @Test func aChangeThatFailsHalfWayIsTakenBack() throws {
        let folder = StoreFolder()
        try folder.seed()
        try folder.store.modify(command: "edit") { $0.songs[0].fields.bpm = 90 }
        _ = try folder.store.undo()
        let before = Self.everything(in: folder.root)
        let undone = folder.store.undoneChanges().map(\.command)
        #expect(chmod(folder.url(LibraryFiles.songs).path, 0o444) == 0)
        let error = #expect(throws: LibraryError.self) {
            try folder.store.modify(command: "everywhere") { library in
                _ = try library.editSong("Song 1", SongEdit(bpm: .some(200)), everywhere: true)
            }
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("songs.json: it is write-protected"))
        #expect(Self.everything(in: folder.root) == before)
        #expect(folder.store.history().map(\.command) == ["seed"])
        #expect(folder.store.undoneChanges().map(\.command) == undone)
    }

    /// A redo whose files cannot all be written (a full disk, here a write-protected file) stays
    /// undone: the files as they were, the change listed as one redo makes, not as done (issue 46).
    @Test func aRedoThatFailsHalfWayStaysUndone() throws {
        let folder = StoreFolder()
        try folder.seed()
        try folder.store.modify(command: "everywhere") { library in
            _ = try library.editSong("Song 1", SongEdit(bpm: .some(200)), everywhere: true)
        }
        _ = try folder.store.undo()
        let before = Self.everything(in: folder.root)
        #expect(chmod(folder.url(LibraryFiles.songs).path, 0o444) == 0)
        #expect(throws: LibraryError.self) { try folder.store.redo() }
        #expect(Self.everything(in: folder.root) == before)
        #expect(folder.store.history().map(\.command) == ["seed"])
        #expect(folder.store.undoneChanges().map(\.command) == ["everywhere"])
        #expect(chmod(folder.url(LibraryFiles.songs).path, 0o644) == 0)
        #expect(try folder.store.check().isSound)
        _ = try folder.store.redo()
        #expect(try folder.store.load().songs[0].fields.bpm == 200)
    }

    /// An undo that fails half way stays done: every file as the change left it.
    @Test func anUndoThatFailsHalfWayStaysDone() throws {
        let folder = StoreFolder()
        try folder.seed()
        try folder.store.modify(command: "everywhere") { library in
            _ = try library.editSong("Song 1", SongEdit(bpm: .some(200)), everywhere: true)
        }
        let before = Self.everything(in: folder.root)
        #expect(chmod(folder.url(LibraryFiles.songs).path, 0o444) == 0)
        #expect(throws: LibraryError.self) { try folder.store.undo() }
        // The folder of undone changes may be left, empty.
        #expect(Self.everything(in: folder.root).filter { $0.key != "/.history/undone" } == before)
        #expect(folder.store.history().map(\.command) == ["everywhere", "seed"])
        #expect(folder.store.undoneChanges().isEmpty)
    }

    /// The same on a disk that is full: the message speaks of disk space.
    @Test(.enabled(if: geteuid() == 0, "mounting a small disk needs root")) func aFullDiskLeavesNoPhantomUndoStep() throws {
        let mount = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-full-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mount) }
        guard (try? ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mount.path]))?.status == 0 else {
            return // A container that may not mount: nothing to learn here.
        }
        defer { _ = try? ChildProcess.run("/bin/umount", [mount.path]) }
        let root = mount.appendingPathComponent("library")
        let store = LibraryStore(root: root)
        try store.modify(command: "seed") { library in
            for n in 1...120 { library.addSong(SongFields(name: "Píseň \(n)", notes: String(repeating: "noty ", count: 60))) }
        }
        // Fill the disk, then give back a few pages: room for a history entry, none for a new
        // song list beside the old one.
        let filler = mount.appendingPathComponent("filler")
        FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
        try handle.truncate(atOffset: max(0, try handle.offset() - 4 * 4096))
        try handle.close()
        let before = Self.everything(in: root)
        let error = #expect(throws: LibraryError.self) {
            try store.modify(command: "grow") { $0.songs[0].fields.notes = String(repeating: "delší noty ", count: 100) }
        }
        let message = "\(error.map { "\($0)" } ?? "")"
        #expect(message.contains("No space left on device. Free some space on that disk"), "\(message)")
        #expect(!message.contains("you may write to it"), "\(message)")
        #expect(Self.everything(in: root) == before)
        #expect(store.history().map(\.command) == ["seed"])
    }
}
