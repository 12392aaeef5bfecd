import CLITestSupport
import Foundation
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
}
