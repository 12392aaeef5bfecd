import Foundation
import JSONTestSupport
import PropertyBased
import SeededRandom
import Testing

@testable import SetlistModel
@testable import SetlistStore

/// Reading part of a library (``LibraryScope``) answers what the command asks as reading the
/// whole library does, and a change to part of it writes the same files.
@Suite struct StoreScopeTests {
    /// Names that look alike folded, like ids, like files, or are empty once folded.
    static let trickyNames = [
        "Koncert", "Kóncert", "KONCERT!", "abcd1234", "Koncert.plsts", "Zkouška 3.3.", "  Mezery  ", "???", "ěščř", "a/b",
    ]

    /// Every way the playlists of `library` may be named, and some that name none.
    static func references(_ library: Library) -> [String?] {
        var references: [String?] = [nil, "nothing like it", "", "   ", "0000", "Koncert.plsts", "koncert"]
        for playlist in library.playlists {
            references += [
                playlist.name, playlist.name.uppercased(), Text.fold(playlist.name), " \(playlist.name) ", playlist.id,
                String(playlist.id.prefix(4)), String(playlist.id.prefix(8)).uppercased(), playlist.name + ".plsts",
            ]
        }
        return references
    }

    static func answer(_ library: Library, _ reference: String?) -> String {
        do {
            let playlist = try library.playlist(matching: reference)
            let differences = playlist.copies.map { library.differences(of: $0).map { $0.sorted() } }
            return "\(playlist) \(differences) \(library.notation) \(library.currentPlaylistID ?? "-")"
        } catch {
            return "\(error)"
        }
    }

    static let input = (StorePropertyTests.anyText.array(of: 0...5), Gen.int(in: 0...2000).array(of: 1...6))

    @Test func aPlaylistReadAloneIsTheOneTheWholeLibraryGives() async throws {
        await propertyCheck(count: 10, input: Self.input.0, Self.input.1, identifierSeed) { names, numbers, ids in
            try withSeededIdentifiers(ids) {
                let folder = StoreFolder()
                var library = StorePropertyTests.library(names: names, numbers: numbers)
                for (index, name) in Self.trickyNames.enumerated() where numbers.contains(where: { $0 % 10 == index }) {
                    library.playlists.append(Playlist(name: name, items: library.playlists.first?.items ?? []))
                }
                library.settings.notation = numbers[0] % 2 == 0 ? "german" : nil
                try folder.store.modify(command: "write") { $0 = library }
                let whole = try folder.store.load()
                for reference in Self.references(whole) {
                    for originals in [true, false] {
                        let part = try folder.store.load(.playlist(reference, originals: originals))
                        // What any name finds is found without reading every playlist (at most three fold alike here).
                        if (try? whole.playlist(matching: reference)) != nil, whole.playlists.count > 3 {
                            #expect(part.playlists.count <= 3, "\(String(describing: reference)) read alone")
                        }
                        if originals {
                            #expect(Self.answer(part, reference) == Self.answer(whole, reference), "\(String(describing: reference))")
                        } else {
                            #expect(
                                (try? part.playlist(matching: reference)) == (try? whole.playlist(matching: reference)),
                                "\(String(describing: reference))")
                        }
                    }
                    let both = try folder.store.load(.playlists(matching: [reference, reference.map { $0 + ".plsts" }]))
                    #expect(both.hasPlaylist(named: (reference ?? "") + ".plsts") == whole.hasPlaylist(named: (reference ?? "") + ".plsts"))
                }
            }
        }
    }

    @Test func songsAloneAndASongWithItsCopies() async throws {
        await propertyCheck(count: 10, input: Self.input.0, Self.input.1, identifierSeed) { names, numbers, ids in
            try withSeededIdentifiers(ids) {
                let folder = StoreFolder()
                let library = StorePropertyTests.library(names: names, numbers: numbers)
                try folder.store.modify(command: "write") { $0 = library }
                let whole = try folder.store.load()
                let songs = try folder.store.load(.songs)
                #expect(songs.songs == whole.songs && songs.settings == whole.settings)
                #expect(songs.playlists.isEmpty)
                let playlists = try folder.store.load(.playlists)
                #expect(
                    playlists.playlists == whole.playlists && playlists.currentPlaylistID == whole.currentPlaylistID
                        && playlists.songs.isEmpty)
                for reference in whole.songs.map(\.name) + whole.songs.map(\.id) + ["nothing like it"] {
                    let part = try folder.store.load(.song(withCopiesOf: reference))
                    #expect(part.songs == whole.songs)
                    let id = try? whole.song(matching: reference).id
                    #expect(id.map { part.copies(of: $0).map(\.playlist) } == id.map { whole.copies(of: $0).map(\.playlist) })
                }
            }
        }
    }

    /// Only the whole library reads the contacts; a change to part of it leaves contacts.json as
    /// it is, even one that does not parse.
    @Test func contactsAreReadWithTheWholeLibraryAlone() throws {
        let folder = StoreFolder()
        try folder.store.modify(command: "write") { library in
            library.addSong(SongFields(name: "Píseň"))
            _ = try library.addPlaylist(named: "Koncert")
            try library.addContact(Contact(name: "Pepa", email: "pepa@example.com"))
        }
        #expect(try folder.store.load().contacts.map(\.name) == ["Pepa"])
        for scope in [LibraryScope.songs, .playlists, .playlist("Koncert"), .song(withCopiesOf: "Píseň")] {
            #expect(try folder.store.load(scope).contacts.isEmpty)
        }
        try folder.write("{ broken", to: LibraryFiles.contacts)
        try folder.store.modify(.songs, command: "add") { $0.addSong(SongFields(name: "Další")) }
        #expect(folder.text(LibraryFiles.contacts) == "{ broken")
        #expect(try folder.store.load(.songs).songs.count == 2)
        #expect(throws: LibraryError.self) { try folder.store.load() }
    }

    /// The same change made with the whole library and with the part it needs.
    @Test func aChangeToPartWritesWhatAChangeToTheWholeWrites() async throws {
        await propertyCheck(count: 10, input: Self.input.0, Self.input.1, identifierSeed) { names, numbers, ids in
            try withSeededIdentifiers(ids) {
                let library = StorePropertyTests.library(names: names, numbers: numbers)
                let reference = library.songs.first.map { numbers[0] % 2 == 0 ? $0.name : $0.id } ?? "none"
                let changes: [(ChangeScope, (inout Library) throws -> Void)] = [
                    (.songs, { $0.songs.append(Song(id: "0123456789abcdef0123456789abcdef", fields: SongFields(name: "Nová", bpm: 90))) }),
                    (.song(withCopiesOf: reference), { _ = try $0.editSong(reference, SongEdit(bpm: .some(77)), everywhere: false) }),
                    (.song(withCopiesOf: reference), { _ = try $0.editSong(reference, SongEdit(key: .some(nil)), everywhere: true) }),
                ]
                for (scope, change) in changes {
                    let whole = StoreFolder(), part = StoreFolder()
                    for folder in [whole, part] { try folder.store.modify(command: "write") { $0 = library } }
                    let a = Result { try whole.store.modify(.everything, command: "c", change) }
                    let b = Result { try part.store.modify(scope, command: "c", change) }
                    #expect(String(describing: a) == String(describing: b))
                    #expect(whole.files() == part.files())
                    #expect(whole.store.history().map(\.paths) == part.store.history().map(\.paths))
                }
            }
        }
    }

    /// A change that reaches beyond its scope (a new playlist in a change to the songs, a rename
    /// in a change to one playlist) is made on the whole library, as if asked so: nothing is lost.
    @Test func aChangeBeyondItsScopeIsMadeOnTheWholeLibrary() throws {
        let library = StorePropertyTests.library(names: ["A", "B"], numbers: [1, 2])
        let changes: [(ChangeScope, (inout Library) throws -> Void)] = [
            (.songs, { library in _ = try library.addPlaylist(named: "Nový") }),
            (.playlist(nil), { library in _ = try library.renamePlaylist(nil, to: "Přejmenovaný") }),
            (.song(withCopiesOf: "A"), { library in library.playlists.removeAll() }),
            (.playlist("nic takového"), { library in library.songs.removeAll() }),
        ]
        for (scope, change) in changes {
            let whole = StoreFolder(), part = StoreFolder()
            for folder in [whole, part] { try folder.store.modify(command: "write") { $0 = library } }
            try whole.store.modify(.everything, command: "c", change)
            try part.store.modify(scope, command: "c", change)
            let (a, b) = (try whole.store.load(), try part.store.load())
            #expect(a.playlists.map(\.name) == b.playlists.map(\.name) && a.songs == b.songs, "\(scope)")
            #expect(a.playlists.map(\.items.count) == b.playlists.map(\.items.count), "\(scope)")
            #expect(try part.store.check().isSound, "\(scope)")
        }
    }

    /// A command that reads one playlist does not stop at a broken file it does not read;
    /// `check` still finds it.
    @Test func aBrokenFileElsewhereDoesNotStopReadingOnePlaylist() throws {
        let folder = StoreFolder()
        try folder.seed()
        try folder.store.modify(command: "other") { library in _ = try library.addPlaylist(named: "Jiný") }
        let other = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.url("playlists").path).first { $0.hasPrefix("jiny") })
        try folder.write("{ broken", to: "playlists/" + other)
        #expect(try folder.store.load(.playlist("Koncert")).playlist(matching: "Koncert").copies.count == 3)
        #expect(throws: LibraryError.self) { try folder.store.load(.playlist("Jiný")) }
        #expect(throws: LibraryError.self) { try folder.store.load() }
        #expect(try !folder.store.check().isSound)
    }

    // MARK: Skimming the song list

    /// The originals of a setlist are read from their objects alone; a list edited by hand (an id
    /// after other keys, a nested value) is read right too.
    @Test func aHandEditedSongListIsStillReadRight() throws {
        let library = StorePropertyTests.library(names: ["A", "B", "C", "D"], numbers: [3, 1, 4])
        let text = String(decoding: LibraryFiles.encode(LibraryFiles.SongsFile(songs: library.songs, conflicts: nil)), as: UTF8.self)
        let target = library.songs[2]
        let idLine = "      \"id\" : \"\(target.id)\",\n"
        let moved = try #require(text.range(of: idLine))
        var edited = text
        edited.removeSubrange(moved)
        // The id last, after the name, with a nested value before it.
        let name = try #require(edited.range(of: "      \"name\" : \"\(target.fields.name)\""))
        edited.insert(
            contentsOf: ",\n      \"extra\" : {\n        \"a\" : 1\n      },\n      \"id\" : \"\(target.id)\"", at: name.upperBound)
        let wanted: Set<String> = [target.id, library.songs[3].id]
        #expect(LibraryFiles.SongsFile.songs(withIDs: wanted, in: Array(edited.utf8)) == library.songs.filter { wanted.contains($0.id) })
    }

    @Test func theSongsLookedForAreTheDecodedOnes() async throws {
        await propertyCheck(count: 20, input: Self.input.0, Self.input.1, identifierSeed) { names, numbers, ids in
            try withSeededIdentifiers(ids) {
                let library = StorePropertyTests.library(names: names, numbers: numbers)
                let data = LibraryFiles.encode(LibraryFiles.SongsFile(songs: library.songs, conflicts: nil))
                let wanted = Set(
                    library.songs.enumerated().filter { numbers[$0.offset % numbers.count] % 2 == 0 }.map(\.element.id) + ["x"])
                let expected = library.songs.filter { wanted.contains($0.id) }
                #expect(LibraryFiles.SongsFile.songs(withIDs: wanted, in: Array(data)) == expected)
                // Line ends changed by a checkout on Windows.
                let crlf = Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
                #expect(LibraryFiles.SongsFile.songs(withIDs: wanted, in: Array(crlf)) == expected)
                // The same file as another program (or a hand) might write it: compact, slashes escaped.
                let compact = try FoundationJSON.compact(data)
                #expect(LibraryFiles.SongsFile.songs(withIDs: wanted, in: Array(compact)) == expected)
            }
        }
    }

    /// What is not a sound song list of this version is read whole instead (nil), so that its
    /// problems are reported as ever; a sound one gives the songs asked for.
    @Test(
        arguments: [
            (#""version": 2, "songs": []"#, nil), (#""songs": []"#, nil), (#""version": 1, "songs": [], "#, nil),
            (#""version": 1, "songs": {}"#, nil), (#""version": 1, "songs": [{"id": "a\u0062"}]"#, nil),
            (#""version": 1, "songs": [{"id": 5}]"#, nil), (#""version": 1} x {"#, nil),
            (#""version": 1, "songs": [{"id": "ab", "name": 3}]"#, nil), (#""version": 1"#, []),
            (#""version": 1, "songs": [], "s\u006fngs": []"#, nil), (#""version": 1, "songs": [{"id": "cd", "name": 3}]"#, []),
            (#""version": 1, "songs": [], "conflicts": []"#, []), (#""version": 1, "songs": [{"id": "a\u0062", "name": "B"}]"#, ["B"]),
            // Keys that are not plain ASCII are read as text before they are compared.
            (#""version": 1, "songs": [{"i\u0064": "ab", "name": "B"}]"#, ["B"]),
            (#""version": 1, "songs": [{"poznámka": 1, "id": "ab", "name": "B"}, {"\u0069d": "cd", "name": "C"}]"#, ["B"]),
            (#""version": 1, "songs": [{"i\d": "ab", "name": "B"}]"#, nil),
        ] as [(String, [String]?)])
    func whatIsNotASoundListIsReadWhole(members: String, names: [String]?) {
        let text = #"{"format": "setlist-songs", "# + members + "}"
        #expect(LibraryFiles.SongsFile.songs(withIDs: ["ab"], in: Array(text.utf8))?.map(\.name) == names, "\(members)")
        #expect(LibraryFiles.SongsFile.songs(withIDs: ["ab"], in: Array(#"{"version": 1, "songs": []}"#.utf8)) == nil, "no format")
    }

    @Test func theOrderFileIsReadAsWritten() async throws {
        await propertyCheck(count: 20, input: Self.input.0, Self.input.1, identifierSeed) { names, numbers, ids in
            try withSeededIdentifiers(ids) {
                let folder = StoreFolder()
                try folder.store.modify(command: "write") { $0 = StorePropertyTests.library(names: names, numbers: numbers) }
                let data = try #require(folder.data(LibraryFiles.playlistOrder))
                let library = try folder.store.load()
                let written = LibraryFiles.PlaylistOrderFile(
                    current: library.currentPlaylistID,
                    playlists: library.playlists.map { .init(id: $0.id, file: Playlist.fileName(name: $0.name, id: $0.id)) })
                for bytes in [data, try FoundationJSON.compact(data)] {
                    #expect(try LibraryFiles.decode(LibraryFiles.PlaylistOrderFile.self, from: bytes, path: "p") == written)
                }
            }
        }
    }

    /// Readers disagree on which of two same keys counts (setlist's decoder took the first, most
    /// others take the last): a library file that has one is refused, naming the line.
    @Test func aKeyGivenTwiceIsRefused() throws {
        let text = "{\"format\": \"setlist-songs\", \"version\": 1, \"songs\": [\n{\"id\": \"ab\", \"name\": \"A\", \"id\": \"cd\"}]}"
        #expect(LibraryFiles.SongsFile.songs(withIDs: ["ab"], in: Array(text.utf8)) == nil)
        let error = #expect(throws: LibraryError.self) {
            try LibraryFiles.decode(LibraryFiles.SongsFile.self, from: Data(text.utf8), path: "songs.json")
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("the field \"id\" stands twice in songs[0] (line 2); keep one of them."))
    }
}
