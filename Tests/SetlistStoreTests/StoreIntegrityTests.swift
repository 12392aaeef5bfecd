import Foundation
import SeededRandom
import Testing

@testable import SetlistModel
@testable import SetlistStore
@testable import SetlistSupport

/// `check`, `check --repair` and finishing changes cut short by a crash.
@Suite struct StoreIntegrityTests {
    let folder = StoreFolder()

    func playlistFile() throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url("playlists").path)
        return "playlists/" + (try #require(names.first { $0.hasSuffix(".json") && !$0.hasPrefix(".") }))
    }

    @Test func aSoundLibraryHasNoProblems() throws {
        try folder.seed()
        let report = try folder.store.check()
        #expect(report.isSound)
        #expect(report.problems.isEmpty)
        #expect((report.songCount, report.playlistCount, report.copyCount, report.contactCount) == (3, 1, 3, 1))
    }

    @Test func everyProblemIsReportedAtOnceWithItsPlace() throws {
        try folder.seed()
        let loaded = try folder.store.load()
        let firstID = loaded.songs[0].id, secondID = loaded.songs[1].id
        try folder.write("{\n  \"format\": \"setlist-contacts\",\n  \"version\": 1,\n  \"contacts\": [,]\n}\n", to: "contacts.json")
        try folder.write(
            "{\"format\":\"setlist-playlist\",\"version\":1,\"id\":\"orphan1\",\"name\":\"Lost\",\"items\":[]}",
            to: "playlists/lost-orphan1.json")
        let songs = try #require(folder.text("songs.json"))
        try folder.write(songs.replacingOccurrences(of: secondID, with: firstID), to: "songs.json")

        let report = try folder.store.check()
        let text = report.problems.map(\.description)
        #expect(report.problems.count == 3, "\(text)")
        #expect(text.contains { $0.contains("contacts.json") && $0.contains("line 4") })
        #expect(text.contains { $0.contains("playlists/lost-orphan1.json") && $0.contains("not listed") })
        #expect(text.contains { $0.contains("songs.json") && $0.contains(firstID) })
        // Repair acts on these kinds, never on the wording of the messages.
        #expect(report.problems.map(\.kind).sorted { "\($0)" < "\($1)" } == [.playlistOrder, .repeatedID, .unreadableFile])
        let json = String(decoding: JSONFormat.bytes(of: report.problems[0]), as: UTF8.self)
        #expect(json.contains("\"path\"") && json.contains("\"detail\"") && !json.contains("kind"), "check --json keeps {path, detail}")
        #expect(throws: LibraryError.self) { try folder.store.modify { $0.addSong(SongFields(name: "No")) } }
    }

    @Test func repairAdoptsOrphansAndDropsMissingFilesWithoutLosingData() throws {
        try folder.seed()
        let orphan =
            "{\"format\":\"setlist-playlist\",\"version\":1,\"id\":\"0rphan00\",\"name\":\"Lost\",\"items\":[{\"id\":\"c1\",\"name\":\"Kept\"}]}"
        try folder.write(orphan, to: "playlists/lost-0rphan00.json")
        let order = try #require(folder.text("playlists.json"))
        let missing = order.replacingOccurrences(
            of: "\"playlists\" : [", with: "\"playlists\" : [\n    { \"file\" : \"gone-12345678.json\", \"id\" : \"12345678\" },")
        try folder.write(missing, to: "playlists.json")
        #expect(try !folder.store.check().isSound)

        let report = try folder.store.repair()
        #expect(report.remaining.isSound, "\(report.remaining.problems)")
        #expect(report.actions.contains { $0.contains("0rphan00") && $0.contains("put it back") })
        #expect(report.actions.contains { $0.contains("12345678") && $0.contains("does not exist") })
        let library = try folder.store.load()
        #expect(library.playlists.map(\.name) == ["Koncert", "Lost"])
        #expect(library.playlists[1].copies.map(\.name) == ["Kept"])
        #expect(library.playlists[0].copies.count == 3)
        #expect(folder.store.history().first?.command == "setlist check --repair")
    }

    @Test func repairGivesRepeatedIdsAndNamesNewOnes() throws {
        try folder.seed()
        let library = try folder.store.load()
        let songs = try #require(folder.text("songs.json"))
        try folder.write(songs.replacingOccurrences(of: library.songs[2].id, with: library.songs[0].id), to: "songs.json")
        let file = try playlistFile()
        try folder.write(
            try #require(folder.text(file)).replacingOccurrences(
                of: library.playlists[0].copies[1].id, with: library.playlists[0].copies[0].id), to: file)

        let report = try folder.store.repair()
        #expect(report.remaining.isSound, "\(report.remaining.problems)")
        #expect(report.actions.count == 2, "\(report.actions)")
        let repaired = try folder.store.load()
        #expect(Set(repaired.songs.map(\.id)).count == 3)
        #expect(repaired.songs.map(\.name) == ["Song 1", "Song 2", "Song 3"])
        #expect(Set(repaired.playlists[0].copies.map(\.id)).count == 3)
    }

    @Test func repairAdoptsAnOrphanWhoseIdIsTakenUnderANewId() throws {
        try folder.seed()
        let file = try playlistFile()
        let copy = try #require(folder.text(file)).replacingOccurrences(of: "\"Koncert\"", with: "\"Kopie\"")
        try folder.write(copy, to: "playlists/kopie-dup.json")
        let report = try folder.store.repair()
        #expect(report.remaining.isSound, "\(report.remaining.problems)")
        let library = try folder.store.load()
        #expect(library.playlists.map(\.name) == ["Koncert", "Kopie"])
        #expect(library.playlists[0].id != library.playlists[1].id)
        #expect(library.playlists[1].copies.count == 3)
    }

    /// A sync tool's conflict copy has a name the order file may not hold: repair moves it to the
    /// playlist's own file name (instead of listing a name every later check refuses), and the
    /// history entry of the repair stays readable, so undo puts the conflict copy back.
    @Test(arguments: [false, true])
    func repairMovesAnOrphanWithAnUnsafeFileNameAndUndoPutsItBack(idTaken: Bool) throws {
        try folder.seed()
        let file = try playlistFile()
        var copy = try #require(folder.text(file)).replacingOccurrences(of: "\"Koncert\"", with: "\"Kopie\"")
        if !idTaken {
            let id = try folder.store.load().playlists[0].id
            copy = copy.replacingOccurrences(of: id, with: "0123456789abcdef0123456789abcdef")
        }
        let conflict = "playlists/koncert (conflicted copy 2026-02-15).json"
        try folder.write(copy, to: conflict)

        let report = try folder.store.repair()
        #expect(report.remaining.isSound, "\(report.remaining.problems)")
        #expect(try folder.store.check().isSound, "a second check finds nothing left")
        #expect(try folder.store.repair().actions.isEmpty, "a second repair has nothing to do")
        #expect(folder.data(conflict) == nil)
        let library = try folder.store.load()
        #expect(library.playlists.map(\.name) == ["Koncert", "Kopie"])
        #expect(library.playlists[1].copies.count == 3)
        if !idTaken { #expect(library.playlists[1].id == "0123456789abcdef0123456789abcdef") }

        let history = folder.store.history()
        #expect(history.first?.command == "setlist check --repair")
        #expect(history.first?.paths.contains(conflict) == true, "\(history)")
        _ = try folder.store.undo()
        #expect(folder.text(conflict) == copy)
        let undone = try folder.store.check()
        #expect(undone.playlistCount == 1)
        #expect(undone.problems.map(\.path) == [conflict], "the conflict copy is an orphan again")
    }

    /// A repair that mends the order and then ids is one change: one undo takes all of it back.
    @Test func oneUndoTakesBackAWholeRepair() throws {
        try folder.seed()
        try folder.store.modify(command: "setlist add-song Later") { $0.addSong(SongFields(name: "Later")) }
        let file = try playlistFile()
        // A copy of the playlist under another id and name repeats its copy ids.
        let copy = try #require(folder.text(file)).replacingOccurrences(of: "\"Koncert\"", with: "\"Kopie\"")
            .replacingOccurrences(of: try folder.store.load().playlists[0].id, with: "0123456789abcdef0123456789abcdef")
        try folder.write(copy, to: "playlists/kopie-01234567.json")
        let damaged = folder.files()

        let report = try folder.store.repair()
        #expect(report.remaining.isSound, "\(report.remaining.problems)")
        #expect(report.actions.contains { $0.contains("put it back") })
        #expect(report.actions.contains { $0.contains("repeated the copy id") })
        let history = folder.store.history()
        #expect(history.map(\.command).prefix(2) == ["setlist check --repair", "setlist add-song Later"])
        #expect(Set(history[0].paths) == ["playlists.json", "playlists/kopie-01234567.json"])

        let undone = try folder.store.undo()
        #expect(undone.command == "setlist check --repair")
        #expect(folder.files() == damaged)
        #expect(folder.store.history().first?.command == "setlist add-song Later")
    }

    @Test func repairNeverTouchesAFileThatDoesNotParse() throws {
        try folder.seed()
        try folder.write("{ broken", to: "songs.json")
        try folder.write(
            "{\"format\":\"setlist-playlist\",\"version\":1,\"id\":\"ab\",\"name\":\"X\",\"items\":[]}", to: "playlists/x-ab.json")
        let report = try folder.store.repair()
        #expect(folder.text("songs.json") == "{ broken")
        #expect(report.actions.contains { $0.contains("x-ab.json") }, "the order is still repaired")
        #expect(report.remaining.problems.count == 1)
        #expect(report.remaining.problems[0].path.hasSuffix("songs.json"))
    }

    @Test func controlCharactersInHandEditedFilesAreReportedAndCleaned() throws {
        try folder.seed()
        let songs = try #require(folder.text("songs.json")).replacingOccurrences(of: "\"Song 2\"", with: "\"Song\\u0007 2\\u202E\"")
        try folder.write(songs, to: "songs.json")
        let report = try folder.store.check()
        #expect(report.problems.count == 1)
        #expect(report.problems[0].detail.contains("U+0007"))
        #expect(report.problems[0].detail.contains("songs[1]"))
        #expect(try folder.store.repair().remaining.isSound)
        #expect(try folder.store.load().songs[1].name == "Song  2")
    }

    /// A setlist renamed differently on two computers that a sync tool brought back as two files
    /// with one id: check names it as such, repair joins them into one setlist whose name is a
    /// conflict (the other file kept in the history's folder), a second repair finds nothing, and
    /// undo takes the merge back.
    @Test func repairJoinsTheTwoFilesOfASetlistRenamedApart() throws {
        try folder.seed()
        let listed = try playlistFile()
        let original = try #require(folder.text(listed))
        let playlist = try #require(try folder.store.load().playlists.first)
        let renamed = "playlists/" + Playlist.fileName(name: "Elsewhere", id: playlist.id)
        try folder.write(
            original.replacingOccurrences(of: "\"name\" : \"\(playlist.name)\"", with: "\"name\" : \"Elsewhere\""), to: renamed)
        let problems = try folder.store.check().problems
        #expect(problems.count == 1 && problems[0].path == renamed, "\(problems)")
        #expect(problems[0].detail.contains("renamed differently on two computers"), "\(problems)")

        let repair = try folder.store.repair()
        #expect(repair.actions.count == 1 && repair.actions[0].contains("merged into \(listed)"), "\(repair.actions)")
        let library = try folder.store.load()
        #expect(library.playlists.count == 1 && library.playlists[0].id == playlist.id && library.playlists[0].copies == playlist.copies)
        #expect(library.conflicts.map(\.field) == ["name"])
        #expect(folder.text(renamed) == nil)
        #expect(folder.text(".history/sync-conflicts/" + renamed.replacingOccurrences(of: "/", with: "_")) != nil)
        #expect(try folder.store.repair().actions.isEmpty)
        // As for a sync tool's copy: undo takes the merge back, the other file stays kept.
        _ = try folder.store.undo()
        #expect(folder.text(listed) == original)
    }

    /// A name of nothing but spaces (another program wrote it) is said and named "Untitled", a
    /// song's and a playlist's alike.
    @Test func aBlankNameIsReportedAndRepaired() throws {
        try folder.seed()
        try folder.write(try #require(folder.text("songs.json")).replacingOccurrences(of: "\"Song 2\"", with: "\"  \""), to: "songs.json")
        let file = try playlistFile()
        let playlist = try #require(folder.text(file))
        let name = try #require(try folder.store.load().playlists.first?.name)
        try folder.write(playlist.replacingOccurrences(of: "\"name\" : \"\(name)\"", with: "\"name\" : \" \""), to: file)
        let report = try folder.store.check()
        let details = report.problems.map(\.detail)
        #expect(details.count == 2 && details.allSatisfy { $0.hasSuffix("the name is empty.") }, "\(details)")
        let repair = try folder.store.repair()
        #expect(repair.actions.filter { $0.contains("named it 'Untitled'") }.count == 2, "\(repair.actions)")
        #expect(repair.remaining.isSound)
        let library = try folder.store.load()
        #expect(library.songs[1].name == "Untitled" && library.playlists[0].name == "Untitled")
    }

    /// A playlist's copies and breaks are cleaned where they stand, and only those: the copies
    /// without a control character keep their values.
    @Test func controlCharactersInAPlaylistAreReportedAndCleanedWhereTheyStand() throws {
        try folder.seed()
        try folder.store.modify { library in
            try library.addBreak(in: 0, after: 1, label: "Pauza")
            guard case .song(var copy) = library.playlists[0].items[0] else { return }
            copy.fields.notes = "Intro\n\tSólo"
            library.playlists[0].items[0] = .song(copy)
        }
        let file = try playlistFile()
        let edited = try #require(folder.text(file))
            .replacingOccurrences(of: "\"Song 1\"", with: "\"Song\\u0007 1\"")
            .replacingOccurrences(of: "Intro\\n\\tSólo", with: "Intro\\n\\tS\\u001bólo")
            .replacingOccurrences(of: "\"Pauza\"", with: "\"Pau\\u202Eza\"")
        let lastAuthor = try #require(edited.range(of: "\"Band\"", options: .backwards))
        try folder.write(edited.replacingCharacters(in: lastAuthor, with: "\"Ba\\u0085nd\""), to: file)
        let report = try folder.store.check()
        let details = report.problems.map(\.detail)
        #expect(report.problems.count == 4, "\(details)")
        #expect(details.contains { $0.contains("song 1 'Song  1'") && $0.contains("the name") && $0.contains("U+0007") })
        #expect(details.contains { $0.contains("song 1 'Song  1'") && $0.contains("the notes") && $0.contains("U+001B") })
        #expect(details.contains { $0.contains("items[1]") && $0.contains("the break label") && $0.contains("U+202E") })
        #expect(details.contains { $0.contains("song 3 'Song 3'") && $0.contains("the author") && $0.contains("U+0085") })
        #expect(try folder.store.repair().remaining.isSound)
        let items = try folder.store.load().playlists[0].items
        let copies = items.compactMap { if case .song(let copy) = $0 { copy } else { nil } }
        #expect(copies.map(\.name) == ["Song  1", "Song 2", "Song 3"])
        #expect(copies.map(\.fields.author) == ["Band", "Band", "Ba nd"])
        #expect(copies[0].fields.notes == "Intro\n\tSólo")
        #expect(items.contains(.setBreak("Pau za")))
    }

    /// A folder where a library file belongs is an error that says so: read whole (`songs`) or
    /// skimmed for one playlist's originals (`show`), checked, repaired and undone, it is never
    /// written over or taken for a file that is missing (the last change created the file, so a
    /// missing one would be a change to finish). A named pipe in its place needs a real process,
    /// as a wait on it cannot be stopped: EndToEndTests/PipeInLibraryTests.
    @Test(arguments: ["songs.json", "playlists.json"])
    func aFolderInAFilesPlaceIsNamedAndLeftAlone(file: String) throws {
        try folder.seed()
        let path = folder.url(file).path
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let expected = "\(file): It is a folder, not a file."
        for scope in [file == "songs.json" ? LibraryScope.songs : .playlists, .playlist("Koncert"), .everything] {
            #expect {
                _ = try folder.store.load(scope)
            } throws: { error in
                "\(error)".contains(expected)
            }
        }
        #expect(try folder.store.check().problems.contains { $0.description.contains(expected) })
        #expect(try folder.store.repair().remaining.problems.contains { $0.description.contains(expected) })
        #expect(throws: (any Error).self) { try folder.store.undo() }
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue, "left as it was")
    }

    @Test func numbersOutOfRangeAreReportedButNotGuessed() throws {
        try folder.seed()
        try folder.write(
            try #require(folder.text("songs.json")).replacingOccurrences(of: "\"bpm\" : 120", with: "\"bpm\" : 0"), to: "songs.json")
        let report = try folder.store.repair()
        #expect(report.remaining.problems.count == 3)
        #expect(report.remaining.problems.allSatisfy { $0.detail.contains("tempo 0") })
    }

    /// A file with a value of the wrong kind and another out of range: one run of `check` names
    /// both (it took two, the second after the first was fixed), and repair still leaves the
    /// file alone (issue 46).
    @Test func valuesOfTheWrongKindAndOutOfRangeAreReportedInOneRun() throws {
        try folder.seed()
        let songs = try #require(folder.text("songs.json"))
        let edited = songs.replacingOccurrences(of: "\"bpm\" : 120", with: "\"bpm\" : \"fast\"")
            .replacingOccurrences(of: "\"length\" : 102", with: "\"length\" : -5")
        #expect(edited != songs)
        try folder.write(edited, to: "songs.json")
        let playlist = try playlistFile()
        let copies = try #require(folder.text(playlist)).replacingOccurrences(of: "\"length\" : 101", with: "\"length\" : \"1:41\"")
            .replacingOccurrences(of: "\"length\" : 103", with: "\"length\" : 0")
        try folder.write(copies, to: playlist)
        let details = try folder.store.check().problems.map(\.detail)
        #expect(details.contains { $0.contains("songs[0].bpm: expected a number") }, "\(details)")
        #expect(details.contains { $0.contains("'Song 2': the length -5 s is outside") }, "\(details)")
        #expect(details.contains { $0.contains("expected a number, found the text \"1:41\"") }, "\(details)")
        #expect(details.contains { $0.contains("'Song 3'") && $0.contains("the length 0 s is outside") }, "\(details)")
        _ = try folder.store.repair()
        #expect(folder.text("songs.json") == edited)
        #expect(folder.text(playlist) == copies)
    }

    // MARK: Crashes

    /// Records a change in the history and writes only the files `written` of it, as a process
    /// killed in the middle of its writes would have left them.
    func interruptedChange(_ body: (inout Library) throws -> Void, written: (String) -> Bool) throws -> [String: Data] {
        let snapshot = try folder.store.read()
        var library = snapshot.library
        try body(&library)
        let files = LibrarySerializer.files(of: library)
        let changes = LibraryStore.changes(from: snapshot.files, to: files)
        try History(root: folder.root).record(command: "setlist interrupted", changes: changes)
        try folder.store.apply(changes.filter { written($0.path) })
        return files
    }

    @Test func aChangeCutShortIsFinishedByTheNextLoad() throws {
        try folder.seed()
        let expected = try interruptedChange(
            { library in
                let index = try library.addPlaylist(named: "Nový")
                try library.insertCopies(of: [library.songs[0]], into: index, at: nil)
            }, written: { $0.hasPrefix("playlists/") })
        let library = try folder.store.load()
        #expect(library.playlists.map(\.name) == ["Koncert", "Nový"])
        #expect(folder.files() == expected)
        #expect(try folder.store.check().isSound)
    }

    @Test func aReaderThatOnlyLooksLetsTheFilesBytesGo() throws {
        try folder.seed()
        // What a command that reads keeps: the files of the last change, when it wrote several.
        #expect(folder.store.lastChangeOfSeveralFiles()?.paths == Set(folder.files().keys.filter { !$0.hasPrefix(".") }))
        try folder.store.modify(command: "one file") { $0.songs[0].fields.bpm = 99 }
        #expect(folder.store.lastChangeOfSeveralFiles() == nil)
        var looking = LibraryReader(root: folder.root)
        looking.keepsOnly = [LibraryFiles.songs]
        let library = looking.read()
        #expect(Array(looking.files.keys) == [LibraryFiles.songs] && looking.combinedError == nil)
        // A change's reader keeps them all, for writing.
        var changing = LibraryReader(root: folder.root)
        #expect(changing.read() == library)
        #expect(Set(changing.files.keys) == Set(folder.files().keys.filter { !$0.hasPrefix(".") }))
    }

    @Test func aChangeCutShortIsFinishedByTheNextChangeAndCheck() throws {
        try folder.seed()
        _ = try interruptedChange(
            { library in
                library.playlists[0].name = "Přejmenovaný"
                library.addSong(SongFields(name: "New"))
            }, written: { $0 == "songs.json" || $0.contains("prejmenovany") })
        let report = try folder.store.check()
        #expect(report.finishedChange == "setlist interrupted")
        #expect(report.isSound, "\(report.problems)")
        #expect(try folder.store.load().playlists[0].name == "Přejmenovaný")
    }

    @Test func aChangeRecordedButNeverWrittenIsForgotten() throws {
        try folder.seed()
        let before = folder.files()
        _ = try interruptedChange({ $0.addSong(SongFields(name: "Never")) }, written: { _ in false })
        try folder.store.modify(command: "next") { $0.contacts.removeAll() }
        #expect(folder.store.history().map(\.command) == ["next", "seed"])
        #expect(folder.files()["songs.json"] == before["songs.json"])
    }

    @Test func leftoverTemporaryFilesAreReportedAndRemovedByTheNextChange() throws {
        try folder.seed()
        try folder.write("partial", to: ".songs.json.tmp-AbC123")
        try folder.write("partial", to: "playlists/.x.json.tmp-zzzzzz")
        let report = try folder.store.check()
        #expect(report.isSound)
        #expect(report.leftovers == [".songs.json.tmp-AbC123", "playlists/.x.json.tmp-zzzzzz"])
        try folder.store.modify(command: "x") { $0.addSong(SongFields(name: "X")) }
        #expect(try folder.store.check().leftovers.isEmpty)
    }

    /// 5 000 songs by default, 50 000 with SETLIST_STRESS=1.
    @Test func aLargeLibraryLoadsAndTakesOneMore() throws {
        let count = TestSize.count(small: 5_000, full: 50_000)
        try folder.store.modify(command: "big") { library in
            for n in 0..<count {
                library.songs.append(
                    Song(
                        id: String(format: "%032x", n + 1),
                        fields: SongFields(
                            name: "Song \(n)", author: "Author \(n % 97)", length: 60 + n % 300, bpm: 60 + n % 120,
                            notes: n % 10 == 0 ? "Notes for song \(n)" : nil)))
            }
        }
        let library = try folder.store.load()
        #expect(library.songs.count == count)
        #expect(library.songs[count - 1].name == "Song \(count - 1)")
        try folder.store.modify(command: "one more") { $0.addSong(SongFields(name: "One more")) }
        #expect(try folder.store.check().songCount == count + 1)
    }
}
