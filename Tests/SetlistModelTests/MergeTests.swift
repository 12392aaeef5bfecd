import Foundation
import PropertyBased
import SeededRandom
import Testing

@testable import SetlistModel

/// The three-way merge engine: values, records, dictionaries and ordered lists of ids.
@Suite struct MergeTests {
    @Test func valueFollowsWhoeverChangedIt() {
        #expect(ThreeWayMerge.value(base: 1, mine: 1, theirs: 1, preferring: .theirs) == .unchanged(1))
        #expect(ThreeWayMerge.value(base: 1, mine: 2, theirs: 1, preferring: .theirs) == .keptMine(2))
        #expect(ThreeWayMerge.value(base: 1, mine: 1, theirs: 3, preferring: .mine) == .tookTheirs(3))
        #expect(ThreeWayMerge.value(base: 1, mine: 2, theirs: 2, preferring: .theirs) == .unchanged(2))
        #expect(ThreeWayMerge.value(base: 1, mine: 2, theirs: 3, preferring: .theirs) == .conflict(mine: 2, theirs: 3, resolved: 3))
        #expect(ThreeWayMerge.value(base: 1, mine: 2, theirs: 3, preferring: .mine) == .conflict(mine: 2, theirs: 3, resolved: 2))
        // An unknown base makes every difference a conflict.
        #expect(ThreeWayMerge.value(base: nil, mine: 2, theirs: 3, preferring: .theirs).isConflict)
    }

    @Test func recordMergesFieldByField() {
        let base = SongFields(name: "Song", author: "A", length: 100, key: MusicalKey(parsing: "C"), bpm: 120, notes: "n")
        var mine = base, theirs = base
        mine.key = MusicalKey(parsing: "D") // only mine
        theirs.bpm = 90 // only theirs
        mine.length = 110
        theirs.length = 130 // both
        mine.author = "B"
        theirs.author = "B" // both, the same
        let merged = ThreeWayMerge.record(base: base, mine: mine, theirs: theirs, preferring: .theirs)
        #expect(merged.merged == SongFields(name: "Song", author: "B", length: 130, key: MusicalKey(parsing: "D"), bpm: 90, notes: "n"))
        #expect(merged.fields(.keptMine) == [.key])
        #expect(merged.fields(.tookTheirs) == [.bpm])
        #expect(merged.fields(.conflict) == [.length])
        let keepMine = ThreeWayMerge.record(base: base, mine: mine, theirs: theirs, preferring: .mine)
        #expect(keepMine.merged.length == 110)
        #expect(keepMine.merged.bpm == 90)
    }

    @Test func dictionaryMergesKeyByKey() {
        let base = ["sender": "a@x", "sendmail": "/usr/sbin/sendmail"]
        let mine = ["sender": "b@x", "sendmail": "/usr/sbin/sendmail", "notation": "german"]
        let theirs = ["sender": "c@x"]
        let (merged, conflicts) = ThreeWayMerge.dictionary(base: base, mine: mine, theirs: theirs, preferring: .theirs)
        #expect(merged == ["sender": "c@x", "notation": "german"])
        #expect(conflicts == ["sender"])
    }

    @Test func orderKeepsBothSidesMovesAdditionsAndDeletions() {
        // Mine moved "e" to the front; theirs deleted "b", added "x" after "c" and moved "a" to the end.
        let merge = OrderMerge(
            base: ["a", "b", "c", "d", "e"], mine: ["e", "a", "b", "c", "d"], theirs: ["c", "x", "d", "e", "a"], preferring: .theirs)
        #expect(merge.merged == ["e", "c", "x", "d", "a"])
        #expect(merge.removedByTheirs == ["b"])
        #expect(merge.addedByTheirs == ["x"])
        #expect(merge.movedByMine == ["e"])
        #expect(merge.movedByTheirs == ["a"])
        #expect(merge.conflicts.isEmpty)
    }

    @Test func orderConflictFollowsThePreference() {
        let base = ["a", "b", "c", "d"]
        let mine = ["b", "c", "a", "d"], theirs = ["b", "a", "c", "d"]
        // Both moved "a", to different places ("b" and "c" also count as moved on one side each).
        let theirsWins = OrderMerge(base: base, mine: mine, theirs: theirs, preferring: .theirs)
        let mineWins = OrderMerge(base: base, mine: mine, theirs: theirs, preferring: .mine)
        #expect(theirsWins.merged == theirs)
        #expect(mineWins.merged == mine)
    }

    // MARK: Properties, on random lists (seeded; the seed is printed)

    /// A descendant of `base`: some ids removed, some added, some moved.
    static func edit(_ base: [Int], adding fresh: inout Int, using random: inout Xoshiro) -> [Int] {
        var list = base.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
        for _ in 0..<Int.random(in: 0...2, using: &random) where !list.isEmpty {
            let id = list.remove(at: Int.random(in: 0..<list.count, using: &random))
            list.insert(id, at: Int.random(in: 0...list.count, using: &random))
        }
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            fresh += 1
            list.insert(fresh, at: Int.random(in: 0...list.count, using: &random))
        }
        return list
    }

    @Test func orderMergeProperties() {
        var random = seededGenerator(for: "MergeTests.orderMergeProperties")
        let seed = random.currentSeed
        for round in 0..<400 {
            let base = Array(0..<Int.random(in: 0...9, using: &random))
            var fresh = 100
            let mine = Self.edit(base, adding: &fresh, using: &random)
            let theirs = Self.edit(base, adding: &fresh, using: &random)
            let context: Comment = "seed \(seed), round \(round): base \(base), mine \(mine), theirs \(theirs)"
            for preference in [MergePreference.theirs, .mine] {
                // One side unchanged: the result is the other side.
                #expect(OrderMerge(base: base, mine: base, theirs: theirs, preferring: preference).merged == theirs, context)
                #expect(OrderMerge(base: base, mine: mine, theirs: base, preferring: preference).merged == mine, context)
                #expect(OrderMerge(base: base, mine: mine, theirs: mine, preferring: preference).merged == mine, context)
                let merge = OrderMerge(base: base, mine: mine, theirs: theirs, preferring: preference)
                // Exactly the ids both kept and either added, each once.
                let expected = Set(base.filter { mine.contains($0) && theirs.contains($0) }).union(mine.filter { !base.contains($0) })
                    .union(theirs.filter { !base.contains($0) })
                #expect(Set(merge.merged) == expected && merge.merged.count == expected.count, context)
                // Ids neither side moved keep their order from the base.
                let still = merge.merged.filter {
                    base.contains($0) && !merge.movedByMine.contains($0) && !merge.movedByTheirs.contains($0)
                }
                #expect(still == base.filter(still.contains), context)
                // Preferring the other side is the mirror image.
                let mirrored = OrderMerge(base: base, mine: theirs, theirs: mine, preferring: preference == .theirs ? .mine : .theirs)
                #expect(mirrored.merged == merge.merged, context)
            }
            // Records: unchanged sides and agreement never conflict.
            let values = [nil, 1, 2, 3]
            let b = values[round % 4], m = values[(round / 4) % 4], t = values[(round / 16) % 4]
            let result = ThreeWayMerge.value(base: Optional(b), mine: m, theirs: t, preferring: .theirs)
            #expect(result.isConflict == (m != t && b != m && b != t), context)
            #expect(result.value == (b == t ? m : t), context)
        }
    }
}

/// What a library notes of a setlist it sends (``Playlist/noteSent(_:)``): the base of the
/// replies, only where there is none.
@Suite struct SentBaseTests {
    @Test func onlyWhatHasNoBaseIsNotedAndOnlyOnce() throws {
        var library = Library()
        library.addSong(SongFields(name: "Highway to Hell", bpm: 116))
        library.addSong(SongFields(name: "Stairway to Heaven", bpm: 82))
        let index = try library.addPlaylist(named: "Gig")
        try library.insertCopies(of: [library.songs[0]], into: index, at: nil)
        var playlist = library.playlists[index]
        #expect(playlist.lacksBase)
        let sent = playlist
        let noted = playlist.noteSent(sent)
        #expect(noted)
        #expect(!playlist.lacksBase)
        #expect(playlist.copies[0].received == sent.copies[0].fields)
        #expect(playlist.received == ReceivedPlaylist(of: sent))
        #expect(playlist.received?.exported == nil && playlist.received?.removed == nil)
        let again = playlist.noteSent(sent)
        #expect(!again, "noted once")

        // A base already there is kept; a copy added since gets one; a copy not sent gets none.
        library.playlists[index] = playlist
        try library.insertCopies(of: [library.songs[1]], into: index, at: nil)
        var edited = library.playlists[index]
        let added = edited.copies[1]
        let notSent = Playlist(id: edited.id, name: "Gig renamed", items: [.song(edited.copies[0])])
        #expect(edited.lacksBase)
        let nothing = edited.noteSent(notSent)
        #expect(!nothing, "the sent copy had a base, the other was not sent")
        var later = edited
        if case .song(var copy) = later.items[0] {
            copy.fields.bpm = 120
            later.items[0] = .song(copy)
        }
        let newCopy = edited.noteSent(later)
        #expect(newCopy)
        #expect(edited.copies[0].received?.bpm == 116, "the first base stays")
        #expect(edited.copies[1].received == added.fields)
        #expect(edited.received?.name == "Gig")
    }
}
