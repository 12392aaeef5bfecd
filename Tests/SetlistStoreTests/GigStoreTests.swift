import Foundation
import Testing

@testable import SetlistModel
@testable import SetlistStore

/// The gig log on disk: one file per gig in `gigs/`, written through the store like every file,
/// undone and redone, read only by the scopes that ask for it, checked and repaired.
@Suite struct GigStoreTests {
    let folder = StoreFolder()

    /// Logs the seeded playlist as played on `day`.
    @discardableResult
    func logGig(_ day: String, venue: String? = nil) throws -> GigLogged {
        try folder.store.modify(command: "gig --add") { library in
            try library.logGig(
                from: nil, date: try GigDate(parsing: day, field: "--date", zone: TimeZone(identifier: "UTC")!), venue: venue)
        }
    }

    @Test func aGigIsOneFileNamedByItsDayAndID() throws {
        try folder.seed()
        let logged = try logGig("2026-03-14 20:00", venue: "Lucerna")
        let path = "gigs/2026-03-14-\(Identifier.short(logged.gig.id)).json"
        let text = try #require(folder.text(path))
        #expect(text.contains("\"format\" : \"setlist-gig\""))
        #expect(text.contains("\"started\" : \"2026-03-14T20:00:00Z\""))
        #expect(text.contains("\"venue\" : \"Lucerna\""))
        #expect(text.hasSuffix("}\n"))
        let gigs = try folder.store.load(.whole).gigs
        #expect(gigs == [logged.gig])
        #expect(gigs[0].songs.map(\.name) == ["Song 1", "Song 2", "Song 3"])
        #expect(gigs[0].songs.map(\.length) == [101, 102, 103])
        #expect(gigs[0].length == 306)
    }

    @Test func gigsAreKeptInTheOrderTheyWerePlayed() throws {
        try folder.seed()
        try logGig("2026-05-01")
        try logGig("2025-12-31")
        let second = try logGig("2026-01-10")
        #expect(second.number == 2)
        #expect(try folder.store.load(.whole).gigs.map(\.date) == ["2025-12-31", "2026-01-10", "2026-05-01"])
    }

    @Test func loggingAGigIsUndoneAndRedone() throws {
        try folder.seed()
        let before = folder.files()
        let logged = try logGig("2026-03-14")
        let after = folder.files()
        #expect(after.keys.contains("gigs/" + LibraryFiles.gigFileName(logged.gig)))
        #expect(try folder.store.undo().command == "gig --add")
        #expect(folder.files() == before)
        _ = try folder.store.redo()
        #expect(folder.files() == after)
        try folder.store.modify(.gigs, command: "gig --remove") { library in _ = try library.removeGig("1") }
        #expect(folder.files() == before)
    }

    /// Commands that do not need the log neither read nor write it; a change of the log alone
    /// writes only its file.
    @Test func onlyTheScopesThatAskReadTheLog() throws {
        try folder.seed()
        try logGig("2026-03-14")
        #expect(try folder.store.load().gigs.isEmpty, "every file but the log")
        #expect(try folder.store.load(.songs).gigs.isEmpty)
        #expect(try folder.store.load(.playlist(nil)).gigs.isEmpty)
        #expect(try folder.store.load(.gigs).gigs.count == 1)
        #expect(try folder.store.load(.songsAndGigs).gigs.count == 1)
        let songs = folder.data("songs.json")
        try folder.store.modify(.gigs, command: "gig") { library in
            library.save(Gig(date: "2026-03-15", playlist: "Jam", songs: [PlayedSong(name: "Blues")]))
        }
        #expect(folder.data("songs.json") == songs)
        #expect(try folder.store.load(.whole).gigs.map(\.playlist) == ["Koncert", "Jam"])
        // Changes that do not read the log leave it as it was.
        let log = folder.files().filter { $0.key.hasPrefix("gigs/") }
        try folder.store.modify(.songs) { $0.addSong(SongFields(name: "New")) }
        try folder.store.modify { library in _ = try library.renamePlaylist(nil, to: "Koncert 2") }
        #expect(folder.files().filter { $0.key.hasPrefix("gigs/") } == log)
        // A change that does reach the log without asking for it is made again with it.
        try folder.store.modify { library in
            library.save(Gig(date: "2026-03-16", playlist: "Jam", songs: []))
        }
        #expect(try folder.store.load(.whole).gigs.map(\.date) == ["2026-03-14", "2026-03-15", "2026-03-16"])
    }

    /// A gig file with a value that means nothing is reported by `check`, naming the file and the
    /// field, and stops every change rather than being written over.
    @Test(arguments: [
        (#""date" : "2026-02-30""#, #"gig.date: "2026-02-30" is not a date"#),
        (#""started" : "yesterday""#, #"gig.started: "yesterday" is not a moment"#),
        (#""songs" : [ { "name" : "A", "shown" : -5 } ]"#, "gig.songs[0].shown: -5 seconds is less than none"),
        (#""songs" : [ { "author" : "B" } ]"#, #"the field "name" is missing at gig.songs[0]"#),
        (#""id" : "../x""#, #"gig.id: "../x" is not an id"#),
    ])
    func checkNamesTheFieldOfABadGig(member: String, expected: String) throws {
        try folder.seed()
        let logged = try logGig("2026-03-14")
        let path = "gigs/" + LibraryFiles.gigFileName(logged.gig)
        let data = try #require(folder.data(path))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var gig = try #require(object["gig"] as? [String: Any])
        let replacement = try #require(try JSONSerialization.jsonObject(with: Data("{\(member)}".utf8)) as? [String: Any])
        gig.merge(replacement) { _, new in new }
        object["gig"] = gig
        try JSONSerialization.data(withJSONObject: object).write(to: folder.url(path))
        let problems = try folder.store.check().problems.map(\.description)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains(path) == true, "\(problems)")
        #expect(problems.first?.contains(expected) == true, "\(problems)")
        let bytes = folder.data(path)
        #expect(throws: LibraryError.self) { try logGig("2026-03-15") }
        #expect(folder.data(path) == bytes)
    }

    /// A control character put into a gig by hand (it would reach the report for a collecting
    /// society) is reported by `check`, naming the file and the field, and cleaned by `--repair`.
    @Test func checkFindsControlCharactersInAGigAndRepairCleansThem() throws {
        try folder.seed()
        let logged = try logGig("2026-03-14", venue: "Lucerna")
        let path = "gigs/" + LibraryFiles.gigFileName(logged.gig)
        let text = try #require(folder.text(path))
        try folder.write(
            text.replacingOccurrences(of: "\"Lucerna\"", with: "\"Luc\\u001Berna\"")
                .replacingOccurrences(of: "\"Song 2\"", with: "\"Song\\u00072\""), to: path)
        let problems = try folder.store.check().problems
        #expect(problems.map(\.kind) == [.controlCharacter, .controlCharacter], "\(problems)")
        #expect(problems.allSatisfy { $0.description.contains(path) })
        #expect(problems.contains { $0.description.contains("the venue") })
        #expect(problems.contains { $0.description.contains("songs[1]") && $0.description.contains("the name") })
        let repair = try folder.store.repair()
        #expect(repair.remaining.isSound, "\(repair.remaining.problems)")
        let gig = try #require(try folder.store.load(.whole).gigs.first)
        #expect(gig.venue == "Luc erna")
        #expect(gig.songs[1].name == "Song 2")
    }

    /// A gig file copied by hand repeats its id: `check` reports it, and `--repair` gives the
    /// copy an id (and a file) of its own, losing neither.
    @Test func aRepeatedGigIDIsRepaired() throws {
        try folder.seed()
        let logged = try logGig("2026-03-14")
        let path = "gigs/" + LibraryFiles.gigFileName(logged.gig)
        try FileManager.default.copyItem(at: folder.url(path), to: folder.url("gigs/copy.json"))
        let report = try folder.store.check()
        #expect(report.problems.map(\.kind) == [.repeatedID], "\(report.problems)")
        #expect(throws: LibraryError.self) { try logGig("2026-03-15") }
        let repair = try folder.store.repair()
        #expect(repair.remaining.isSound, "\(repair.remaining.problems)")
        #expect(repair.actions.contains { $0.contains("repeated the gig id \(logged.gig.id)") }, "\(repair.actions)")
        let gigs = try folder.store.load(.whole).gigs
        #expect(gigs.count == 2)
        #expect(Set(gigs.map(\.id)).count == 2)
        #expect(folder.data("gigs/copy.json") == nil)
        _ = try folder.store.undo()
        #expect(folder.data("gigs/copy.json") != nil)
    }

    @Test func aTypedDateIsReadOrRefusedNamingTheOption() throws {
        let prague = TimeZone(identifier: "Europe/Prague")!
        #expect(try GigDate(parsing: "2026-03-14", field: "--date", zone: prague) == GigDate(day: "2026-03-14", started: nil))
        #expect(
            try GigDate(parsing: " 2026-03-14 20:30 ", field: "--date", zone: prague)
                == GigDate(day: "2026-03-14", started: "2026-03-14T19:30:00Z"))
        for bad in ["14.3.2026", "2026-02-30", "2026-03-14 25:00", "", "20:00"] {
            #expect(throws: ValueError.invalidDate(field: "--date", text: bad)) {
                try GigDate(parsing: bad, field: "--date", zone: prague)
            }
        }
    }

    @Test func gigsAreNamedByNumberDayOrID() throws {
        var library = Library()
        let a = Gig(id: "aaaa1111", date: "2026-03-14", playlist: "A", songs: [])
        let b = Gig(id: "bbbb2222", date: "2026-03-14", started: "2026-03-14T21:00:00Z", playlist: "B", songs: [])
        let c = Gig(id: "cccc3333", date: "2026-04-01", playlist: "C", songs: [])
        for gig in [c, b, a] { library.save(gig) }
        #expect(library.gigs == [a, b, c])
        #expect(try library.gig(matching: nil) == c)
        #expect(try library.gig(matching: "2") == b)
        #expect(try library.gig(matching: "2026-04-01") == c)
        #expect(try library.gig(matching: "bbbb") == b)
        #expect(throws: LibraryError.self) { try library.gig(matching: "4") }
        #expect(throws: LibraryError.self) { try library.gig(matching: "2026-03-14") }
        do {
            _ = try library.gig(matching: "2026-03-14")
        } catch {
            #expect(error.description.contains("matches 2 gigs") && error.description.contains("aaaa1111"), "\(error)")
        }
        #expect(throws: LibraryError.self) { try Library().gig(matching: nil) }
    }

    /// Stage mode saves the gig after each song; the whole show is one step of undo, and a change
    /// made between two saves keeps them apart.
    @Test func theSavesOfOneShowAreOneStepOfUndo() throws {
        try folder.seed()
        let before = folder.files()
        let entries = folder.store.history().count
        var run = ChangeRun()
        var gig = Gig(date: "2026-03-14", playlist: "Koncert", songs: [])
        for name in ["Song 1", "Song 2", "Song 3"] {
            gig.songs.append(PlayedSong(name: name))
            try folder.store.modify(.gigs, command: "live", run: &run) { library in _ = library.save(gig) }
        }
        #expect(folder.store.history().count == entries + 1)
        #expect(try folder.store.load(.whole).gigs.first?.songs.count == 3)
        let after = folder.files()
        #expect(try folder.store.undo().command == "live")
        #expect(folder.files() == before)
        _ = try folder.store.redo()
        #expect(folder.files() == after)

        // Another change between two saves: the next save is an entry of its own.
        try folder.store.modify(.songs, command: "add-song") { $0.addSong(SongFields(name: "New")) }
        gig.songs.append(PlayedSong(name: "Song 4"))
        try folder.store.modify(.gigs, command: "live", run: &run) { library in _ = library.save(gig) }
        #expect(folder.store.history().count == entries + 3)
        #expect(try folder.store.undo().command == "live")
        #expect(try folder.store.load(.whole).gigs.first?.songs.count == 3)
    }
}
