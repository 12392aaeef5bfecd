import Foundation
import SetlistModel
import Testing

@testable import SetlistExchange

/// The original iOS app's files: read by content, imported with the same rules, written back.
@Suite struct AppFormatTests {
    static let plsts = """
        {"name": "Koncert", "length": 230, "extra": true, "songs": [
          {"id": 12, "name": "Highway to Hell", "author": "AC/DC", "key": "Amaj", "pace": 116, "length": 208, "details": "Angus counts in"},
          {"id": 7, "name": "Stairway to Heaven", "author": null, "key": "a moll", "pace": 0, "length": 0, "details": ""},
          {"id": 3, "name": "Intro"}
        ]}
        """

    static func read(_ json: String, source: String = "Koncert.plsts") throws(ExchangeError) -> IncomingDocument {
        try IncomingDocument.read(Data(json.utf8), source: source)
    }

    @Test func anAppPlaylistIsRecognisedByContentAndReadAsTheAppShowsIt() throws {
        guard case .app(let name, let songs, _) = try Self.read(Self.plsts) else {
            Issue.record("not read as the app's")
            return
        }
        #expect(name == "Koncert")
        #expect(songs.map(\.id) == [12, 7, 3])
        #expect(
            songs[0].fields
                == SongFields(
                    name: "Highway to Hell", author: "AC/DC", length: 208, key: MusicalKey(parsing: "A major"), bpm: 116,
                    notes: "Angus counts in"))
        #expect(songs[1].fields == SongFields(name: "Stairway to Heaven", key: MusicalKey(parsing: "A minor")))
        #expect(songs[2].fields == SongFields(name: "Intro"))
        // setlist's own documents are still read as such.
        guard
            case .setlist = try IncomingDocument.read(
                PlstsDocument.export(
                    Fixtures.leaderLibrary().playlists[0], from: Fixtures.leaderLibrary(), generator: "t", date: Fixtures.date), source: "x"
            )
        else {
            Issue.record("a setlist document was not read as one")
            return
        }
    }

    @Test func importThenReimportIsANoOpAndAnUpdateIsAnUpdate() throws {
        var library = Library()
        library.addSong(SongFields(name: "highway to hell", author: "ac/dc"))
        let document = try Self.read(Self.plsts)
        let report = try PlstsImport.apply(document.setlist(for: library), to: &library)
        #expect(report.kind == .created)
        #expect(library.songs.count == 3) // Highway matched, two added
        #expect(report.matches.first?.contains("matched your 'highway to hell' by ac/dc") == true)
        let settled = library
        #expect(try PlstsImport.apply(document.setlist(for: library), to: &library).kind == .unchanged)
        #expect(library == settled)
        // The member changes a key; the app's user changes a tempo: both stay.
        try library.applyEdit(SongEdit(key: .some(MusicalKey(parsing: "D minor"))), toCopyAt: 2, in: 0, alsoOriginal: false)
        let updated = try Self.read(Self.plsts.replacingOccurrences(of: "\"pace\": 116", with: "\"pace\": 120"))
        #expect(try PlstsImport.apply(updated.setlist(for: library), to: &library).kind == .updated)
        #expect(library.playlists[0].copies[0].fields.bpm == 120)
        #expect(library.playlists[0].copies[1].fields.key == MusicalKey(parsing: "D minor"))
    }

    /// What the app keeps no track of stays as the member has it when an app document updates
    /// the setlist: each copy's chart and the plan are not taken for removed by the sender.
    @Test func anAppDocumentLeavesTheChartsAndThePlan() throws {
        var library = Fixtures.leaderLibrary()
        guard case .song(var copy) = library.playlists[0].items.first(where: { if case .song = $0 { true } else { false } }) else {
            Issue.record("no copy")
            return
        }
        copy.fields.chart = Chart(lines: ["[C]la la"], key: nil)
        let index = try #require(library.playlists[0].items.firstIndex(of: .song(library.playlists[0].copies[0])))
        library.playlists[0].items[index] = .song(copy)
        var plan = ShowPlan()
        plan.gap = 30
        library.playlists[0].plan = plan
        let exported = AppDocument.export(library.playlists[0])
        let before = library
        let report = try PlstsImport.apply(try IncomingDocument.read(exported, source: "Concert.plsts").setlist(for: library), to: &library)
        #expect(report.kind == .unchanged, "\(report.lines(dryRun: false))")
        #expect(library == before)
        #expect(library.playlists[0].copies[0].fields.chart?.lines == ["[C]la la"] && library.playlists[0].plan?.gap == 30)
    }

    /// A member imports the leader's setlist from an app-format document and replies in setlist's
    /// own format: the reply updates the leader's setlist, copy by copy, instead of being
    /// refused as a different playlist of the same name (issue 46); so does a second reply.
    @Test func aSetlistFormatReplyToAnAppDocumentUpdatesTheSetlistItAnswers() throws {
        var leader = Fixtures.leaderLibrary()
        let copyIDs = leader.playlists[0].copies.map(\.id)
        var member = Library()
        let sent = AppDocument.export(leader.playlists[0])
        _ = try PlstsImport.apply(try IncomingDocument.read(sent, source: "Concert.plsts").setlist(for: member), to: &member)
        let position = try #require(member.playlists[0].copies.firstIndex { $0.name == "Stairway to Heaven" }) + 1
        ThreeWayImportTests.edit(&member, copy: position) { $0.key = MusicalKey(parsing: "G major") }
        func reply(_ date: Date) throws -> SharedSetlist {
            let data = PlstsDocument.export(member.playlists[0], from: member, generator: "setlist test", date: date)
            return try IncomingDocument.read(data, source: "Reply.plsts").setlist(for: leader)
        }
        let report = try PlstsImport.apply(try reply(Fixtures.date), to: &leader)
        #expect(report.kind == .updated, "\(report.lines(dryRun: false))")
        #expect(leader.playlists.map(\.name) == ["Concert"])
        #expect(leader.playlists[0].copies.map(\.id) == copyIDs)
        #expect(leader.playlists[0].copies.first { $0.name == "Stairway to Heaven" }?.fields.key == MusicalKey(parsing: "G major"))
        #expect(leader.songs.count == 3, "no original added: \(leader.songs.map(\.name))")
        #expect(!report.lines(dryRun: false).joined().contains("added"), "\(report.lines(dryRun: false))")
        ThreeWayImportTests.edit(&member, copy: 1) { $0.bpm = 200 }
        _ = try PlstsImport.apply(try reply(Fixtures.date.addingTimeInterval(60)), to: &leader)
        #expect(leader.playlists.count == 1 && leader.playlists[0].copies.map(\.id) == copyIDs)
        #expect(leader.playlists[0].copies[0].fields.bpm == 200)
    }

    @Test func anAppExportReimportedIsANoOpWithStableIDs() throws {
        var library = Fixtures.leaderLibrary()
        let exported = AppDocument.export(library.playlists[0])
        #expect(AppDocument.export(library.playlists[0]) == exported)
        let object = try JSONSerialization.jsonObject(with: exported) as! [String: Any]
        #expect(Set(object.keys) == ["name", "length", "songs"])
        let songs = object["songs"] as! [[String: Any]]
        #expect(songs.allSatisfy { $0["id"] is Int })
        #expect(songs[1]["key"] as? String == "F minor" && songs[1]["pace"] as? Int == 100)
        let before = library
        let report = try PlstsImport.apply(try IncomingDocument.read(exported, source: "Concert.plsts").setlist(for: library), to: &library)
        #expect(report.kind == .unchanged, "\(report.lines(dryRun: false))")
        #expect(library == before)
    }

    @Test(arguments: [
        ("{\"name\": \"K\", \"songs\": [{\"name\": \"No id\"}]}", "has no \"id\""),
        ("{\"name\": \"K\", \"songs\": [{\"id\": 1}]}", "has no name"),
        ("{\"name\": \"K\", \"songs\": [{\"id\": \"x\", \"name\": \"A\"}]}", "expected a whole number"),
        ("{\"name\": \"K\", \"songs\": [{\"id\": 1, \"name\": \"A\", \"key\": \"purple\"}]}", "is not a key"),
        ("{\"name\": \"K\", \"songs\": [{\"id\": 1, \"name\": \"A\", \"pace\": 5000}]}", "is not a tempo"),
        ("{\"name\": \"K\", \"songs\": [{\"id\": 1, \"name\": \"A\", \"length\": 1.5}]}", "expected a whole number"),
        // Beyond 64 bits an id saturated: 1e20 and 1e21 were one song (issue 46).
        ("{\"name\": \"K\", \"songs\": [{\"id\": 1e20, \"name\": \"A\"}]}", "songs[0].id: 1e+20 is not the song's id"),
        ("{\"name\": \"K\", \"songs\": [{\"id\": 18446744073709551615, \"name\": \"A\"}]}", "is not the song's id"),
        ("{\"name\": \"K\", \"songs\": [{\"id\": -1e19, \"name\": \"A\"}]}", "is not the song's id"),
        ("{\"name\": \"K\", \"songs\": [{\"id\": 1, \"name\": \"A\", \"length\": 1e300}]}", "is not a length"),
        ("{\"name\": \"K\", \"songs\": \"none\"}", "expected a list of songs"),
        ("{\"name\": \"K\", \"songs\": [3]}", "expected a song"),
        ("[\"Koncert\", \"Zkouška\"]", "import the whole folder"),
    ])
    func malformedAppFilesAreRefusedWithTheirPlace(_ json: String, _ expected: String) {
        do {
            _ = try Self.read(json)
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    /// A flag one thread sets and another reads.
    final class Atomic: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Bool
        init(_ value: Bool) { stored = value }
        var value: Bool {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    @Test func aFolderOfTheAppsFilesImportsSongsPlaylistsInOrderAndContacts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("[{\"id\": 12, \"name\": \"Highway to Hell\", \"author\": \"AC/DC\"}, {\"id\": 3, \"name\": \"Intro\"}]".utf8).write(
            to: folder.appendingPathComponent("a.json"))
        try Data("{\"name\": \"Zkouška\", \"songs\": [{\"id\": 3, \"name\": \"Intro\"}]}".utf8).write(
            to: folder.appendingPathComponent("b.json"))
        try Data(Self.plsts.utf8).write(to: folder.appendingPathComponent("c.json"))
        try Data("[\"Koncert\", \"Zkouška\"]".utf8).write(to: folder.appendingPathComponent("d.json"))
        try Data("[{\"email\": \"pepa@example.com\", \"name\": \"Pepa Kytara\"}]".utf8).write(to: folder.appendingPathComponent("e.json"))
        var library = Library()
        let files = try AppFolderImport.read(folder, source: "Documents")
        let report = try AppFolderImport.apply(files, source: "Documents", to: &library)
        #expect(library.playlists.map(\.name) == ["Koncert", "Zkouška"])
        #expect(library.songs.map(\.name) == ["Highway to Hell", "Intro", "Stairway to Heaven"])
        #expect(library.contacts == [Contact(name: "Pepa Kytara", email: "pepa@example.com")])
        #expect(library.playlists[1].copies[0].originalID == library.songs[1].id)
        #expect(report.lines(dryRun: false).first == "Songs: 2 added to your repertoire, 0 matched to songs you have.")
        let settled = library
        _ = try AppFolderImport.apply(try AppFolderImport.read(folder, source: "Documents"), source: "Documents", to: &library)
        #expect(library == settled)
        // A named pipe called *.json (reading it waited forever) and a folder are passed over
        // and named (issue 46). Should a reader open the pipe, a writer ends its wait.
        let pipe = folder.appendingPathComponent("pipe.json").path
        #expect(mkfifo(pipe, 0o600) == 0)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("old.json"), withIntermediateDirectories: true)
        let done = Atomic(false)
        Thread.detachNewThread {
            while !done.value {
                let fd = open(pipe, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { close(fd) }
                usleep(50_000)
            }
        }
        defer { done.value = true }
        var passedOver: [String] = []
        let withPipe = try AppFolderImport.read(folder, source: "Documents") { passedOver.append("\($0): \($1)") }
        #expect(withPipe.map(\.name) == files.map(\.name))
        #expect(passedOver == ["Documents/old.json: a folder", "Documents/pipe.json: a named pipe"])
        // One bad file refuses the folder.
        try Data("{\"name\": \"X\", \"songs\": [{\"id\": 1}]}".utf8).write(to: folder.appendingPathComponent("f.json"))
        #expect(throws: ExchangeError.self) { try AppFolderImport.read(folder, source: "Documents") }
    }
}
