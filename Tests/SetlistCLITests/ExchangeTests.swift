import CLITestSupport
import Foundation
import Testing

/// `setlist export` and `setlist import` through the real binary: the spellings people use, a
/// round trip between two libraries, updates, and bad files that must change nothing.
@Suite struct ExchangeTests {
    static let epoch = ["SOURCE_DATE_EPOCH": "1777660200"]

    /// The corpus of bad documents kept with the unit tests.
    static var corpus: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SetlistExchangeTests/Corpus")
    }

    /// A leader's library with the playlist "Concert" of two songs and a break.
    static func leader() throws -> TemporaryLibrary {
        try TemporaryLibrary.fixture("ExchangeTests.leader") { lib in
            try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--length", "2:20", "--bpm", "250", "--key", "C minor")
            try lib.ok("add-song", "Stairway to Heaven", "--author", "Led Zeppelin", "--length", "1:30", "--bpm", "250", "--key", "D-dur")
            try lib.ok("new", "Concert", "Highway to Hell", "Stairway to Heaven")
            try lib.ok("break", "Concert", "--after", "1", "--label", "Set 2")
        }
    }

    /// Exports "Concert" from `lib` at the fixed time and returns the document.
    static func export(_ lib: TemporaryLibrary, _ arguments: String...) throws -> Data {
        let result = try lib.run(["export"] + arguments + ["-o", "-"], environment: epoch)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdoutData
    }

    @Test func exportSpellingsAndReproducibleBytes() throws {
        let lib = try Self.leader()
        let result = try lib.run(["export", "Concert.plsts"], environment: Self.epoch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Exported 'Concert' (2 songs) to Concert.plsts"))
        let file = try Data(contentsOf: lib.folder.appendingPathComponent("Concert.plsts"))
        #expect(try Self.export(lib) == file)
        #expect(try Self.export(lib, "concert") == file)
        #expect(String(decoding: file, as: UTF8.self).contains("\"exported\" : \"2026-05-01T18:30:00Z\""))
        // With no file named, the playlist's name is used.
        try lib.ok("new", "Můj koncert/2")
        try lib.ok("export")
        #expect(FileManager.default.fileExists(atPath: lib.folder.appendingPathComponent("Můj koncert-2.plsts").path))
        // An unknown playlist is an error naming it.
        let missing = try lib.run("export", "Nothing.plsts")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("No playlist named 'Nothing'"))
    }

    @Test func roundTripBetweenTwoLibraries() throws {
        let leader = try Self.leader()
        let document = try Self.export(leader)
        let path = leader.folder.appendingPathComponent("Concert.plsts")
        try document.write(to: path)
        let member = try TemporaryLibrary()
        let imported = try member.ok("import", path.path)
        #expect(imported.contains("Imported 'Concert'"))
        #expect(imported.contains("2 songs, 2 of them new in your repertoire"))
        #expect(try member.ok("playlists").contains("* "))
        #expect(try Self.export(member) == document)
        // The second import changes nothing at all.
        let before = try member.snapshot()
        #expect(try member.ok("import", path.path).contains("already up to date"))
        #expect(try member.snapshot() == before)
    }

    @Test func aTempoTakenAwayReadsAsOne() throws {
        let leader = try Self.leader()
        let member = try TemporaryLibrary()
        _ = try member.ok("import", "-", stdin: try Self.export(leader))
        try leader.ok("edit-song", "Stairway to Heaven", "--in", "Concert", "--bpm", "")
        let result = try member.run(["import", "--dry-run", "-"], stdin: try Self.export(leader))
        #expect(result.stdout.contains("tempo 250 BPM → none"), "\(result.stdout)")
        #expect(!result.stdout.contains("none BPM"), "\(result.stdout)")
    }

    @Test func updateKeepsTheMembersNotesAndDryRunChangesNothing() throws {
        let leader = try Self.leader()
        let member = try TemporaryLibrary()
        _ = try member.ok("import", "-", stdin: try Self.export(leader))
        try member.ok("edit-song", "Stairway to Heaven", "--in", "Concert", "--notes", "I play the recorder intro")

        try leader.ok("edit-song", "Stairway to Heaven", "--in", "Concert", "--bpm", "120", "--key", "E minor")
        try leader.ok("add-song", "Thunderstruck", "--author", "AC/DC", "--to", "Concert")
        try leader.ok("move", "Concert", "2", "1")
        let update = try Self.export(leader)

        let before = try member.snapshot()
        let dryRun = try member.run(["import", "--dry-run", "-"], stdin: update)
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        for expected in [
            "would update 'Concert'", "key D major → E minor", "tempo 250 → 120 BPM", "+ #3 'Thunderstruck' by AC/DC: added",
            ": moved from #", "new in your repertoire: 'Thunderstruck'", "Nothing was changed (--dry-run).",
        ] {
            #expect(dryRun.stdout.contains(expected), "dry run lacks \(expected):\n\(dryRun.stdout)")
        }
        #expect(try member.snapshot() == before)

        let applied = try member.run(["import", "-"], stdin: update)
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains("Updated 'Concert'"))
        let show = try member.ok("show", "--json")
        #expect(show.contains("I play the recorder intro"))
        #expect(show.contains("\"bpm\" : 120"))
        #expect(try member.ok("show").contains("Thunderstruck"))
        // The member's repertoire gained the new song and kept its own originals as they were.
        #expect(try member.ok("song", "Stairway to Heaven").contains("D major"))
    }

    @Test(
        arguments: try! FileManager.default.contentsOfDirectory(atPath: ExchangeTests.corpus.path).filter { $0.hasSuffix(".plsts") }
            .sorted())
    func badFileIsRefusedAndChangesNothing(_ name: String) throws {
        let member = try TemporaryLibrary.fixture("ExchangeTests.member") { member in
            try member.ok("add-song", "Mine", "--author", "Me")
            try member.ok("new", "Concert", "Mine")
        }
        let before = try member.snapshot()
        let result = try member.run("import", Self.corpus.appendingPathComponent(name).path)
        #expect(result.status == 1)
        #expect(result.stderr.contains(name))
        #expect(result.stderr.hasPrefix("setlist: error: "))
        #expect(try member.snapshot() == before)
    }

    @Test func oversizedFileIsRefusedUnread() throws {
        let member = try TemporaryLibrary()
        try member.ok("add-song", "Mine")
        let big = member.folder.appendingPathComponent("big.plsts")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 40 << 20)
        try handle.close()
        let before = try member.snapshot()
        let result = try member.run("import", "big.plsts")
        #expect(result.status == 1)
        #expect(result.stderr.contains("big.plsts is 40.0 MiB"))
        #expect(try member.snapshot() == before)
    }

    @Test func oneBadFileAmongSeveralImportsNone() throws {
        let leader = try Self.leader()
        try Self.export(leader).write(to: leader.folder.appendingPathComponent("good.plsts"))
        let before = try leader.snapshot()
        let result = try leader.run("import", "good.plsts", Self.corpus.appendingPathComponent("wrong-types.plsts").path, "missing.plsts")
        #expect(result.status == 1)
        #expect(result.stderr.contains("wrong-types.plsts"))
        #expect(result.stderr.contains("Cannot read missing.plsts: there is no such file"))
        #expect(try leader.snapshot() == before)
    }

    @Test func sameNameNeedsRenameOrReplace() throws {
        let leader = try Self.leader()
        let document = try Self.export(leader)
        let member = try TemporaryLibrary()
        try member.ok("add-song", "Mine")
        try member.ok("new", "Concert", "Mine")
        let before = try member.snapshot()
        let refused = try member.run(["import", "-"], stdin: document)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("already has a different playlist named 'Concert'"))
        #expect(refused.stderr.contains("--rename NEW"))
        #expect(try member.snapshot() == before)

        #expect(try member.ok("import", "-", "--rename", "Concert (band)", stdin: document).contains("Imported 'Concert (band)'"))
        let playlists = try member.ok("playlists")
        #expect(playlists.contains("Concert (band)"))
        #expect(playlists.contains("Concert "))

        let other = try TemporaryLibrary()
        try other.ok("new", "Concert")
        let replaced = try other.ok("import", "-", "--replace", stdin: document)
        #expect(replaced.contains("It replaced your playlist 'Concert' (0 songs)"))
        #expect(try other.ok("show", "Concert").contains("Highway to Hell"))
    }

    /// A named pipe called *.json in a folder of the app's files is passed over and named; it
    /// was opened and waited on forever. (Should it be opened, a writer here ends the wait.)
    @Test func aFolderImportPassesOverANamedPipe() throws {
        let lib = try TemporaryLibrary()
        let folder = lib.folder.appendingPathComponent("Documents")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\"name\": \"Zkouška\", \"songs\": [{\"id\": 3, \"name\": \"Intro\"}]}".utf8)
            .write(to: folder.appendingPathComponent("b.json"))
        let pipe = folder.appendingPathComponent("fifo.json").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let stop = lib.folder.appendingPathComponent("stop").path
        Thread.detachNewThread {
            while access(stop, F_OK) != 0 {
                let fd = open(pipe, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { close(fd) }
                usleep(50_000)
            }
        }
        defer { FileManager.default.createFile(atPath: stop, contents: nil) }
        let result = try lib.run("import", folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("passed over \(pipe): it is a named pipe, not a file of the app."), "\(result.stderr)")
        #expect(try lib.ok("playlists").contains("Zkouška"))
    }

    /// Writing into a FIFO (or /dev/stdout, /dev/null) keeps it: an atomic replace would swap it for
    /// a plain file, and for root that means replacing /dev/null itself.
    @Test func exportAndShareWriteIntoAPipeWithoutReplacingIt() throws {
        let lib = try Self.leader()
        try lib.ok("add-contact", "Pepa", "pepa@example.com")
        let expected = try Self.export(lib)
        for arguments in [
            ["export", "Concert", "-o", "pipe"], ["share", "--to", "pepa", "--from", "a@example.com", "--pdf", "none", "--eml", "pipe"],
        ] {
            let path = lib.folder.appendingPathComponent("pipe").path
            unlink(path)
            #expect(mkfifo(path, 0o600) == 0)
            // Opened for reading first, without waiting, so the writer does not block.
            let fd = open(path, O_RDONLY | O_NONBLOCK)
            #expect(fd >= 0)
            defer { close(fd) }
            let result = try lib.run(arguments, environment: Self.epoch)
            #expect(result.status == 0, "\(result.stderr)")
            var info = stat()
            #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "\(arguments[0]) replaced the pipe")
            var received = Data(), buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                received.append(contentsOf: buffer[0..<n])
            }
            if arguments[0] == "export" {
                #expect(received == expected)
            } else {
                #expect(String(decoding: received, as: UTF8.self).hasPrefix("From: a@example.com\r\n"))
            }
        }
    }

    /// The library holds playlists the format refuses (more than 1000 entries); export and share
    /// say so instead of writing or sending a file that no member can import.
    @Test func aPlaylistNoMemberCouldImportIsNotExportedOrShared() throws {
        let lib = try Self.leader()
        // A document of 1000 songs, the most a setlist document holds, then one song more.
        let items = (0..<1000).map { "{ \"id\" : \"c\($0)\", \"name\" : \"Song \($0)\" }" }.joined(separator: ",\n")
        let big = """
            { "format" : "setlist-plsts", "version" : "1.0", "generator" : "test", "exported" : "2026-05-01T18:30:00Z",
              "playlist" : { "id" : "b16", "name" : "Marathon", "items" : [\(items)] } }
            """
        try lib.ok("import", "-", stdin: Data(big.utf8))
        // Commands no longer grow a playlist past the limit; an older library, or a hand edit, can.
        #expect(try lib.run("add", "Marathon", "Highway to Hell").stderr.contains("limit of 1000"))
        let folder = lib.root.appendingPathComponent("playlists")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("marathon") })
        let url = folder.appendingPathComponent(file)
        var playlist = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var entries = try #require(playlist["items"] as? [Any])
        entries.append(["break": "Encore"])
        playlist["items"] = entries
        try JSONSerialization.data(withJSONObject: playlist).write(to: url)
        let export = try lib.run("export", "Marathon", "-o", "marathon.plsts")
        #expect(export.status == 1)
        #expect(export.stderr.contains("'Marathon' cannot be shared as a .plsts file"))
        #expect(export.stderr.contains("playlist.items: has 1001 entries, more than the 1000"))
        #expect(!export.stderr.contains("rename"), "renaming makes it no shorter: \(export.stderr)")
        #expect(export.stderr.contains("`setlist duplicate`"), "\(export.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lib.folder.appendingPathComponent("marathon.plsts").path))
        let share = try lib.run(
            "share", "Marathon", "--to", "pepa@example.com", "--from", "a@example.com", "--pdf", "none", "--eml", "m.eml")
        #expect(share.status == 1)
        #expect(share.stderr.contains("has 1001 entries"))
        #expect(!FileManager.default.fileExists(atPath: lib.folder.appendingPathComponent("m.eml").path))
        // With a song fewer, it exports and imports again.
        try lib.ok("remove-break", "Marathon", "--after", "1000")
        let document = try lib.run("export", "Marathon", "-o", "-")
        #expect(document.status == 0)
        #expect(try TemporaryLibrary().run(["import", "-"], stdin: document.stdoutData).status == 0)
    }

    /// A setlist too large for a .plsts document is not sent to be renamed: splitting it (or the
    /// PDF alone) is what helps, and when notes make it large, shortening them.
    @Test func aSetlistTooLargeToShareGetsAdviceThatHelps() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Long notes", "--notes", String(repeating: "Verse and chorus. ", count: 5_500))
        try lib.ok("new", "Marathon")
        #expect(try lib.run(["add", "Marathon"] + Array(repeating: "Long notes", count: 180)).status == 0)
        let export = try lib.run("export", "Marathon", "-o", "marathon.plsts")
        #expect(export.status == 1)
        #expect(export.stderr.hasPrefix("setlist: error: 'Marathon' cannot be shared as a .plsts file"), "\(export.stderr)")
        #expect(!export.stderr.contains("rename"), "\(export.stderr)")
        #expect(!export.stderr.contains("Ask the sender"), "\(export.stderr)")
        #expect(export.stderr.contains("MiB"), "\(export.stderr)")
        #expect(export.stderr.contains("shorten the longest notes"), "\(export.stderr)")
        #expect(export.stderr.contains("`setlist duplicate`"), "\(export.stderr)")
        #expect(export.stderr.contains("`setlist share --no-plsts`"), "\(export.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lib.folder.appendingPathComponent("marathon.plsts").path))
    }

    /// The import command export suggests is one shell word, whatever the file is called.
    @Test func exportSuggestsAnImportCommandThatPastesIntoAShell() throws {
        let lib = try Self.leader()
        for (name, suggested) in [
            ("Concert", "setlist import Concert.plsts`"), ("Late;set", "setlist import \"Late;set.plsts\"`"),
            ("Gig $5 (cash)", "setlist import 'Gig $5 (cash).plsts'`"),
            ("Bob's `last` gig", #"setlist import 'Bob'\''s `last` gig.plsts'`"#),
        ] {
            try lib.ok("rename", "Concert", name)
            let result = try lib.run("export")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Band members import it with `" + suggested), "\(result.stdout)")
            #expect(FileManager.default.fileExists(atPath: lib.folder.appendingPathComponent(name + ".plsts").path))
            try lib.ok("rename", name, "Concert")
        }
    }

    @Test func usageErrors() throws {
        let lib = try TemporaryLibrary()
        #expect(try lib.run("import").status == 64)
        #expect(try lib.run("import", "a.plsts", "b.plsts", "--rename", "X").status == 64)
        #expect(try lib.run("import", "-", "-").status == 64)
        let badName = try lib.run(["import", "-", "--rename", "bad\u{7}name"], stdin: Data())
        #expect(badName.status == 1)
    }
}
