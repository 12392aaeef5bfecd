import CLITestSupport
import Foundation
import SetlistModel
import SetlistStore
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

    /// A mistyped --library or $SETLIST_HOME is no empty library: listings say the folder does
    /// not exist (and still list nothing), `check` fails, and a change creates it as before.
    @Test func aFolderThatDoesNotExistIsNamed() throws {
        let lib = try TemporaryLibrary()
        let typo = lib.folder.appendingPathComponent("libary").path
        for arguments in [["songs"], ["playlists"], ["undo", "--list"], ["contacts"]] {
            let result = try lib.run(arguments + ["--library", typo])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("there is no library at \(typo): the folder does not exist"), "\(arguments): \(result.stderr)")
        }
        let check = try lib.run("check", environment: ["SETLIST_HOME": typo])
        #expect(check.status == 1)
        #expect(check.stderr.contains("There is no library at \(typo): the folder does not exist."), "\(check.stderr)")
        #expect(!check.stdout.contains("No problems found"), "\(check.stdout)")
        #expect(!FileManager.default.fileExists(atPath: typo))

        // A change says nothing of it, and creates it: an import of songs too.
        let csv = lib.folder.appendingPathComponent("songs.csv")
        try Data("Title\nZero\n".utf8).write(to: csv)
        let imported = try lib.run("import-songs", csv.path, "--library", typo)
        #expect(imported.status == 0 && imported.stderr.isEmpty, "\(imported.stderr)")
        try lib.ok("add-song", "First", "--library", typo)
        let songs = try lib.run("songs", "--library", typo)
        #expect(songs.stdout.contains("First") && songs.stderr.isEmpty, "\(songs.stderr)")
        #expect(try lib.run("check", "--library", typo).status == 0)
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
