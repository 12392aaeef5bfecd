import CLITestSupport
import Foundation
import SetlistModel
import SetlistStore
import Testing

@testable import SetlistCLI
@testable import SetlistSupport

/// `show --json` is written directly; its `Encodable` stays the definition.
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
            #expect(value.json == (try JSONFormat.encoder().encode(value)), "\(playlist.name)", sourceLocation: sourceLocation)
            for entry in value.songs {
                #expect(entry.json == (try JSONFormat.encoder().encode(entry)), sourceLocation: sourceLocation)
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
        #expect((try JSONSerialization.jsonObject(with: printed.stdoutData) as? [String: Any])?["count"] as? Int == 4)
    }

    @Test func anEmptyPlaylistIsWrittenAsTheEncoderWritesIt() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "Empty")
        try compare(lib)
    }
}
