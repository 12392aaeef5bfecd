import CLITestSupport
import Foundation
import Testing

/// A library whose songs.json is gone (deleted, or a link into a sync folder that is not mounted)
/// is not an empty repertoire: the commands say so, check reports it, nothing starts a new song
/// list in its place, and `check --repair` rebuilds the originals from the copies (issue 36).
@Suite struct MissingSongListTests {
    static func library() throws -> TemporaryLibrary {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--key", "Cm")
        try lib.ok("add-song", "Stairway to Heaven", "--author", "Led Zeppelin")
        try lib.ok("new", "Koncert", "Highway to Hell", "Stairway to Heaven")
        try lib.ok("new", "Zkouška", "Highway to Hell")
        return lib
    }

    @Test func aDeletedSongListIsReportedAndRebuiltOnlyWhenAsked() throws {
        let lib = try Self.library()
        let songs = lib.root.appendingPathComponent("songs.json")
        try FileManager.default.removeItem(at: songs)
        for arguments in [["songs"], ["add-song", "Nová"], ["show", "Koncert"]] {
            let result = try lib.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.stderr.contains("songs.json: it is missing, though the library's playlists and history show it had songs."),
                "\(result.stderr)")
            #expect(result.stderr.contains("setlist check --repair"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: songs.path))
        let check = try lib.run("check")
        #expect(check.status == 1 && check.stdout.contains("songs.json: it is missing"), "\(check.stdout)")
        let repair = try lib.run("check", "--repair")
        #expect(repair.stdout.contains("songs.json: it was missing; made it again with 2 originals from the copies"), "\(repair.stdout)")
        let listed = try lib.ok("songs")
        #expect(listed.contains("Highway to Hell") && listed.contains("Stairway to Heaven"))
        #expect(try !lib.ok("show", "Koncert").contains("differs from the original"))
    }

    @Test func aLinkToASyncFolderThatIsNotThereStartsNoNewList() throws {
        let lib = try Self.library()
        let songs = lib.root.appendingPathComponent("songs.json")
        let elsewhere = lib.folder.appendingPathComponent("sync")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: songs, to: elsewhere.appendingPathComponent("songs.json"))
        try FileManager.default.createSymbolicLink(at: songs, withDestinationURL: elsewhere.appendingPathComponent("songs.json"))
        #expect(try lib.ok("songs").contains("Highway to Hell"))
        // The sync folder is unmounted: the link leads nowhere.
        try FileManager.default.moveItem(at: elsewhere, to: lib.folder.appendingPathComponent("unmounted"))
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let result = try lib.run("add-song", "Tune", "--author", "B")
        #expect(result.status == 1)
        #expect(result.stderr.contains("songs.json: it is a link to \(elsewhere.path)/songs.json, which is not there"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("songs.json").path))
    }

    /// A library that never had songs (only settings, say) still starts its song list.
    @Test func aLibraryThatHadNoSongsStartsOne() throws {
        let lib = try TemporaryLibrary()
        try FileManager.default.createDirectory(at: lib.root, withIntermediateDirectories: true)
        try Data(#"{"format": "setlist-settings", "settings": {"notation": "german"}, "version": 1}"#.utf8)
            .write(to: lib.root.appendingPathComponent("settings.json"))
        try lib.ok("add-song", "První")
        #expect(try lib.ok("songs").contains("První"))
    }
}
