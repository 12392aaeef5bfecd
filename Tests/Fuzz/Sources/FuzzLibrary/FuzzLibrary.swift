import Foundation
import FuzzDriver
import SetlistModel
import SetlistStore

/// libFuzzer entry: a library folder with one file replaced by the input (the first byte picks
/// which: songs, order, a playlist, contacts, settings or the last history entry). Loading,
/// checking, repairing, undoing and changing it may fail with an error but never crash, and a
/// library that `check` calls sound after a repair must load.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibrary(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let data = Data(UnsafeBufferPointer(start: bytes + 1, count: count - 1))
    let targets = [
        "songs.json", "playlists.json", FuzzLibraryFolder.playlistPath, "contacts.json", "settings.json", ".history/00000002.json",
    ]
    let store = FuzzLibraryFolder.reset()
    try? data.write(to: store.root.appendingPathComponent(targets[Int(bytes[0]) % targets.count]))

    let loaded = try? store.load()
    _ = store.history()
    if let report = try? store.check(), report.isSound {
        precondition(loaded != nil || report.finishedChange != nil, "check found no problem but load failed")
    }
    if let repaired = try? store.repair(), repaired.remaining.isSound {
        precondition((try? store.load()) != nil, "repair reported a sound library that does not load")
    }
    _ = try? store.undo()
    if let library = try? store.load() {
        _ = try? store.modify(command: "fuzz") { $0.addSong(SongFields(name: "Fuzz")) }
        let again = try? store.load()
        precondition(again == nil || again!.songs.count >= library.songs.count, "a change lost songs")
    }
    return 0
}

/// The library folder every input starts from: a few songs, a playlist, a contact and a history.
enum FuzzLibraryFolder {
    nonisolated(unsafe) static var seed: [String: Data] = [:]
    nonisolated(unsafe) static var playlistPath = ""
    static let root: URL = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return URL(fileURLWithPath: base).appendingPathComponent("setlist-fuzz-\(getpid())")
    }()

    static func reset() -> LibraryStore {
        let store = LibraryStore(root: root)
        if seed.isEmpty {
            try? FileManager.default.removeItem(at: root)
            try! store.modify(command: "seed") { library in
                for n in 1...3 { library.addSong(SongFields(name: "Song \(n)", author: "Band", length: 100 + n, bpm: 100)) }
                let index = try library.addPlaylist(named: "Koncert")
                try library.insertCopies(of: library.songs, into: index, at: nil)
                try library.addBreak(in: index, after: 1, label: "Set 2")
                try library.addContact(Contact(name: "Pepa", email: "pepa@example.com"))
                library.settings.sender = "Band <band@example.com>"
            }
            try! store.modify(command: "second") { $0.addSong(SongFields(name: "Song 4")) }
            let enumerator = FileManager.default.enumerator(atPath: root.path)!
            while let path = enumerator.nextObject() as? String {
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
                if !isFolder.boolValue && path != ".lock" { seed[path] = try! Data(contentsOf: root.appendingPathComponent(path)) }
                if path.hasPrefix("playlists/") { playlistPath = path }
            }
        }
        try? FileManager.default.removeItem(at: root)
        for folder in ["playlists", ".history"] {
            try! FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for (path, data) in seed { try! data.write(to: root.appendingPathComponent(path)) }
        return store
    }
}

@main
enum FuzzLibraryMain {
    static func main() {
        atexit { try? FileManager.default.removeItem(at: FuzzLibraryFolder.root) }
        exit(setlist_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv))
    }
}
