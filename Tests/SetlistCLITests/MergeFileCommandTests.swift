import CLITestSupport
import Foundation
import SetlistModel
import SetlistStore
import TestLevels
import Testing

@testable import SetlistSupport

/// `setlist merge-file` (git's merge driver), `setlist resolve` and `setlist git-setup`, in-process.
@Suite(.tags(.externalTools), .needs("git")) struct MergeFileCommandTests {
    /// A library with three songs and a playlist of them.
    func seeded() throws -> TemporaryLibrary {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--length", "2:20", "--bpm", "250", "--key", "Cm")
        try lib.ok("add-song", "Stairway to Heaven", "--author", "Led Zeppelin")
        try lib.ok("add-song", "Under the Bridge", "--author", "RHCP")
        try lib.ok("new", "Koncert", "Highway to Hell", "Stairway to Heaven", "Under the Bridge")
        try lib.ok("add-contact", "Pepa Kytara", "pepa@example.com")
        return lib
    }

    /// The three versions of `path` git would hand the driver: the library's file now (base),
    /// after `ours`, and after `theirs` (each made from the base, which is restored between them).
    func versions(_ lib: TemporaryLibrary, _ path: String, ours: () throws -> Void, theirs: () throws -> Void) throws {
        let url = lib.root.appendingPathComponent(path)
        let files = try lib.snapshot()
        try files[path]!.write(to: lib.folder.appendingPathComponent("base.json"))
        try ours()
        try Data(contentsOf: url).write(to: lib.folder.appendingPathComponent("ours.json"))
        try restore(lib, files)
        try theirs()
        try Data(contentsOf: url).write(to: lib.folder.appendingPathComponent("theirs.json"))
        try restore(lib, files)
    }

    func restore(_ lib: TemporaryLibrary, _ files: [String: Data]) throws {
        for name in LibraryFilesOnDisk.playlists(lib) { try FileManager.default.removeItem(at: lib.root.appendingPathComponent(name)) }
        for (path, data) in files { try data.write(to: lib.root.appendingPathComponent(path)) }
    }

    func mergeFile(_ lib: TemporaryLibrary, _ path: String) throws -> RunResult {
        try lib.run("merge-file", "base.json", "ours.json", "theirs.json", path)
    }

    func merged<T: Decodable>(_ lib: TemporaryLibrary, as type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: Data(contentsOf: lib.folder.appendingPathComponent("ours.json")))
    }

    struct SongsFile: Decodable {
        struct Entry: Decodable {
            var id: String
            var name: String
            var bpm: Int?
            var key: String?
            var notes: String?
        }
        var songs: [Entry]
        var conflicts: [Conflict]?
    }

    struct Conflict: Decodable {
        var item: String?
        var field: String
        var subject: String
    }

    @Test func songsAddedAndEditedOnBothSidesAllMerge() throws {
        let lib = try seeded()
        try versions(
            lib, "songs.json",
            ours: {
                try lib.ok("add-song", "Ours")
                try lib.ok("edit-song", "Highway to Hell", "--bpm", "120")
                try lib.ok("remove-song", "Under the Bridge")
            },
            theirs: {
                try lib.ok("add-song", "Theirs")
                try lib.ok("edit-song", "Highway to Hell", "--notes", "Angus counts in")
                try lib.ok("move-song", "Under the Bridge", "--to", "1")
            })
        let result = try mergeFile(lib, "songs.json")
        #expect(result.status == 0, "\(result.stderr)")
        let file = try merged(lib, as: SongsFile.self)
        #expect(Set(file.songs.map(\.name)) == ["Highway to Hell", "Stairway to Heaven", "Ours", "Theirs"])
        let highway = try #require(file.songs.first { $0.name == "Highway to Hell" })
        #expect(highway.bpm == 120 && highway.notes == "Angus counts in")
        #expect(file.conflicts == nil)
    }

    @Test func aPlaylistTakesOneSidesOrderAndTheOthersEdit() throws {
        let lib = try seeded()
        let name = try #require(LibraryFilesOnDisk.playlists(lib).first)
        try versions(
            lib, name,
            ours: {
                try lib.ok("move", "1", "3")
                try lib.ok("break", "--after", "1", "--label", "Set 2")
            },
            theirs: {
                try lib.ok("edit-song", "Highway to Hell", "--in", "Koncert", "--bpm", "99")
                try lib.ok("add", "Under the Bridge")
            })
        let result = try mergeFile(lib, name)
        #expect(result.status == 0, "\(result.stderr)")
        try Data(contentsOf: lib.folder.appendingPathComponent("ours.json")).write(to: lib.root.appendingPathComponent(name))
        let show = try lib.ok("show", "Koncert")
        let lines = show.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("Highway to Hell") }.first?.contains("99") == true, "\(show)")
        let order = ["Stairway to Heaven", "Set 2", "Under the Bridge", "Highway to Hell"].map { show.range(of: $0)!.lowerBound }
        #expect(order == order.sorted(), "\(show)")
        #expect(lines.filter { $0.contains("Under the Bridge") }.count == 2, "\(show)")
    }

    @Test func contactsSettingsAndTheOrderMerge() throws {
        let lib = try seeded()
        try versions(
            lib, "contacts.json", ours: { try lib.ok("add-contact", "Jana", "jana@example.com") },
            theirs: { try lib.ok("add-contact", "Karel", "karel@example.com") })
        #expect(try mergeFile(lib, "contacts.json").status == 0)
        let contacts = String(decoding: try Data(contentsOf: lib.folder.appendingPathComponent("ours.json")), as: UTF8.self)
        for address in ["pepa@", "jana@", "karel@"] { #expect(contacts.contains(address)) }

        // A member's part changed on one side, the instrument on the other: both kept.
        try lib.ok("add-contact", "Eva", "eva@example.com", "--part", "lyrics")
        try versions(
            lib, "contacts.json", ours: { try lib.ok("edit-contact", "Eva", "--instrument", "voice") },
            theirs: { try lib.ok("edit-contact", "Eva", "--part", "Eb") })
        #expect(try mergeFile(lib, "contacts.json").status == 0)
        let parts = String(decoding: try Data(contentsOf: lib.folder.appendingPathComponent("ours.json")), as: UTF8.self)
        #expect(parts.contains(#""instrument" : "voice""#) && parts.contains(#""part" : "Eb""#), "\(parts)")
        // Both changed the part: ours stays, theirs is recorded, and resolve --theirs takes it.
        try versions(
            lib, "contacts.json", ours: { try lib.ok("edit-contact", "Eva", "--part", "Bb") },
            theirs: { try lib.ok("edit-contact", "Eva", "--part", "capo 3") })
        let conflict = try mergeFile(lib, "contacts.json")
        #expect(conflict.status == 1)
        #expect(conflict.stderr.contains("part"), "\(conflict.stderr)")
        try Data(contentsOf: lib.folder.appendingPathComponent("ours.json")).write(to: lib.root.appendingPathComponent("contacts.json"))
        #expect(try lib.ok("contacts").contains("B♭ part"))
        try lib.ok("resolve", "--theirs")
        #expect(try lib.ok("contacts").contains("Capo 3"))

        try lib.ok("config", "sender", "band@example.com")
        try versions(
            lib, "settings.json", ours: { try lib.ok("config", "sender", "ours@example.com") },
            theirs: { try lib.ok("config", "sender", "theirs@example.com") })
        let settings = try mergeFile(lib, "settings.json")
        #expect(settings.status == 1)
        #expect(
            settings.stderr.contains("the setting 'sender', value: ours \"ours@example.com\", theirs \"theirs@example.com\""),
            "\(settings.stderr)")

        try versions(lib, "playlists.json", ours: { try lib.ok("new", "Ours") }, theirs: { try lib.ok("new", "Theirs") })
        let order = try mergeFile(lib, "playlists.json")
        // Both made their new playlist current: ours stays current (it is not the band's content).
        #expect(order.status == 0, "\(order.stderr)")
        let text = String(decoding: try Data(contentsOf: lib.folder.appendingPathComponent("ours.json")), as: UTF8.self)
        #expect(text.contains("ours-") && text.contains("theirs-") && text.contains("koncert-"))
    }

    @Test func aRealConflictKeepsOursRecordsTheirsAndResolveSettlesIt() throws {
        let lib = try seeded()
        try versions(
            lib, "songs.json", ours: { try lib.ok("edit-song", "Highway to Hell", "--bpm", "100", "--length", "3:00") },
            theirs: { try lib.ok("edit-song", "Highway to Hell", "--bpm", "90", "--length", "2:30") })
        let result = try mergeFile(lib, "songs.json")
        #expect(result.status == 1)
        #expect(result.stderr.contains("'Highway to Hell' by AC/DC, length: ours 3:00, theirs 2:30"), "\(result.stderr)")
        let file = try merged(lib, as: SongsFile.self)
        #expect(file.songs[0].bpm == 100)
        #expect(file.conflicts?.map(\.field) == ["length", "bpm"])

        // In the library: it loads, check lists both conflicts, resolve settles them one by one.
        try Data(contentsOf: lib.folder.appendingPathComponent("ours.json")).write(to: lib.root.appendingPathComponent("songs.json"))
        #expect(try lib.ok("song", "Highway to Hell").contains("100"))
        try lib.ok("add-song", "Another") // an ordinary change keeps the conflicts
        let check = try lib.run("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("2 conflicts left by a merge"))
        #expect(check.stdout.contains("2. songs.json: 'Highway to Hell' by AC/DC, bpm: ours 100, theirs 90"), "\(check.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: lib.run("check", "--json").stdoutData) as? [String: Any])
        #expect((json["conflicts"] as? [[String: Any]])?.count == 2)

        #expect(try lib.ok("resolve", "2", "--theirs").contains("bpm: took theirs, 90"))
        #expect(try lib.ok("resolve", "--ours").contains("No conflicts remain."))
        let song = try lib.ok("song", "Highway to Hell")
        #expect(song.contains("90") && song.contains("3:00"), "\(song)")
        #expect(try lib.ok("check").contains("No problems found."))
        #expect(try lib.run("resolve", "--theirs").stderr.contains("There are no conflicts"))
        #expect(try lib.run("resolve").status == 64)
    }

    /// The plan merges part by part, each break's own length by itself, as an import's update does.
    @Test func thePlanMergesPartByPartAndResolveSettlesAPart() throws {
        let lib = try seeded()
        try lib.ok("plan", "--start", "20:00 UTC", "--gap", "20s", "--break-length", "15m")
        try lib.ok("break", "--after", "1", "--label", "Set 2", "--length", "10m")
        try lib.ok("break", "--after", "2", "--label", "Encore", "--length", "5m")
        let name = try #require(LibraryFilesOnDisk.playlists(lib).first)
        func plan() throws -> [String: Any] {
            let data = try Data(contentsOf: lib.folder.appendingPathComponent("ours.json"))
            return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["plan"] as? [String: Any])
        }
        func breaks(_ plan: [String: Any]) -> [String: Int] {
            Dictionary(
                uniqueKeysWithValues: (plan["breaks"] as? [[String: Any]] ?? []).map { ($0["break"] as! String, $0["length"] as! Int) })
        }
        try versions(
            lib, name,
            ours: {
                try lib.ok("plan", "--gap", "30s")
                try lib.ok("break", "--after", "1", "--length", "12m")
            },
            theirs: {
                try lib.ok("plan", "--start", "21:00 UTC", "--target", "1h")
                try lib.ok("break", "--after", "2", "--length", "8m")
            })
        let clean = try mergeFile(lib, name)
        #expect(clean.status == 0, "\(clean.stderr)")
        let both = try plan()
        #expect(both["start"] as? String == "21:00" && both["gap"] as? Int == 30 && both["target"] as? Int == 3600)
        #expect(breaks(both) == ["Set 2": 720, "Encore": 480])

        // Both change the gap and the same break: ours stays, each recorded; the other break merges.
        try versions(
            lib, name,
            ours: {
                try lib.ok("plan", "--gap", "40s")
                try lib.ok("break", "--after", "1", "--length", "20m")
            },
            theirs: {
                try lib.ok("plan", "--gap", "10s")
                try lib.ok("break", "--after", "1", "--length", "30m")
                try lib.ok("break", "--after", "2", "--length", "8m")
            })
        let clash = try mergeFile(lib, name)
        #expect(clash.status == 1)
        #expect(clash.stderr.contains("the plan of 'Koncert', plan.gap: ours 40, theirs 10"), "\(clash.stderr)")
        let kept = try plan()
        #expect(kept["gap"] as? Int == 40 && breaks(kept) == ["Set 2": 1200, "Encore": 480])
        let file = try JSONDecoder().decode(
            PlaylistConflicts.self, from: Data(contentsOf: lib.folder.appendingPathComponent("ours.json")))
        #expect(file.conflicts?.map(\.field) == ["plan.gap", "plan.breaks"])
        try Data(contentsOf: lib.folder.appendingPathComponent("ours.json")).write(to: lib.root.appendingPathComponent(name))
        let check = try lib.run("check")
        #expect(check.status == 1 && check.stdout.contains("plan.gap"), "\(check.stdout)")
        try lib.ok("resolve", "--theirs")
        let settled = try #require(try lib.json("show", "--json")["plan"] as? [String: Any])
        #expect(settled["gap"] as? Int == 10 && breaks(settled) == ["Set 2": 1800, "Encore": 480], "\(settled)")
        #expect(try lib.ok("check").contains("No problems found."))
    }

    struct PlaylistConflicts: Decodable {
        var conflicts: [Conflict]?
    }

    @Test func unreadableOrNewerVersionsAreRefusedAndNothingIsWritten() throws {
        let lib = try seeded()
        try versions(lib, "songs.json", ours: { try lib.ok("add-song", "Ours") }, theirs: { try lib.ok("add-song", "Theirs") })
        let ours = lib.folder.appendingPathComponent("ours.json"), theirs = lib.folder.appendingPathComponent("theirs.json")
        let oursBefore = try Data(contentsOf: ours)
        let good = try Data(contentsOf: theirs)

        try Data(String(decoding: good, as: UTF8.self).replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 7").utf8).write(
            to: theirs)
        let newer = try mergeFile(lib, "songs.json")
        #expect(newer.status == 1)
        #expect(newer.stderr.contains("newer setlist"), "\(newer.stderr)")
        #expect(try Data(contentsOf: ours) == oursBefore)

        try Data("{\"format\": \"setlist-songs\", \"version\": 1, \"songs\": [,]}".utf8).write(to: theirs)
        let broken = try mergeFile(lib, "songs.json")
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("songs.json (their version)"), "\(broken.stderr)")
        #expect(try Data(contentsOf: ours) == oursBefore)

        try Data("{\"name\": \"package\"}".utf8).write(to: theirs)
        try Data("{\"name\": \"package\"}".utf8).write(to: ours)
        #expect(try mergeFile(lib, "package.json").status == 1)

        // A file both sides added (git passes an empty common version): everything from both.
        try Data().write(to: lib.folder.appendingPathComponent("base.json"))
        try oursBefore.write(to: ours)
        try good.write(to: theirs)
        #expect(try mergeFile(lib, "songs.json").status == 0)
        #expect(Set(try merged(lib, as: SongsFile.self).songs.map(\.name)).isSuperset(of: ["Ours", "Theirs"]))
    }

    @Test func gitSetupWritesItsFilesOnceAndNeedsARepository() throws {
        let lib = try seeded()
        let outside = try lib.run("git-setup")
        #expect(outside.status == 1)
        #expect(outside.stderr.contains("is not in a git repository"), "\(outside.stderr)")

        try git(lib.root, "init", "-q")
        try "*.pdf binary\n".write(to: lib.root.appendingPathComponent(".gitattributes"), atomically: true, encoding: .utf8)
        let first = try lib.ok("git-setup")
        #expect(first.contains("merge.setlist.driver"))
        #expect(try lib.ok("git-setup").contains("already set up"))
        let attributes = try String(contentsOf: lib.root.appendingPathComponent(".gitattributes"), encoding: .utf8)
        #expect(attributes == "*.pdf binary\n*.json merge=setlist\n")
        let ignore = try String(contentsOf: lib.root.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignore.contains(".history/\n") && ignore.contains(".lock\n"))
        #expect(try git(lib.root, "config", "merge.setlist.driver") == "setlist merge-file %O %A %B %P\n")
    }

    @discardableResult
    func git(_ folder: URL, _ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        try ChildProcess.start(process)
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: output, as: UTF8.self)
    }
}

/// The playlist files of a test library, as paths relative to it.
enum LibraryFilesOnDisk {
    static func playlists(_ lib: TemporaryLibrary) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: lib.root.appendingPathComponent("playlists").path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { "playlists/" + $0 }
    }
}
