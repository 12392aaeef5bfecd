import CLITestSupport
import Foundation
import SetlistCore
import Testing

/// The library is found through --library (before or after the command), then $SETLIST_HOME,
/// then $XDG_DATA_HOME/setlist, then ~/.local/share/setlist.
@Suite struct LibraryLocationTests {
    @Test func optionBeforeOrAfterTheCommand() throws {
        let lib = try TemporaryLibrary()
        let other = lib.folder.appendingPathComponent("other").path
        try lib.ok("--library", other, "add-song", "Before")
        try lib.ok("add-song", "After", "--library", other)
        try lib.ok("--library=\(other)", "add-song", "Equals")
        let songs = try lib.ok("songs", "--library", other)
        #expect(songs.contains("Before") && songs.contains("After") && songs.contains("Equals"))
        #expect(!FileManager.default.fileExists(atPath: lib.root.path), "SETLIST_HOME was not used")
    }

    @Test func xdgAndHomeFallbacks() throws {
        let lib = try TemporaryLibrary()
        let xdg = lib.folder.appendingPathComponent("xdg")
        try #require(try lib.run(["add-song", "In XDG"], environment: ["SETLIST_HOME": "", "XDG_DATA_HOME": xdg.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: xdg.appendingPathComponent("setlist/songs.json").path))
        let home = lib.folder.appendingPathComponent("home")
        try #require(
            try lib.run(["add-song", "In home"], environment: ["SETLIST_HOME": "", "XDG_DATA_HOME": "", "HOME": home.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/setlist/songs.json").path))
    }

    /// A large song list is indexed in the user's cache folder ($XDG_CACHE_HOME/setlist), never in
    /// the library, and a change to an original shows at once.
    @Test func theIndexOfALargeSongListIsKeptInTheCacheFolder() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Úvod", "--bpm", "100")
        try lib.ok("new", "Koncert")
        try lib.ok("add", "Koncert", "Úvod")
        try LibraryStore(root: lib.root).modify(command: "grow") { library in
            for number in 0..<800 {
                library.addSong(SongFields(name: "Píseň \(number)", notes: String(repeating: "Noty a slova. ", count: 100)))
            }
        }
        let cache = lib.folder.appendingPathComponent("cache/setlist")
        #expect(try lib.ok("show", "Koncert").contains("Úvod"))
        let indexes = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        #expect(indexes.count == 1 && indexes[0].hasSuffix(".index"))
        #expect(try !FileManager.default.contentsOfDirectory(atPath: lib.root.path).contains { $0.contains("index") })
        #expect(try !lib.ok("show", "Koncert").contains("differs from the original"))
        try lib.ok("edit-song", "Úvod", "--bpm", "120")
        #expect(try lib.ok("show", "Koncert").contains("differs from the original"))
    }
}
