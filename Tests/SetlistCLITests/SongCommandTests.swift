import CLITestSupport
import Foundation
import Testing

@Suite struct SongCommandTests {
    @Test func addListAndShowASong() throws {
        let lib = try TemporaryLibrary()
        let added = try lib.ok(
            "add-song", "Příběh", "--author", "Čechomor", "--length", "3:20", "--key", "fis-moll", "--bpm", "96", "--notes",
            "Intro housle\nPak všichni")
        #expect(added.contains("Added 'Příběh' by Čechomor"))
        let list = try lib.ok("songs")
        #expect(list.contains("Příběh"))
        #expect(list.contains("3:20"))
        #expect(list.contains("F♯ minor"))
        #expect(list.contains("96"))
        let details = try lib.ok("song", "PRIBEH")
        #expect(details.contains("Author:    Čechomor"))
        #expect(details.contains("  Intro housle\n  Pak všichni"))
        #expect(details.contains("Playlists: none"))

        let json = try JSONSerialization.jsonObject(with: try lib.run("songs", "--json").stdoutData) as! [[String: Any]]
        #expect(json.count == 1)
        #expect(json[0]["length"] as? Int == 200)
        #expect(json[0]["key"] as? String == "F# minor")
        #expect(json[0]["notes"] as? String == "Intro housle\nPak všichni")
    }

    /// `config notation german` changes what B and a lowercase letter mean and how keys print;
    /// the library and --json keep the canonical spelling.
    @Test func theBandsNotation() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "English B", "--key", "B")
        #expect(try lib.ok("config", "notation", "german") == "notation = german\n")
        try lib.ok("add-song", "German B", "--key", "B")
        try lib.ok("add-song", "Lowercase", "--key", "a")
        try lib.ok("add-song", "Fis", "--key", "Fism")
        let table = try lib.ok("songs")
        #expect(table.contains("H dur"))
        #expect(table.contains("B dur"))
        #expect(table.contains("a moll"))
        #expect(table.contains("fis moll"))
        #expect(try lib.ok("song", "German B").contains("Key:       B dur"))
        let json = try JSONSerialization.jsonObject(with: try lib.run("songs", "--json").stdoutData) as! [[String: Any]]
        #expect(json.map { $0["key"] as? String } == ["B major", "Bb major", "A minor", "F# minor"])
        let songs = try String(contentsOf: lib.root.appendingPathComponent("songs.json"), encoding: .utf8)
        #expect(songs.contains("\"Bb major\"") && !songs.contains("dur"))
        try lib.ok("edit-song", "English B", "--key", "b")
        #expect(try lib.ok("song", "English B").contains("Key:       b moll"))

        try lib.ok("config", "notation", "english")
        let english = try lib.ok("songs")
        #expect(english.contains("B♭ major") && english.contains("A minor") && english.contains("F♯ minor"))
        let refused = try lib.run("config", "notation", "czech")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("setlist config notation german"))
    }

    @Test func searchIgnoresCaseAndAccents() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Příběh", "--author", "Čechomor")
        try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC")
        let found = try lib.ok("songs", "--search", "pribeh")
        #expect(found.contains("Příběh"))
        #expect(!found.contains("Highway"))
        #expect(try lib.ok("songs", "--search", "cechomor").contains("Příběh"))
        #expect(try lib.ok("songs", "--search", "nothing").contains("No song matches"))
    }

    @Test func addSongStraightIntoAPlaylist() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "Koncert")
        try lib.ok("add-song", "A", "--to", "Koncert")
        let out = try lib.ok("add-song", "B", "--to", "koncert", "--at", "1")
        #expect(out.contains("as song 1"))
        let show = try lib.ok("show")
        #expect(show.range(of: "1  B")!.lowerBound < show.range(of: "2  A")!.lowerBound)
    }

    @Test func editOriginalEverywhereAndCopyAlsoOriginal() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Song", "--bpm", "120", "--key", "C")
        try lib.ok("new", "One", "Song")
        try lib.ok("new", "Two", "Song")
        try lib.ok("edit-song", "Song", "--bpm", "130")
        #expect(try lib.ok("show", "One").contains("130") == false)
        try lib.ok("edit-song", "Song", "--key", "Dm", "--everywhere")
        #expect(try lib.ok("show", "One").contains("D minor"))
        #expect(try lib.ok("show", "Two").contains("D minor"))
        try lib.ok("edit-song", "1", "--in", "Two", "--bpm", "90", "--also-original")
        #expect(try lib.ok("song", "Song").contains("BPM:       90"))
        #expect(!(try lib.ok("show", "One").contains("90")))
        // An empty value clears a field.
        try lib.ok("edit-song", "Song", "--key", "")
        #expect(!(try lib.ok("song", "Song").contains("D minor")))
        let details = try lib.ok("song", "Song")
        #expect(details.contains("'One' #1 (differs: key, bpm)"))
    }

    @Test func renameMoveAndRemoveSongs() throws {
        let lib = try TemporaryLibrary()
        for name in ["A", "B", "C"] { try lib.ok("add-song", name) }
        try lib.ok("new", "P", "A")
        try lib.ok("edit-song", "A", "--name", "A2")
        try lib.ok("move-song", "C", "--to", "1")
        let list = try lib.ok("songs")
        #expect(list.range(of: "1  C")!.lowerBound < list.range(of: "2  A2")!.lowerBound)
        try lib.ok("remove-song", "A2", "B")
        #expect(!(try lib.ok("songs")).contains("A2"))
        // The copy stays, named as it was when copied.
        let show = try lib.ok("show", "P")
        #expect(show.contains("1  A"))
        #expect(show.contains("deleted"))
    }

    @Test func sameTitleNeedsAnId() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Same", "--author", "One")
        let second = try lib.run("add-song", "Same", "--author", "Two")
        #expect(second.status == 0)
        #expect(second.stderr.contains("another song has this title"))
        let ambiguous = try lib.run("song", "same")
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stderr.contains("by One"))
        #expect(ambiguous.stderr.contains("by Two"))
        let id = try #require(ambiguous.stderr.split(separator: "(id ").dropFirst().first?.prefix(8))
        #expect(try lib.ok("song", String(id)).contains("Same"))
    }

    /// A song the repertoire already has (the same title and author, whatever the case, accents
    /// and spacing) is refused, as `import-songs` skips it; `--duplicate` adds it anyway.
    @Test func anExactDuplicateIsRefusedUnlessInsistedOn() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Příběh", "--author", "Lucie")
        try lib.ok("new", "P")
        let before = try lib.snapshot()
        let again = try lib.run("add-song", "pribeh", "--author", "LUCIE", "--to", "P")
        #expect(again.status == 1)
        #expect(again.stderr.hasPrefix("setlist: error: The repertoire already has 'Příběh' by Lucie (id "), "\(again.stderr)")
        #expect(again.stderr.contains("`setlist add \"P\" \"Příběh\"`"), "\(again.stderr)")
        #expect(again.stderr.contains("--duplicate"), "\(again.stderr)")
        #expect(try lib.snapshot() == before)

        let insisted = try lib.run("add-song", "Příběh", "--author", "Lucie", "--duplicate")
        #expect(insisted.status == 0, "\(insisted.stderr)")
        #expect(insisted.stderr.contains("another song has this title too"))
        // Another author, or none, is another song.
        #expect(try lib.run("add-song", "Příběh", "--author", "Jiný").status == 0)
        #expect(try lib.run("add-song", "Příběh").status == 0)
        #expect(try lib.run("add-song", "Příběh").status == 1)
        let songs = try #require(try JSONSerialization.jsonObject(with: lib.run("songs", "--json").stdoutData) as? [[String: Any]])
        #expect(songs.count == 4)
    }
}
