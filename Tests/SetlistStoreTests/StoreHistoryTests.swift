import Foundation
import Testing

@testable import SetlistModel
@testable import SetlistStore
@testable import SetlistSupport

/// A library folder in the temporary directory, removed afterwards.
final class StoreFolder {
    let root: URL
    var store: LibraryStore { LibraryStore(root: root) }

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-store-" + UUID().uuidString)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    func data(_ path: String) -> Data? { try? Data(contentsOf: url(path)) }

    func text(_ path: String) -> String? { data(path).map { String(decoding: $0, as: UTF8.self) } }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url(path))
    }

    /// Every library file (not the history or the lock), by path.
    func files() -> [String: Data] {
        var result: [String: Data] = [:]
        for path in ["songs.json", "playlists.json", "contacts.json", "settings.json"] { result[path] = data(path) }
        for folder in ["playlists", "gigs"] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: url(folder).path)) ?? [] {
                result[folder + "/" + name] = data(folder + "/" + name)
            }
        }
        return result
    }

    /// A library with a few songs, a playlist of copies and a contact.
    func seed(songs: Int = 3) throws {
        try store.modify(command: "seed") { library in
            for n in 1...songs { library.addSong(SongFields(name: "Song \(n)", author: "Band", length: 100 + n, bpm: 120)) }
            let index = try library.addPlaylist(named: "Koncert")
            try library.insertCopies(of: library.songs, into: index, at: nil)
            library.currentPlaylistID = library.playlists[index].id
            try library.addContact(Contact(name: "Pepa", email: "pepa@example.com"))
        }
    }
}

/// The history of changes: compact entries, the limit, and undo.
@Suite struct StoreHistoryTests {
    let folder = StoreFolder()

    @Test(arguments: [
        ("", "a\n"), ("a\n", ""), ("a\nb\nc\n", "a\nB\nc\n"), ("a\nb\n", "a\nb\nc\n"), ("x\ny\n", "y\n"),
        ("same\n", "same\n"), ("no newline", "no newline at all"), ("aaa\n", "aa\n"), ("žluťoučký\n", "žluťoučký kůň\n"),
    ])
    func deltaRebuildsBothSides(before: String, after: String) {
        let delta = FileDelta(FileChange(path: "f", before: Data(before.utf8), after: Data(after.utf8)))
        #expect(delta.reconstructBefore(fromAfter: Data(after.utf8)) == Data(before.utf8))
        #expect(delta.reconstructAfter(fromBefore: Data(before.utf8)) == Data(after.utf8))
        #expect(delta.side(of: Data(after.utf8)) == .after)
        #expect(delta.hunks.allSatisfy { !$0.removed.data.isEmpty || !$0.added.data.isEmpty })
    }

    @Test func deltaOfOneChangedLineStoresOnlyThatLine() {
        let lines = (1...1000).map { "line \($0)\n" }
        var changed = lines
        changed[500] = "changed\n"
        let delta = FileDelta(FileChange(path: "f", before: Data(lines.joined().utf8), after: Data(changed.joined().utf8)))
        #expect(delta.hunks.count == 1)
        #expect(String(decoding: delta.hunks[0].removed.data, as: UTF8.self) == "line 501\n")
        #expect(String(decoding: delta.hunks[0].added.data, as: UTF8.self) == "changed\n")
    }

    @Test func deltaOfAMovedLineStoresOnlyThatLineTwice() {
        let lines = (1...5000).map { "line \($0)\n" }
        var moved = lines
        moved.append(moved.remove(at: 10))
        moved[2500] = "edited too\n"
        let before = Data(lines.joined().utf8), after = Data(moved.joined().utf8)
        let delta = FileDelta(FileChange(path: "f", before: before, after: after))
        #expect(delta.hunks.count == 3)
        #expect(delta.hunks.reduce(0) { $0 + $1.removed.data.count + $1.added.data.count } < 60)
        #expect(delta.reconstructBefore(fromAfter: after) == before)
        #expect(delta.reconstructAfter(fromBefore: before) == after)
    }

    @Test func deltaOfAFileRewrittenThroughoutIsStoredWhole() {
        let before = Data((1...2000).map { "a\($0)\n" }.joined().utf8), after = Data((1...2000).map { "b\($0)\n" }.joined().utf8)
        let delta = FileDelta(FileChange(path: "f", before: before, after: after))
        #expect(delta.hunks.count == 1)
        #expect(delta.reconstructBefore(fromAfter: after) == before)
        #expect(delta.reconstructAfter(fromBefore: before) == after)
    }

    @Test func fileThatIsNeitherSideIsRecognised() {
        let delta = FileDelta(FileChange(path: "f", before: nil, after: Data("new\n".utf8)))
        #expect(delta.side(of: nil) == .before)
        #expect(delta.side(of: Data("edited\n".utf8)) == .neither)
        #expect(!delta.existedBefore && delta.existsAfter)
    }

    @Test func storedBytesAreTextOrBase64() throws {
        for bytes in [Data("Příběh \"x\"\n".utf8), Data([0xFF, 0x00, 0xC3])] {
            var reader = JSONReader(bytes: JSONFormat.bytes(of: [StoredBytes(bytes)]))
            #expect(try reader.readDocument { reader throws(JSONReadError) in try [StoredBytes](json: &reader) }[0].data == bytes)
        }
        #expect(String(decoding: JSONFormat.bytes(of: StoredBytes(Data("ok".utf8))), as: UTF8.self) == "\"ok\"")
    }

    @Test func everyChangeIsRecordedWithItsCommand() throws {
        try folder.seed()
        try folder.store.modify(command: "setlist add-song Extra") { $0.addSong(SongFields(name: "Extra")) }
        let entries = folder.store.history()
        #expect(entries.map(\.command) == ["setlist add-song Extra", "seed"])
        #expect(entries[0].paths == ["songs.json"])
        #expect(entries[0].number > entries[1].number)
        let stored = try #require(folder.text(".history/" + History.fileName(entries[0].number)))
        #expect(stored.contains("\"name\" : \\\"Extra\\\"") || stored.contains("Extra"))
        #expect(!stored.contains("Song 1"), "unchanged songs are not stored")
    }

    @Test func aChangeThatChangesNothingIsNotRecorded() throws {
        try folder.seed()
        try folder.store.modify(command: "noop") { _ in }
        #expect(folder.store.history().map(\.command) == ["seed"])
    }

    @Test func onlyTheLastFiftyChangesAreKept() throws {
        for n in 1...(History.limit + 7) {
            try folder.store.modify(command: "change \(n)") { $0.addSong(SongFields(name: "S\(n)")) }
        }
        let entries = folder.store.history()
        #expect(entries.count == History.limit)
        #expect(entries.first?.command == "change \(History.limit + 7)")
        #expect(entries.last?.command == "change 8")
    }

    @Test func hugeChangesMakeOlderOnesGoSoonerButTheNewestStays() throws {
        let history = History(root: folder.root, budget: 20_000)
        let small = FileChange(path: "songs.json", before: Data("a\n".utf8), after: Data("b\n".utf8))
        // A change is recorded, made, then settled (the entries it ends forgotten).
        func record(_ command: String, _ changes: [FileChange]) throws {
            history.settle(after: try history.record(command: command, changes: changes))
        }
        for _ in 1...5 { try record("small", [small]) }
        #expect(history.entries().count == 5)
        let big = FileChange(path: "songs.json", before: nil, after: Data(String(repeating: "x\n", count: 3_000).utf8))
        try record("big", [big])
        #expect(history.entries().map(\.command) == ["big", "small", "small", "small", "small", "small"])
        try record("bigger", [big, FileChange(path: "contacts.json", before: nil, after: big.after)])
        #expect(history.entries().map(\.command) == ["bigger"], "over the budget only the newest is kept")
    }

    @Test func historyStaysSmallForALargeLibrary() throws {
        try folder.store.modify(command: "seed") { library in
            for n in 1...3000 { library.addSong(SongFields(name: "Song number \(n)", author: "Band", length: 200, notes: "Some notes")) }
        }
        let songsSize = try #require(folder.data("songs.json")).count
        try folder.store.modify(command: "edit") { $0.songs[1500].fields.bpm = 99 }
        try folder.store.modify(command: "add") { $0.addSong(SongFields(name: "One more")) }
        try folder.store.modify(command: "move") { try $0.moveSong(at: 0, to: 3001) }
        try folder.store.modify(command: "remove") { _ = $0.removeSong(at: 10) }
        let entries = folder.store.history()
        for entry in entries.prefix(4) {
            let size = try #require(folder.data(".history/" + History.fileName(entry.number))).count
            #expect(size < 2_000, "\(entry.command) took \(size) bytes of history for a \(songsSize)-byte file")
        }
    }

    @Test func undoRevertsTheLastChangeThenTheOneBefore() throws {
        try folder.seed()
        let seeded = folder.files()
        try folder.store.modify(command: "add") { $0.addSong(SongFields(name: "Extra")) }
        let added = folder.files()
        try folder.store.modify(command: "new") { _ = try $0.addPlaylist(named: "Zkouška") }
        #expect(folder.files() != added)

        let first = try folder.store.undo()
        #expect(first.command == "new")
        #expect(folder.files() == added, "the new playlist's file is gone and the order is as it was")
        #expect(try folder.store.undo().command == "add")
        #expect(folder.files() == seeded)
        #expect(try folder.store.load().songs.count == 3)
    }

    @Test func undoOfTheFirstChangeRemovesItsFiles() throws {
        try folder.seed()
        _ = try folder.store.undo()
        #expect(folder.files().isEmpty)
        #expect(throws: UndoError.self) { try folder.store.undo() }
    }

    @Test func undoRestoresADeletedPlaylist() throws {
        try folder.seed()
        let before = folder.files()
        try folder.store.modify(command: "delete") { $0.playlists.removeAll() }
        #expect(try folder.store.load().playlists.isEmpty)
        _ = try folder.store.undo()
        #expect(folder.files() == before)
        #expect(try folder.store.load().playlists.first?.copies.count == 3)
    }

    @Test func undoRefusesWhenAFileWasEditedSince() throws {
        try folder.seed()
        try folder.store.modify(command: "add") { $0.addSong(SongFields(name: "Extra")) }
        let edited = try #require(folder.text("songs.json")).replacingOccurrences(of: "Extra", with: "Edited by hand")
        try folder.write(edited, to: "songs.json")
        #expect {
            try folder.store.undo()
        } throws: { error in
            guard let error = error as? UndoError, case .changedSince(let command, let paths, _) = error else { return false }
            return command == "add" && paths == ["songs.json"] && error.description.contains("songs.json")
        }
        #expect(folder.text("songs.json") == edited, "the hand edit is kept")
    }

    @Test func undoWithoutHistoryOrLibrarySaysSo() {
        #expect(throws: UndoError.self) { try folder.store.undo() }
        #expect(folder.store.history().isEmpty)
    }
}

/// History files are outside input too: one edited by hand cannot make undo write elsewhere.
@Suite struct StoreHistorySafetyTests {
    let folder = StoreFolder()

    @Test(arguments: ["../outside.json", "playlists/../../outside.json", "/tmp/outside.json", ".lock", "playlists/.hidden.json"])
    func undoRefusesAHistoryEntryNamingAFileOutsideTheLibrary(path: String) throws {
        try folder.seed()
        let number = try #require(folder.store.history().first?.number)
        let entry = try #require(folder.text(".history/" + History.fileName(number)))
        try folder.write(
            entry.replacingOccurrences(of: "\"path\" : \"songs.json\"", with: "\"path\" : \"\(path)\""),
            to: ".history/" + History.fileName(number))
        #expect(throws: LibraryError.self) { try folder.store.undo() }
        #expect(
            !FileManager.default.fileExists(atPath: folder.root.deletingLastPathComponent().appendingPathComponent("outside.json").path))
        #expect(try folder.store.load().songs.count == 3, "recovery ignores the entry too")
    }
}
