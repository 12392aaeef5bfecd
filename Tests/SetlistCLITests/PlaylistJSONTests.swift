import CLITestSupport
import Foundation
import JSONTestSupport
import SetlistModel
import SetlistStore
import Testing

@testable import SetlistCLI
@testable import SetlistSupport

/// `show --json` holds what docs/json.md says, laid out as Foundation's encoder lays it out.
@Suite struct PlaylistJSONTests {
    /// A playlist with what the JSON can hold: a break inside and one last, a copy that differs
    /// from its original, one whose original is gone, escapes and accents in the text, and a plan
    /// (a copy received from a document is written by the same `JSONFormat.Writer.copy` as the
    /// library's playlist files, tested in SongListCodecTests).
    func library() throws -> TemporaryLibrary {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Opener \"live\"", "--length", "10:00", "--key", "F#m", "--bpm", "120", "--author", "Žlutý pes")
        try lib.ok("add-song", "Mystery", "--notes", "Intro 2×\nthen\tsolo")
        try lib.ok("add-song", "Gone")
        try lib.ok("add-song", "Closer", "--length", "5:00")
        try lib.ok("new", "Silvestr", "Opener \"live\"", "Mystery", "Gone", "Closer")
        try lib.ok("break", "--after", "2", "--label", "Set 2")
        try lib.ok("break", "--after", "4", "--label", "Encore")
        try lib.ok("edit-song", "Mystery", "--in", "Silvestr", "--length", "4:00", "--key", "C")
        try lib.ok("remove-song", "Gone")
        return lib
    }

    func compare(_ lib: TemporaryLibrary, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let library = try LibraryStore(root: lib.root).load()
        let context = lib.context()
        for playlist in library.playlists {
            let value = PlaylistJSON(playlist, in: library, clock: context.planClock)
            let data = Data(JSONFormat.bytes(of: value))
            #expect(data == (try FoundationJSON.pretty(data)), "\(playlist.name)", sourceLocation: sourceLocation)
            for entry in value.songs {
                let data = Data(JSONFormat.bytes(of: entry))
                #expect(data == (try FoundationJSON.pretty(data)), sourceLocation: sourceLocation)
            }
        }
    }

    @Test func writtenAsTheEncoderWritesIt() throws {
        let lib = try library()
        try compare(lib)
        try lib.ok("plan", "--start", "2026-12-31 23:30", "--gap", "30s", "--target", "1h", "--break-length", "15m")
        try compare(lib)
        // What the command prints is that, and a new line.
        let printed = try lib.run("show", "Silvestr", "--json")
        #expect(printed.status == 0 && printed.stdout.hasSuffix("}\n"))
        let show = try #require(try JSONSerialization.jsonObject(with: printed.stdoutData) as? [String: Any])
        #expect(show["count"] as? Int == 4 && show["name"] as? String == "Silvestr" && show["current"] as? Bool == true)
        #expect(show["totalLength"] as? Int == 1140)
        let breaks = try #require(show["breaks"] as? [[String: Any]])
        #expect(breaks.map { "\($0["after"]!) \($0["label"]!)" } == ["2 Set 2", "4 Encore"])
        let songs = try #require(show["songs"] as? [[String: Any]])
        #expect(songs.map { $0["position"] as? Int } == [1, 2, 3, 4])
        #expect(songs.map { $0["set"] as? String } == [nil, nil, "Set 2", "Set 2"])
        #expect(songs[1]["differs"] as? [String] == ["length", "key"] && songs[0]["differs"] as? [String] == [])
        #expect(songs[2]["differs"] == nil, "the original is gone")
        let opener = try #require(songs[0]["copy"] as? [String: Any])
        #expect(opener["name"] as? String == "Opener \"live\"" && opener["key"] as? String == "F# minor" && opener["bpm"] as? Int == 120)
        #expect(opener["author"] as? String == "Žlutý pes" && opener["length"] as? Int == 600 && opener["original"] is String)
        let plan = try #require(show["plan"] as? [String: Any])
        #expect(plan["start"] as? String == "2026-12-31 23:30" && plan["gap"] as? Int == 30 && plan["target"] as? Int == 3600)
        #expect(plan["breakLength"] as? Int == 900 && (plan["songs"] as? [Any])?.count == 4 && (plan["sets"] as? [Any])?.count == 3)
    }

    @Test func anEmptyPlaylistIsWrittenAsTheEncoderWritesIt() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "Empty")
        try compare(lib)
    }
}
