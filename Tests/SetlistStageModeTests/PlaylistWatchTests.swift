import Foundation
import SetlistModel
import SetlistStore
import Testing

@testable import SetlistStageMode

/// Edits made to the library while stage mode runs: the watch finds them, the session shows them
/// on the same song.
@Suite struct PlaylistWatchTests {
    let store = LibraryStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("setlist-watch-" + UUID().uuidString))

    /// A library holding `Fixtures.concert` (and another playlist); the concert as stored.
    func concert() throws -> Playlist {
        try store.modify { library in
            library.playlists = [Fixtures.concert, Playlist(name: "Other", items: [Fixtures.song("Elsewhere", nil, 60, nil, nil)])]
        }
        return try #require(try store.load().playlists.first)
    }

    func edit(_ body: (inout Playlist) -> Void) throws {
        try store.modify { library in body(&library.playlists[0]) }
    }

    @Test func findsChangesToThePlaylistAndTheNotationOnly() throws {
        defer { try? FileManager.default.removeItem(at: store.root) }
        let playlist = try concert()
        let watch = PlaylistWatch(store: store, playlist: playlist, notation: .english)
        #expect(watch.check() == nil, "the first look reads the library: nothing changed since it was loaded")
        #expect(watch.check() == nil)
        try store.modify { library in library.playlists[1].name = "Renamed other" }
        #expect(watch.check() == nil, "another playlist changed")
        try edit { _ = $0.items.remove(at: 1) }
        guard case .updated(let changed, .english)? = watch.check() else {
            Issue.record("the removal was not seen")
            return
        }
        #expect(changed.copies.count == 4)
        #expect(watch.check() == nil)
        try store.modify { library in library.settings.notation = "german" }
        #expect(watch.check() == .updated(changed, .german))
    }

    @Test func aDeletedPlaylistAndAnUnreadableLibrarySaySo() throws {
        defer { try? FileManager.default.removeItem(at: store.root) }
        let watch = PlaylistWatch(store: store, playlist: try concert(), notation: .english)
        let order = store.root.appendingPathComponent(LibraryFiles.playlistOrder)
        let saved = try Data(contentsOf: order)
        try Data("{ half-edited".utf8).write(to: order)
        guard case .unreadable(let reason)? = watch.check() else {
            Issue.record("a broken file was not reported")
            return
        }
        #expect(reason.contains("playlists.json"), "\(reason)")
        try saved.write(to: order)
        #expect(watch.check() == nil, "readable again, and the playlist as it was")
        try store.modify { library in _ = library.playlists.removeFirst() }
        #expect(watch.check() == .deleted)
        try store.modify { library in library.playlists[0].name = "Still other" }
        #expect(watch.check() == nil, "a deletion is reported once")
    }

    /// The session shows the change on the next key press, on the same song, with a remark.
    @Test func theSessionKeepsTheSongAcrossAnEdit() throws {
        defer { try? FileManager.default.removeItem(at: store.root) }
        let playlist = try concert()
        let watch = PlaylistWatch(store: store, playlist: playlist, notation: .english)
        let terminal = ScriptedTerminal(script: [.input([UInt8(ascii: "x")]), .input([UInt8(ascii: "n")]), .quiet, .quiet, .closed])
        terminal.actions[0] = {
            // A song inserted before the one shown, and its key changed.
            try self.edit { playlist in
                playlist.items.insert(Fixtures.song("Opening", nil, 100, nil, nil), at: 0)
                guard case .song(var copy) = playlist.items[2] else { return }
                copy.fields.key = MusicalKey(parsing: "Bb")
                playlist.items[2] = .song(copy)
            }
        }
        terminal.actions[2] = {
            // The song shown (Příběh, now 4th) removed: the one after it follows.
            try self.edit { _ = $0.items.remove(at: 3) }
        }
        terminal.actions[3] = { try self.store.modify { library in _ = library.playlists.removeFirst() } }
        let last = try StageMode.run(playlist: playlist, startingAt: 2, appearance: .plain, on: terminal, watch: watch)
        #expect(terminal.timeouts.allSatisfy { $0 == StageSession.watchInterval }, "the library is looked at while no key comes")
        let heads = terminal.frames.map { $0[0] }
        #expect(heads[0].hasSuffix("2/5 · Set 1"))
        // "x" does nothing but shows the edit: the same song, now third of six.
        #expect(heads[1].hasSuffix("3/6 · Set 1"))
        #expect(terminal.frames[1].contains("  Length 8:02   Key B♭ major   82 BPM"))
        #expect(terminal.frames[1].last!.hasPrefix("  The setlist was changed elsewhere."))
        #expect(heads[2].hasSuffix("4/6 · Set 1"))
        #expect(heads[3].hasSuffix("4/5 · Set 2"), "the song shown was removed: the one after it")
        #expect(terminal.frames[3].last!.hasPrefix("  'Příběh' was removed elsewhere."))
        #expect(terminal.frames[4].last!.hasPrefix("  'Koncert' was deleted elsewhere; showing it as it was."))
        #expect(heads[4].hasSuffix("4/5 · Set 2"))
        #expect(last == 4)
    }
}

@Suite struct LibraryStampTests {
    @Test func changesWithEveryWriteAndOnlyThen() throws {
        let store = LibraryStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("setlist-stamp-" + UUID().uuidString))
        defer { try? FileManager.default.removeItem(at: store.root) }
        let empty = store.stamp()
        try store.modify { library in library.playlists = [Fixtures.concert] }
        let written = store.stamp()
        #expect(written != empty)
        _ = try store.load()
        #expect(store.stamp() == written, "reading changes nothing")
        try store.modify { library in library.songs = [] }
        #expect(store.stamp() == written, "the songs are not part of a setlist on stage")
        // An editor writing the playlist file in place, same size.
        let folder = store.root.appendingPathComponent(LibraryFiles.playlistFolder)
        let file = folder.appendingPathComponent(try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first))
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "Highway", with: "Highwax").write(to: file, atomically: false, encoding: .utf8)
        #expect(store.stamp() != written)
    }

    /// A setlist's stamp follows its own file, the order and the settings, not the other setlists.
    @Test func aSetlistsStampLeavesTheOthersOut() throws {
        let store = LibraryStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("setlist-stamp-" + UUID().uuidString))
        defer { try? FileManager.default.removeItem(at: store.root) }
        let other = Playlist(name: "Jiný")
        try store.modify { library in library.playlists = [Fixtures.concert, other] }
        let concert = try store.load().playlist(matching: Fixtures.concert.name)
        let before = store.stamp(of: concert)
        try store.modify(.playlist("Jiný")) { library in library.playlists[0].items = Fixtures.concert.items }
        #expect(store.stamp(of: concert) == before, "another setlist changed")
        try store.modify { library in library.settings.notation = "german" }
        #expect(store.stamp(of: concert) != before, "the settings changed")
        let settled = store.stamp(of: concert)
        try store.modify(.playlist(concert.name)) { library in library.playlists[0].items.removeLast() }
        #expect(store.stamp(of: concert) != settled, "this setlist changed")
    }
}
