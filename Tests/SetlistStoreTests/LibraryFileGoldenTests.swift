import Foundation
import Testing

@testable import SetlistModel
@testable import SetlistStore
@testable import SetlistSupport

/// One file of each kind, with every member a record can have, written as the library writes it
/// and read back: the files in Golden/ pin the format (its members' names, their order, what is
/// left out when unset), which people keep in git and other versions of setlist read. After a
/// deliberate change of the format, look at the diff and regenerate them:
/// `SETLIST_UPDATE_GOLDEN=1 swift test --filter LibraryFileGoldenTests`.
@Suite struct LibraryFileGoldenTests {
    static let chart = Chart(
        lines: ["{start_of_chorus}", "[Am]Highway to [D/F#]hell", "{end_of_chorus}"], key: MusicalKey(parsing: "A minor"))
    static let full = SongFields(
        name: "Highway to Hell", author: "AC/DC", length: 208, key: MusicalKey(parsing: "C minor"), bpm: 116,
        notes: "Angus counts in\n\"loud\" / é", chart: chart)
    static let conflict = LibraryConflict(
        location: .songs, subject: "'Highway to Hell' by AC/DC", item: "0a1b2c3d", field: "key", ours: .string("C minor"),
        theirs: .object(["a": .array([.int(1), .double(2.5), .bool(true), .null])]))

    static let songs = LibraryFiles.SongsFile(
        songs: [Song(id: "0a1b2c3d", fields: full), Song(id: "9f8e7d6c", fields: SongFields(name: "Příběh"))], conflicts: [conflict])

    static let playlist = LibraryFiles.PlaylistFile(
        id: "11112222", name: "Můj koncert",
        items: [
            .song(SongCopy(id: "c1", originalID: "0a1b2c3d", fields: full, received: SongFields(name: "Highway to Hell", bpm: 120))),
            .setBreak("Set 2"),
            .song(SongCopy(id: "c2", originalID: nil, fields: SongFields(name: "Encore", length: 90))),
        ],
        received: ReceivedPlaylist(
            name: "Koncert", order: [.song("c1"), .setBreak("Set 2", occurrence: 0), .setBreak("Set 2", occurrence: 1)],
            plan: ShowPlan(start: PlanStart(parsing: "20:00"), gap: 20), exported: "2026-05-01T18:30:00Z",
            removed: ["c9": SongFields(name: "Gone")]),
        plan: ShowPlan(
            start: PlanStart(parsing: "2026-12-31 19:30"), zone: "Europe/Prague", gap: 20, breakLength: 900, target: 5400,
            breakLengths: [BreakLength(label: "Set 2", occurrence: 1, length: 600), BreakLength(label: "Encore", length: 120)]),
        conflicts: [
            LibraryConflict(
                location: .songs, subject: "playlist 'Můj koncert'", item: nil, field: "order", ours: .array([.string("c1")]),
                theirs: .array([]))
        ])

    static let order = LibraryFiles.PlaylistOrderFile(
        current: "11112222",
        playlists: [.init(id: "11112222", file: "muj-koncert-11112222.json"), .init(id: "33334444", file: "b-33334444.json")])

    static let contacts = LibraryFiles.ContactsFile(contacts: [
        Contact(name: "Pepa Kytara", email: "pepa@example.com"),
        Contact(name: "Jana", email: "jana@example.cz", part: .transposing(.eFlat), instrument: "alto sax"),
    ])

    static let settings = LibraryFiles.SettingsFile(settings: ["notation": "german", "sender": "Jirka <jirka@example.com>"])

    static let gig = LibraryFiles.GigFile(
        gig: Gig(
            id: "5a5a5a5a", date: "2026-03-14", started: "2026-03-14T19:02:11Z", playlist: "Můj koncert", playlistID: "11112222",
            venue: "Lucerna",
            songs: [
                PlayedSong(
                    copy: "c1", original: "0a1b2c3d", name: "Highway to Hell", author: "AC/DC", length: 208,
                    started: "2026-03-14T19:02:11Z",
                    shown: 215),
                PlayedSong(name: "Encore"),
            ]))

    static let history = History.Record(
        command: "setlist edit-song 'Highway to Hell' --bpm 116", date: "2026-03-14T19:02:11Z",
        changes: [
            FileDelta(
                path: "songs.json", before: "120:xxh64:0123456789abcdef", after: Fingerprint.absent,
                hunks: [
                    FileDelta.Hunk(
                        at: 10, to: 12, removed: StoredBytes(Data("\"bpm\" : 120".utf8)), added: StoredBytes(Data([0xFF, 0x00])))
                ])
        ])

    @Test func songs() throws { try Self.check(Self.songs, "songs.json") }
    @Test func playlist() throws { try Self.check(Self.playlist, "playlist.json") }
    @Test func playlistOrder() throws { try Self.check(Self.order, "playlists.json") }
    @Test func contacts() throws { try Self.check(Self.contacts, "contacts.json") }
    @Test func settings() throws { try Self.check(Self.settings, "settings.json") }
    @Test func gig() throws { try Self.check(Self.gig, "gig.json") }
    @Test func historyEntry() throws { try Self.check(Self.history, "history.json") }

    /// The file writes the golden bytes and reads back from them as itself.
    static func check<File: LibraryFile & Equatable>(_ file: File, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let written = LibraryFiles.encode(file)
        if ProcessInfo.processInfo.environment["SETLIST_UPDATE_GOLDEN"] == "1" {
            try written.write(to: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)"))
        }
        let url = try #require(Bundle.module.resourceURL?.appendingPathComponent("Golden/\(name)"), sourceLocation: sourceLocation)
        let golden = try Data(contentsOf: url)
        #expect(
            written == golden, "\(name) differs from Golden/\(name):\n\(String(decoding: written, as: UTF8.self))",
            sourceLocation: sourceLocation)
        #expect(try LibraryFiles.decode(File.self, from: golden, path: name) == file, sourceLocation: sourceLocation)
    }
}
