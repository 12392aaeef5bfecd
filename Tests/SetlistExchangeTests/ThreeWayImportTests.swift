import Foundation
import SetlistModel
import Testing

@testable import SetlistExchange

/// Updates are three-way for every field, the name, the order and the breaks: what only one
/// side changed follows that side; what both changed is a conflict.
@Suite struct ThreeWayImportTests {
    typealias Edit = @Sendable (inout SongFields) -> Void

    /// A member who imported the leader's "Concert" unchanged.
    static func member() throws -> Library {
        var member = Library()
        _ = try PlstsImport.apply(try Fixtures.concertDocument(), to: &member)
        return member
    }

    static func edit(_ library: inout Library, copy position: Int, _ change: Edit) {
        let index = library.playlists[0].itemIndex(ofPosition: position)!
        library.playlists[0].items[index] = UpdateTests.editing(library.playlists[0].items[index], change)
    }

    static func update(_ member: inout Library, from leader: Library, keepMine: Bool = false) throws -> ImportReport {
        try PlstsImport.apply(
            try Fixtures.concertDocument(leader), to: &member, options: ImportOptions(preference: keepMine ? .mine : .theirs))
    }

    @Test func acceptancePathKeepsTheMembersKeyAndNotesAndTakesTheNewOrder() throws {
        var member = try Self.member()
        Self.edit(&member, copy: 1) {
            $0.key = MusicalKey(parsing: "E minor")
            $0.notes = "watch Pepa"
        }
        var leader = Fixtures.leaderLibrary()
        Self.edit(&leader, copy: 2) { $0.bpm = 90 }
        let items = leader.playlists[0].items // Highway, Set 2, Stairway, Deleted
        leader.playlists[0].items = [items[3], items[0], items[1], items[2]]
        let report = try Self.update(&member, from: leader)
        let copies = member.playlists[0].copies
        #expect(copies.map(\.name) == ["Deleted Song", "Highway to Hell", "Stairway to Heaven"])
        #expect(copies[1].fields.key == MusicalKey(parsing: "E minor"))
        #expect(copies[1].fields.notes == "watch Pepa")
        #expect(copies[2].fields.bpm == 90)
        #expect(report.conflicts.isEmpty)
        #expect(report.kind == .updated)
        // The same document again changes nothing.
        let settled = member
        #expect(try Self.update(&member, from: leader).kind == .unchanged)
        #expect(member == settled)
    }

    nonisolated(unsafe) static let edits: [(SongField, Edit, Edit)] = [
        (.name, { $0.name = "Highway" }, { $0.name = "Hwy to Hell" }),
        (.author, { $0.author = "ACDC" }, { $0.author = "AC-DC" }),
        (.length, { $0.length = 150 }, { $0.length = 160 }),
        (.key, { $0.key = MusicalKey(parsing: "E minor") }, { $0.key = MusicalKey(parsing: "G minor") }),
        (.bpm, { $0.bpm = 200 }, { $0.bpm = 180 }),
        (.notes, { $0.notes = "mine" }, { $0.notes = "theirs" }),
        (.chart, { $0.chart = Chart(lines: ["[C]mine"], key: nil) }, { $0.chart = Chart(lines: ["[D]theirs", "two"], key: nil) }),
    ]

    @Test(arguments: 0..<7) func eachFieldFollowsWhoeverChangedIt(_ index: Int) throws {
        let (field, mineEdit, theirsEdit) = Self.edits[index]
        // Only the member changed it: it stays.
        var member = try Self.member()
        Self.edit(&member, copy: 1, mineEdit)
        let changed = member.playlists[0].copies[0].fields
        var leader = Fixtures.leaderLibrary()
        Self.edit(&leader, copy: 2) { $0.bpm = 91 } // something else changes, so the import is an update
        _ = try Self.update(&member, from: leader)
        #expect(member.playlists[0].copies[0].fields == changed, "\(field)")
        // Only the sender changed it: it comes in.
        member = try Self.member()
        leader = Fixtures.leaderLibrary()
        Self.edit(&leader, copy: 1, theirsEdit)
        let report = try Self.update(&member, from: leader)
        #expect(member.playlists[0].copies[0].fields == leader.playlists[0].copies[0].fields, "\(field)")
        #expect(report.conflicts.isEmpty)
    }

    @Test(arguments: [0, 1, 2, 3, 4, 6]) func aConflictTakesTheSendersValueUnlessKeepMine(_ index: Int) throws {
        let (field, mineEdit, theirsEdit) = Self.edits[index]
        var leader = Fixtures.leaderLibrary()
        Self.edit(&leader, copy: 1, theirsEdit)
        for keepMine in [false, true] {
            var member = try Self.member()
            Self.edit(&member, copy: 1, mineEdit)
            let mine = member.playlists[0].copies[0].fields
            let report = try Self.update(&member, from: leader, keepMine: keepMine)
            let merged = member.playlists[0].copies[0].fields
            let expected = keepMine ? mine : leader.playlists[0].copies[0].fields
            #expect(merged.hasSameValue(as: expected, in: field), "\(field) keepMine \(keepMine)")
            #expect(report.conflicts.count == 1, "\(field)")
            let line = try #require(report.conflicts.first).description
            #expect(line.contains(PlaylistMerge.show(field, of: mine, notation: .english)), "the report names the member's value: \(line)")
            #expect(line.contains(keepMine ? "kept yours" : "replacing yours"), "\(line)")
            // Two charts are told apart by the first line where they differ.
            if field == .chart {
                #expect(line.contains(#"2 lines, line 1 "[D]theirs""#) && line.contains(#"1 line, line 1 "[C]mine""#), "\(line)")
            }
            // The sender's value is now the base: importing it again changes nothing.
            let settled = member
            _ = try Self.update(&member, from: leader, keepMine: keepMine)
            #expect(member == settled)
        }
    }

    @Test func notesInConflictAreCombinedOrKeptWithKeepMine() throws {
        var leader = Fixtures.leaderLibrary()
        Self.edit(&leader, copy: 1) { $0.notes = "theirs" }
        var member = try Self.member()
        Self.edit(&member, copy: 1) { $0.notes = "mine" }
        var keeping = member
        _ = try Self.update(&member, from: leader)
        #expect(member.playlists[0].copies[0].fields.notes == "mine\n\ntheirs")
        let report = try Self.update(&keeping, from: leader, keepMine: true)
        #expect(keeping.playlists[0].copies[0].fields.notes == "mine")
        #expect(report.lines(dryRun: false).joined().contains("the sender's were \"theirs\""))
    }

    @Test func orderAndBreaksFollowWhoeverChangedThem() throws {
        // The member moved "Deleted Song" first and added a break; the sender changes nothing there.
        var member = try Self.member()
        var items = member.playlists[0].items
        member.playlists[0].items = [items[3], .setBreak("Encore"), items[0], items[1], items[2]]
        let mine = member.playlists[0].items
        var leader = Fixtures.leaderLibrary()
        Self.edit(&leader, copy: 1) { $0.bpm = 251 }
        _ = try Self.update(&member, from: leader)
        #expect(member.playlists[0].slots == Playlist(name: "x", items: mine).slots)
        // The sender moves Stairway first and removes the break; the member changed nothing.
        member = try Self.member()
        leader = Fixtures.leaderLibrary()
        items = leader.playlists[0].items
        leader.playlists[0].items = [items[2], items[0], items[3]]
        let report = try Self.update(&member, from: leader)
        #expect(member.playlists[0].copies.map(\.id) == ["cccc0002", "cccc0001", "cccc0003"])
        #expect(!member.playlists[0].items.contains(.setBreak("Set 2")))
        #expect(report.changes.contains(.breakRemoved(label: "Set 2")))
    }

    @Test func theNameFollowsWhoeverChangedItAndConflicts() throws {
        var member = try Self.member()
        member.playlists[0].name = "Můj koncert"
        var leader = Fixtures.leaderLibrary()
        Self.edit(&leader, copy: 1) { $0.bpm = 251 }
        _ = try Self.update(&member, from: leader)
        #expect(member.playlists[0].name == "Můj koncert")
        leader.playlists[0].name = "Concert Praha"
        var keeping = member
        let report = try Self.update(&member, from: leader)
        #expect(member.playlists[0].name == "Concert Praha")
        #expect(report.conflicts.first?.yours == "'Můj koncert'")
        _ = try Self.update(&keeping, from: leader, keepMine: true)
        #expect(keeping.playlists[0].name == "Můj koncert")
    }

    @Test func aRemovedSongWithTheMembersNotesIsReported() throws {
        var member = try Self.member()
        Self.edit(&member, copy: 3) { $0.notes = "my solo here" }
        var leader = Fixtures.leaderLibrary()
        leader.playlists[0].items.removeLast()
        let report = try Self.update(&member, from: leader)
        #expect(
            report.changes.first
                == .removedWithNotes(
                    position: 3, song: SongFields(name: "Deleted Song", length: 200, notes: "my solo here"), notes: "my solo here"))
        #expect(report.lines(dryRun: true).joined(separator: "\n").contains("with your notes on it: \"my solo here\""))
        // Without notes of the member's, it is a plain removal.
        member = try Self.member()
        #expect(
            try Self.update(&member, from: leader).changes == [.removed(position: 3, song: SongFields(name: "Deleted Song", length: 200))])
    }

    /// The member filled the playlist to the limit; the leader's new songs would take it past.
    @Test func anUpdateThatWouldOverfillThePlaylistIsRefusedAndChangesNothing() throws {
        var member = try Self.member()
        let room = Playlist.maximumItems - member.playlists[0].items.count
        member.playlists[0].items += (0..<room).map {
            .song(SongCopy(id: "dddd\($0)", originalID: nil, fields: SongFields(name: "Mine \($0)")))
        }
        var leader = Fixtures.leaderLibrary()
        leader.playlists[0].items.append(.song(SongCopy(id: "eeee0001", originalID: nil, fields: SongFields(name: "New from the leader"))))
        let before = member
        #expect {
            try Self.update(&member, from: leader)
        } throws: { error in
            guard case .playlistWouldOverflow(_, "Concert", 1001, 1000) = error as? ExchangeError else { return false }
            return "\(error)".contains("Nothing was changed") && "\(error)".contains("--rename NEW")
        }
        #expect(member == before)
        // Filled to one short of the limit, the same update fits.
        member.playlists[0].items.removeLast()
        _ = try Self.update(&member, from: leader)
        #expect(member.playlists[0].items.count == Playlist.maximumItems)
    }

    /// The member put a break after the song the leader then removed: the merge would leave two
    /// breaks at one place, so the emptied set goes with its break, and the report says why.
    @Test func anUpdateThatEmptiesASetTakesItsBreakAlong() throws {
        var member = try Self.member()
        try member.addBreak(in: 0, after: 2, label: "Encore") // Highway | Set 2: Stairway | Encore: Deleted
        var leader = Fixtures.leaderLibrary()
        try leader.removeCopies(at: [2], from: 0) // Highway | Set 2: Deleted
        let report = try Self.update(&member, from: leader)
        #expect(
            member.playlists[0].items.map { item -> String in
                switch item {
                case .song(let copy): copy.name
                case .setBreak(let label): "|" + label
                }
            } == ["Highway to Hell", "|Encore", "Deleted Song"])
        #expect(report.changes.map(\.description).contains("- break 'Set 2': removed, its set was left without songs"), "\(report.changes)")
    }

    @Test func aDocumentDifferingOnlyInAnOriginalLinkChangesNothing() throws {
        var member = try Self.member()
        var leader = Fixtures.leaderLibrary()
        let index = leader.playlists[0].itemIndex(ofPosition: 1)!
        guard case .song(var copy) = leader.playlists[0].items[index] else { return }
        copy.originalID = "aaaa0099"
        leader.playlists[0].items[index] = .song(copy)
        let before = member
        let report = try Self.update(&member, from: leader)
        #expect(report.kind == .unchanged)
        #expect(member == before)
        #expect(member.playlists[0].copies[0].originalID == "aaaa0001")
    }
}

/// Incoming songs the library knows by title and author link to its originals.
@Suite struct MatchingImportTests {
    /// A member whose repertoire has the leader's songs under other ids, typed another way.
    static func member(extra: [SongFields] = []) -> Library {
        var member = Library()
        member.addSong(SongFields(name: "HIGHWAY TO HELL", author: "ac/dc"))
        member.addSong(
            SongFields(
                name: "Stairway to Heaven".decomposedStringWithCanonicalMapping, author: "Led Zéppelin".decomposedStringWithCanonicalMapping
            ))
        for fields in extra { member.addSong(fields) }
        return member
    }

    @Test func songsYouHaveAreLinkedNotDuplicated() throws {
        var member = Self.member()
        let report = try PlstsImport.apply(try Fixtures.concertDocument(), to: &member)
        #expect(member.songs.count == 2)
        #expect(report.addedOriginals.isEmpty)
        let copies = member.playlists[0].copies
        #expect(copies[0].originalID == member.songs[0].id)
        #expect(copies[1].originalID == member.songs[1].id)
        #expect(report.matches.contains("= 'Highway to Hell' by AC/DC: matched your 'HIGHWAY TO HELL' by ac/dc"))
        // A second import changes nothing and says nothing about matching.
        let settled = member
        let again = try PlstsImport.apply(try Fixtures.concertDocument(), to: &member)
        #expect(again.kind == .unchanged)
        #expect(again.matches.isEmpty)
        #expect(member == settled)
    }

    @Test func severalMatchesOrAnotherAuthorAddANewOriginalAndSayWhy() throws {
        var member = Self.member(extra: [
            SongFields(name: "Highway to Hell", author: "AC/DC"), SongFields(name: "Stairway to Heaven", author: "Far Corporation"),
        ])
        member.songs.remove(at: 1) // only the Far Corporation stairway is left
        let report = try PlstsImport.apply(try Fixtures.concertDocument(), to: &member)
        #expect(report.addedOriginals.map(\.id) == ["aaaa0001", "aaaa0002"])
        let text = report.lines(dryRun: false).joined(separator: "\n")
        #expect(text.contains("'Highway to Hell' by AC/DC is a new song in your repertoire: 2 of your songs have that title and author"))
        #expect(
            text.contains(
                "'Stairway to Heaven' by Led Zeppelin is a new song in your repertoire: yours of that title is by Far Corporation"))
        let settled = member
        #expect(try PlstsImport.apply(try Fixtures.concertDocument(), to: &member).kind == .unchanged)
        #expect(member == settled)
    }
}
