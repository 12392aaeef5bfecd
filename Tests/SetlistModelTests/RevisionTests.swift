import Testing

@testable import SetlistModel

/// A setlist's revisions (``Revisions``): the number goes up only when what members compare
/// changed, each member is told what changed since their own, and only needed revisions are kept.
@Suite struct RevisionTests {
    static func copy(_ id: String, _ name: String, key: String? = nil, bpm: Int? = nil) -> PlaylistItem {
        .song(SongCopy(id: id, originalID: nil, fields: SongFields(name: name, key: key.flatMap(MusicalKey.init(parsing:)), bpm: bpm)))
    }

    @Test func theNumberGoesUpOnlyWhenTheSetlistChanged() throws {
        var playlist = Playlist(name: "P", items: [Self.copy("a", "A", key: "C"), Self.copy("b", "B", bpm: 100)])
        let first = playlist.revision(on: "2026-11-28")
        #expect(first.number == 1 && first.footer == "Revision 1 · 28 Nov 2026")
        playlist.noteShared(first, to: ["Jana@Example.com", "pepa@example.com"])
        #expect(playlist.revisionNote(first, for: "jana@example.com", notation: .english).contains("nothing changed"))
        #expect(playlist.revisionNote(first, for: "new@example.com", notation: .english).contains("the first revision"))
        // Nothing a member compares changed: the same revision, whatever the day.
        #expect(playlist.revision(on: "2026-12-01") == first)
        playlist.items.swapAt(0, 1)
        let second = playlist.revision(on: "2026-12-01")
        #expect(second.number == 2 && second.date == "2026-12-01")
        playlist.noteShared(second, to: ["pepa@example.com"])
        playlist.items.append(Self.copy("c", "C"))
        playlist.items[0] = Self.copy("b", "B", bpm: 120)
        let third = playlist.revision(on: "2026-12-02")
        #expect(third.number == 3)
        #expect(
            playlist.revisionNote(third, for: "pepa@example.com", notation: .english)
                == "Revision 3. Changed since revision 2, the one you last received:\n  Tempo: B, 100 BPM → 120 BPM\n  Added: C (song 3)")
        let jana = playlist.revisionNote(third, for: "jana@example.com", notation: .english)
        #expect(jana.contains("since revision 1") && jana.contains("Moved: B, song 2 → 1") && jana.contains("Moved: A, song 1 → 2"))
        playlist.noteShared(third, to: ["jana@example.com", "pepa@example.com"])
        // Nobody needs revisions 1 and 2 any more.
        #expect(playlist.revisions?.kept.map(\.number) == [3])
    }

    @Test func keysChartsPlansAndRemovalsAreNamed() throws {
        let old = Playlist(name: "P", items: [Self.copy("a", "A", key: "C"), Self.copy("b", "B")]).revision(on: "2026-11-28")
        var playlist = Playlist(name: "P", items: [Self.copy("a", "A", key: "D")])
        playlist.plan = ShowPlan()
        var fields = playlist.copies[0].fields
        fields.chart = Chart(lines: ["[C]x"], key: nil)
        playlist.items[0] = .song(SongCopy(id: "a", originalID: nil, fields: fields))
        #expect(
            playlist.revision(on: "2026-11-29").changes(since: old, notation: .german) == [
                "Key: A, C dur → D dur", "Chart added: A", "Removed: B", "The plan (start, gaps, breaks) changed",
            ])
    }
}
