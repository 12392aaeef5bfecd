import Foundation
import SeededRandom
import Testing

@testable import SetlistModel
@testable import SetlistStore
@testable import SetlistSupport

/// The library folder: formats, versions, file names and errors that name the file.
@Suite struct LibraryOnDiskTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-core-" + UUID().uuidString)
    }

    func sampleLibrary() throws -> Library {
        var library = Library()
        library.addSong(
            SongFields(
                name: "Příběh", author: "Čechomor", length: 200, key: try MusicalKey.parse("fis-moll"), bpm: 96,
                notes: "Intro: housle\nPak všichni"))
        library.addSong(SongFields(name: "Highway to Hell"))
        let index = try library.addPlaylist(named: "Koncert v Praze 15.2.2010")
        try library.insertCopies(of: library.songs, into: index, at: nil)
        try library.addBreak(in: index, after: 1, label: "Přídavek")
        try library.addContact(Contact(name: "Pepa Kytara", email: "pepa@example.com"))
        library.settings.sender = "Jirka <jirka@example.com>"
        return library
    }

    /// The byte check of a playlist file name read from the order file is the rule as first
    /// written, by Unicode property, on random names.
    @Test func safeFileNamesAreTheRulesByBytes() {
        func byProperty(_ name: String) -> Bool {
            name.hasSuffix(".json") && !name.hasPrefix(".") && name.count <= 255
                && name.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == ".")
                }
                && !name.contains("..")
        }
        var random = seededGenerator(for: "LibraryOnDiskTests.safeFileNamesAreTheRulesByBytes")
        let pieces = ["a", "Z", "7", "-", "_", ".", "ª", "é", "İ", "\r\n", "/", " ", "\u{0}", "~", "ǅ", String(repeating: "x", count: 120)]
        for _ in 0..<5000 {
            let name =
                (Bool.random(using: &random) ? "." : "")
                + (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
                + (Int.random(in: 0..<4, using: &random) == 0 ? "" : ".json")
            #expect(LibraryFiles.isSafePlaylistFileName(name) == byProperty(name), "\(name)")
        }
    }

    /// A randomised test repeated from its printed seed writes the same files, ids and all: under
    /// ``withSeededIdentifiers(_:_:)`` every id comes from the seed (issue 36).
    @Test func aSeededRunWritesTheSameFilesAgain() throws {
        func run(_ seed: UInt64) throws -> (files: [String: Data], ids: [String]) {
            let folder = StoreFolder()
            try withSeededIdentifiers(seed) {
                try folder.store.modify(command: "sample") { $0 = try sampleLibrary() }
                try folder.store.modify(command: "more") { library in
                    try library.duplicatePlaylist(at: 0, as: "Again")
                    try library.insertCopies(of: [library.addSong(SongFields(name: "Later"))], into: 1, at: nil)
                }
            }
            let library = try folder.store.load()
            return (folder.files(), library.songs.map(\.id) + library.playlists.flatMap { [$0.id] + $0.copies.map(\.id) })
        }
        var random = seededGenerator(for: "LibraryOnDiskTests.aSeededRunWritesTheSameFilesAgain")
        let seed = random.next()
        let first = try run(seed)
        #expect(first.ids.count == 10 && Set(first.ids).count == 10)
        let songs = String(decoding: try #require(first.files["songs.json"]), as: UTF8.self)
        #expect(first.ids.prefix(3).allSatisfy { songs.contains("\"\($0)\"") }, "the ids are in the files compared")
        #expect(try run(seed).files == first.files)
        #expect(try run(seed &+ 1).files != first.files, "another seed, other ids")
    }

    @Test func roundTrip() throws {
        let store = LibraryStore(root: folder)
        let library = try sampleLibrary()
        try store.modify { $0 = library }
        #expect(try store.load() == library)
    }

    @Test func filesArePrettySortedAndVersioned() throws {
        let store = LibraryStore(root: folder)
        let library = try sampleLibrary()
        try store.modify { $0 = library }
        let songs = try String(contentsOf: folder.appendingPathComponent("songs.json"), encoding: .utf8)
        #expect(songs.contains("\"version\" : 1"))
        #expect(songs.contains("\"format\" : \"setlist-songs\""))
        #expect(songs.contains("\"key\" : \"F# minor\""))
        // Sorted keys: author before id before key before length before name.
        let author = songs.range(of: "\"author\"")!.lowerBound, name = songs.range(of: "\"name\"")!.lowerBound
        #expect(author < name)
        #expect(songs.hasSuffix("}\n"))
        let before = try Data(contentsOf: folder.appendingPathComponent("songs.json"))
        try store.modify { $0.settings.sendmail = "/usr/sbin/sendmail" }
        #expect(try Data(contentsOf: folder.appendingPathComponent("songs.json")) == before, "unchanged files are not rewritten")
    }

    /// A change keeps every file whose content it did not change as it was, in a layout of its
    /// own too (a hand edit, another tool), and writes the ones it changed in setlist's layout.
    @Test func filesAChangeDidNotTouchKeepTheirOwnLayout() throws {
        let store = LibraryStore(root: folder)
        try store.modify { $0 = try sampleLibrary() }
        let playlistPath = try #require(
            FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("playlists").path).first.map { "playlists/" + $0 }
        )
        // The same content on one line each, as another program might write it.
        var layouts: [String: Data] = [:]
        let before = try store.load()
        for path in ["songs.json", playlistPath] {
            let url = folder.appendingPathComponent(path)
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
            layouts[path] = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            try layouts[path]!.write(to: url)
        }
        #expect(try store.load() == before, "the library reads the same")
        try store.modify { $0.settings.sendmail = "/usr/sbin/sendmail" }
        #expect(try Data(contentsOf: folder.appendingPathComponent("songs.json")) == layouts["songs.json"])
        #expect(try Data(contentsOf: folder.appendingPathComponent(playlistPath)) == layouts[playlistPath])
        // Changing an original rewrites the songs, in setlist's layout, and still not the playlist.
        try store.modify { $0.songs[0].fields.bpm = 97 }
        let songs = try String(contentsOf: folder.appendingPathComponent("songs.json"), encoding: .utf8)
        #expect(songs.contains("\"bpm\" : 97"))
        #expect(try Data(contentsOf: folder.appendingPathComponent(playlistPath)) == layouts[playlistPath])
        // Changing a copy rewrites its playlist.
        try store.modify { library in
            guard case .song(var copy) = library.playlists[0].items[0] else { return }
            copy.fields.bpm = 131
            library.playlists[0].items[0] = .song(copy)
        }
        let playlist = try String(contentsOf: folder.appendingPathComponent(playlistPath), encoding: .utf8)
        #expect(playlist.contains("\"bpm\" : 131"))
        #expect(try store.load().playlists[0].copies[0].fields.bpm == 131)
    }

    @Test(arguments: [
        "../../etc/passwd", "a/b", "..", ".", "Koncert v Praze 15.2.2010", String(repeating: "Příliš dlouhé jméno ", count: 40), "🎸🎸",
        "CON", "///",
    ])
    func playlistFileNamesStayInsideTheFolder(name: String) {
        let file = Playlist.fileName(name: name, id: "0123456789abcdef")
        #expect(LibraryFiles.isSafePlaylistFileName(file))
        #expect(!file.contains("/"))
        #expect(!file.contains(".."))
        #expect(file.count <= 70)
        #expect(file.hasSuffix("-01234567.json"))
    }

    @Test func newerVersionIsRefusedAndLeftUntouched() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("songs.json")
        let text = #"{"format": "setlist-songs", "version": 7, "songs": [], "newThing": true}"#
        try text.write(to: path, atomically: true, encoding: .utf8)
        let store = LibraryStore(root: folder)
        #expect { try store.load() } throws: { error in
            guard case LibraryError.newerFormat(_, let found, _) = error else { return false }
            return found == 7 && "\(error)".contains("songs.json")
        }
        #expect(throws: LibraryError.self) { try store.modify { $0.addSong(SongFields(name: "X")) } }
        #expect(try String(contentsOf: path, encoding: .utf8) == text)
    }

    @Test func olderOrSameVersionWithUnknownFieldsIsRead() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = #"{"format": "setlist-songs", "version": 1, "songs": [{"id": "abc123", "name": "Old", "extra": 1}]}"#
        try text.write(to: folder.appendingPathComponent("songs.json"), atomically: true, encoding: .utf8)
        #expect(try LibraryStore(root: folder).load().songs.map(\.name) == ["Old"])
    }

    @Test func brokenJSONNamesLineAndColumnAndIsNeverOverwritten() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("songs.json")
        let text = "{\n  \"format\": \"setlist-songs\",\n  \"version\": 1,\n  \"songs\": [ { \"id\": \"a\", \"name\": } ]\n}\n"
        try text.write(to: path, atomically: true, encoding: .utf8)
        let store = LibraryStore(root: folder)
        do {
            try store.modify { $0.addSong(SongFields(name: "New")) }
            Issue.record("a broken file must stop the change")
        } catch {
            let message = "\(error)"
            #expect(message.contains(path.path))
            #expect(message.contains("line 4"))
        }
        #expect(try String(contentsOf: path, encoding: .utf8) == text)
    }

    @Test func wrongTypeNamesTheField() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text =
            #"{"format": "setlist-songs", "version": 1, "songs": [{"id": "a", "name": "A"}, {"id": "b", "name": "B", "bpm": "fast"}]}"#
        try text.write(to: folder.appendingPathComponent("songs.json"), atomically: true, encoding: .utf8)
        #expect { try LibraryStore(root: folder).load() } throws: { "\($0)".contains("songs[1].bpm") }
    }

    @Test func invalidUTF8IsReported() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var data = Data(#"{"format": "setlist-songs", "version": 1, "songs": [{"id": "a", "name": "A"#.utf8)
        data.append(contentsOf: [0xC3, 0x28])
        data.append(contentsOf: Data(#""}]}"#.utf8))
        try data.write(to: folder.appendingPathComponent("songs.json"))
        #expect { try LibraryStore(root: folder).load() } throws: { "\($0)".contains("songs.json") }
    }

    @Test func missingFolderIsAnEmptyLibraryAndIsCreatedOnFirstWrite() throws {
        let store = LibraryStore(root: folder.appendingPathComponent("a/b"))
        #expect(try store.load() == Library())
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        try store.modify { $0.addSong(SongFields(name: "First")) }
        #expect(try store.load().songs.count == 1)
    }

    @Test func renamingAPlaylistRenamesItsFile() throws {
        let store = LibraryStore(root: folder)
        try store.modify { try $0.addPlaylist(named: "Old name") }
        try store.modify { try $0.renamePlaylist(at: 0, to: "Nové jméno") }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("playlists").path)
        #expect(files.count == 1)
        #expect(files[0].hasPrefix("nove-jmeno-"))
    }

    @Test func locationFollowsOptionThenEnvironment() {
        let env = ["HOME": "/home/u", "XDG_DATA_HOME": "/xdg", "SETLIST_HOME": "/sl"]
        #expect(LibraryLocation.resolve(option: "lib", environment: env, currentDirectory: "/cwd").path == "/cwd/lib")
        #expect(LibraryLocation.resolve(option: nil, environment: env, currentDirectory: "/cwd").path == "/sl")
        #expect(
            LibraryLocation.resolve(option: nil, environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/xdg"], currentDirectory: "/").path
                == "/xdg/setlist")
        #expect(
            LibraryLocation.resolve(option: nil, environment: ["HOME": "/home/u"], currentDirectory: "/").path
                == "/home/u/.local/share/setlist")
    }

    @Test func theStateFolderIsTheXDGOne() {
        #expect(LibraryLocation.stateFolder(environment: ["HOME": "/home/u", "XDG_STATE_HOME": "/s"])?.path == "/s/setlist")
        #expect(
            LibraryLocation.stateFolder(environment: ["HOME": "/home/u", "XDG_STATE_HOME": "rel"])?.path == "/home/u/.local/state/setlist")
        #expect(LibraryLocation.stateFolder(environment: ["HOME": "/home/u"])?.path == "/home/u/.local/state/setlist")
        #expect(LibraryLocation.stateFolder(environment: ["HOME": ""]) == nil)
        #expect(LibraryLocation.stateFolder(environment: [:]) == nil)
    }
}

/// Documents written with `-o` may go to a pipe or device; those are written into, not replaced.
@Suite struct AtomicFileTargetTests {
    @Test func aPipeIsWrittenIntoNotReplaced() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-fifo-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        nonisolated(unsafe) var received = Data()
        let reader = Thread {
            if let handle = FileHandle(forReadingAtPath: fifo.path) { received = handle.readDataToEndOfFile() }
        }
        reader.start()
        try AtomicFile.write(Data("setlist".utf8), to: fifo)
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        #expect(String(decoding: received, as: UTF8.self) == "setlist")
        var info = stat()
        #expect(stat(fifo.path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
    }
}

@Suite struct ListedButBrokenPlaylistTests {
    /// A playlist file the order file lists but that does not parse is one problem, not also an
    /// orphan "not listed" one.
    @Test func aBrokenListedPlaylistIsReportedOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-core-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = LibraryStore(root: folder)
        try store.modify { try $0.addPlaylist(named: "Koncert") }
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("playlists").path).first)
        try "{ broken".write(to: folder.appendingPathComponent("playlists/" + name), atomically: true, encoding: .utf8)
        #expect { try store.load() } throws: { error in
            let text = "\(error)"
            return text.contains(name) && !text.contains("is not listed")
        }
    }
}
