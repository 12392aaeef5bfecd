import CLITestSupport
import Foundation
import SetlistModel
import Testing

/// The conflict copies sync tools write beside a library file: found by `check`, merged by
/// `check --repair` and kept in `.history`, and mentioned once by ordinary commands.
@Suite struct SyncConflictCommandTests {
    /// Every naming, for songs.json and for a playlist file (`STEM` stands for the file's name
    /// without `.json`), with the tool `check` names.
    static let namings: [(String, String)] = [
        ("STEM.sync-conflict-20261122-101500-ABCDEFG.json", "Syncthing"),
        ("STEM (conflicted copy 2026-11-22).json", "Dropbox"),
        ("STEM (Jirka's conflicted copy 2026-11-22).json", "Dropbox"),
        ("STEM (conflicted copy 2026-11-22 101500).json", "Nextcloud"),
        ("STEM (1).json", "Google Drive"),
        ("STEM-DESKTOP-7QK2.json", "OneDrive"),
    ]

    @Test(arguments: namings)
    func checkFindsACopyAndRepairMergesAndKeepsIt(naming: String, tool: String) throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--bpm", "250")
        try lib.ok("add-song", "Stairway to Heaven", "--author", "Led Zeppelin")
        try lib.ok("new", "Koncert", "Highway to Hell")
        let playlist = try #require(
            try FileManager.default.contentsOfDirectory(atPath: lib.root.appendingPathComponent("playlists").path).first)

        // The other computer's versions: made from the files as they are now...
        let songs = try String(contentsOf: lib.root.appendingPathComponent("songs.json"), encoding: .utf8)
        let theirSongs = songs.replacingOccurrences(of: "\"bpm\" : 250", with: "\"bpm\" : 240")
            .replacingOccurrences(
                of: "\"songs\" : [",
                with: "\"songs\" : [\n    {\n      \"id\" : \"0123456789abcdef0123456789abcdef\",\n      \"name\" : \"Theirs\"\n    },")
        let playlistText = try String(contentsOf: lib.root.appendingPathComponent("playlists/" + playlist), encoding: .utf8)
        let theirPlaylist = playlistText.replacingOccurrences(
            of: "\"name\" : \"Highway to Hell\"", with: "\"name\" : \"Highway to Hell\",\n      \"notes\" : \"from the other laptop\"")
        // ...while this one goes on changing.
        try lib.ok("add-song", "Ours")
        try lib.ok("add", "Stairway to Heaven", "--to", "Koncert")
        let songsCopy = naming.replacingOccurrences(of: "STEM", with: "songs")
        let playlistCopy = "playlists/" + naming.replacingOccurrences(of: "STEM", with: String(playlist.dropLast(5)))
        try theirSongs.write(to: lib.root.appendingPathComponent(songsCopy), atomically: true, encoding: .utf8)
        try theirPlaylist.write(to: lib.root.appendingPathComponent(playlistCopy), atomically: true, encoding: .utf8)

        let ordinary = try lib.run("songs")
        #expect(ordinary.status == 0)
        #expect(ordinary.stderr.split(separator: "\n").count == 1, "\(ordinary.stderr)")
        #expect(
            ordinary.stderr.contains("conflict copies left by \(tool)") && ordinary.stderr.contains("check --repair"), "\(ordinary.stderr)")

        let check = try lib.run("check")
        #expect(check.status == 1)
        #expect(
            check.stdout.contains(
                "\(songsCopy): a conflict copy of songs.json made by \(tool); adds 'Theirs'; lacks 'Ours'; 'Highway to Hell': bpm 250 here, 240 in the copy"
            ), "\(check.stdout)")
        #expect(check.stdout.contains("\(playlistCopy): a conflict copy of playlists/\(playlist) made by \(tool)"), "\(check.stdout)")

        let repair = try lib.run("check", "--repair")
        #expect(repair.status == 0, "\(repair.stdout)")
        #expect(repair.stdout.contains("\(songsCopy): merged into songs.json (three-way"), "\(repair.stdout)")
        let titles = try lib.ok("songs")
        for title in ["Theirs", "Ours", "Stairway to Heaven"] { #expect(titles.contains(title)) }
        #expect(try lib.ok("song", "Highway to Hell").contains("240"))
        let show = try lib.ok("show", "Koncert", "--json")
        #expect(show.contains("from the other laptop") && show.contains("Stairway to Heaven"), "\(show)")
        for copy in [songsCopy, playlistCopy] {
            #expect(!FileManager.default.fileExists(atPath: lib.root.appendingPathComponent(copy).path))
            let kept = lib.root.appendingPathComponent(".history/sync-conflicts/" + copy.replacingOccurrences(of: "/", with: "_"))
            #expect(FileManager.default.fileExists(atPath: kept.path), "\(copy) kept")
        }
        #expect(try lib.run("songs").stderr.isEmpty)
    }

    @Test func withoutACommonVersionEverythingIsKeptAndTheDisagreementsListed() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Highway to Hell", "--bpm", "250")
        try FileManager.default.removeItem(at: lib.root.appendingPathComponent(".history"))
        let songs = try String(contentsOf: lib.root.appendingPathComponent("songs.json"), encoding: .utf8)
        try songs.replacingOccurrences(of: "\"bpm\" : 250", with: "\"bpm\" : 240")
            .write(to: lib.root.appendingPathComponent("songs (1).json"), atomically: true, encoding: .utf8)
        let repair = try lib.run("check", "--repair")
        #expect(
            repair.stdout.contains("no common version in the history, so everything from both was kept); 1 disagreement to settle"),
            "\(repair.stdout)")
        #expect(repair.stdout.contains("1. songs.json: 'Highway to Hell', bpm: ours 250, theirs 240"), "\(repair.stdout)")
        #expect(try lib.ok("resolve", "--theirs").contains("took theirs, 240"))
        #expect(try lib.ok("check").contains("No problems found."))
    }
}
