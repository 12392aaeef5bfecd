import CLITestSupport
import Foundation
import Testing

/// `setlist transpose` as a band uses it: one copy, every copy, --to, --also-original, undo.
@Suite struct TransposeCommandTests {
    /// "Koncert": Highway (C minor), Stairway (D major), Untitled (no key), Hey Joe (A major).
    func library() throws -> TemporaryLibrary {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--key", "C minor")
        try lib.ok("add-song", "Stairway to Heaven", "--author", "Led Zeppelin", "--key", "D")
        try lib.ok("add-song", "Untitled")
        try lib.ok("add-song", "Hey Joe", "--key", "A")
        try lib.ok("new", "Koncert", "Highway to Hell", "Stairway to Heaven", "Untitled", "Hey Joe")
        return lib
    }

    func keys(_ lib: TemporaryLibrary, _ arguments: String...) throws -> [String?] {
        let json = try JSONSerialization.jsonObject(with: try lib.run(arguments).stdoutData)
        if let songs = json as? [[String: Any]] { return songs.map { $0["key"] as? String } }
        let entries = (json as! [String: Any])["songs"] as! [[String: Any]]
        return entries.map { ($0["copy"] as! [String: Any])["key"] as? String }
    }

    @Test func oneCopyUpAndDownLeavesTheOriginal() throws {
        let lib = try library()
        let up = try lib.ok("transpose", "Highway to Hell", "+2")
        #expect(up == "Transposed 'Highway to Hell' (song 1 in 'Koncert'): C minor → D minor (+2); the original is unchanged.\n")
        let down = try lib.ok("transpose", "Koncert", "4", "-1")
        #expect(down.contains("A major → A♭ major (-1)"))
        try lib.ok("transpose", "Koncert", "stairway to heaven", "+1")
        #expect(try keys(lib, "show", "--json") == ["D minor", "Eb major", nil, "Ab major"])
        #expect(try keys(lib, "songs", "--json") == ["C minor", "D major", nil, "A major"])
        #expect(try lib.ok("show").contains("E♭ major"))
    }

    @Test func toAKeyAndAlsoTheOriginal() throws {
        let lib = try library()
        let to = try lib.ok("transpose", "Highway to Hell", "--to", "f-moll", "--also-original")
        #expect(to == "Transposed 'Highway to Hell' (song 1 in 'Koncert'): C minor → F minor (+5) and its original.\n")
        #expect(try keys(lib, "songs", "--json") == ["F minor", "D major", nil, "A major"])
        #expect(try keys(lib, "show", "--json")[0] == "F minor")
        // --to keeps the mode: a major key for a minor song is refused and changes nothing.
        let before = try lib.snapshot()
        let refused = try lib.run("transpose", "Highway to Hell", "--to", "G")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("transposing keeps the mode"))
        #expect(try lib.snapshot() == before)
    }

    @Test func everyCopyListsThoseWithoutAKey() throws {
        let lib = try library()
        try lib.ok("add-song", "Hotel", "--key", "B minor")
        try lib.ok("add", "Hotel")
        let all = try lib.ok("transpose", "--all", "+1")
        #expect(
            all == """
                Transposed 4 songs in 'Koncert'; the originals are unchanged:
                  1. Highway to Hell: C minor → C♯ minor (+1)
                  2. Stairway to Heaven: D major → E♭ major (+1)
                  4. Hey Joe: A major → B♭ major (+1)
                  5. Hotel: B minor → C minor (+1)
                1 song has no key and stayed as it was:
                  3. Untitled

                """)
        #expect(try keys(lib, "show", "Koncert", "--json") == ["C# minor", "Eb major", nil, "Bb major", "C minor"])
        let back = try lib.ok("transpose", "Koncert", "--all", "-1", "--also-original")
        #expect(back.contains("Transposed 4 songs in 'Koncert'; 4 originals too:"))
        #expect(try keys(lib, "songs", "--json") == ["C minor", "D major", nil, "A major", "B minor"])
    }

    @Test func printsInTheBandsNotation() throws {
        let lib = try library()
        try lib.ok("config", "notation", "german")
        #expect(try lib.ok("transpose", "Hey Joe", "+1").contains("A dur → B dur (+1)"))
        #expect(try lib.ok("transpose", "Highway to Hell", "-3").contains("c moll → a moll (-3)"))
        #expect(try lib.ok("transpose", "Stairway to Heaven", "--to", "Es").contains("D dur → Es dur (+1)"))
        #expect(try keys(lib, "show", "--json") == ["A minor", "Eb major", nil, "Bb major"])
    }

    @Test func undoTakesATranspositionBack() throws {
        let lib = try library()
        let before = try lib.snapshot()
        try lib.ok("transpose", "--all", "+3")
        #expect(try lib.ok("undo", "--list").contains("setlist transpose --all +3"))
        try lib.ok("undo")
        #expect(try lib.snapshot() == before)
    }

    @Test func refusalsChangeNothing() throws {
        let lib = try library()
        let before = try lib.snapshot()
        for (arguments, status, message) in [
            (["transpose", "Untitled", "+2"], Int32(1), "has no key to transpose"),
            (["transpose", "Hey Joe"], 64, "is not a number of semitones"),
            (["transpose", "Hey Joe", "+12"], 64, "-11 to +11"),
            (["transpose", "Hey Joe", "0"], 64, "changes nothing"),
            (["transpose", "+2"], 64, "Name the song"),
            (["transpose", "Hey Joe", "--als-original", "+2"], 64, "Unknown option '--als-original'"),
            (["transpose", "Koncert", "Hey Joe", "Stairway to Heaven", "+2"], 64, "Name one song"),
            (["transpose", "Nowhere", "Hey Joe", "+2"], 1, "No playlist named 'Nowhere'"),
            (["transpose", "Hey Joe", "--to", "X minor"], 1, "X minor"),
        ] {
            let result = try lib.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try lib.snapshot() == before)
    }
}
