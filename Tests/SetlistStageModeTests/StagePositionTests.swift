import SetlistModel
import Testing

@testable import SetlistStageMode

@Suite struct StagePositionTests {
    let concert = Fixtures.concert

    @Test func firstSongOfTheFirstSet() throws {
        let stage = try #require(StagePosition(playlist: concert, position: 1))
        #expect(stage.counter == "1/5")
        #expect(stage.setLabel == "Set 1")
        #expect(stage.copy.fields.name == "Highway to Hell")
        #expect(stage.elapsed == 0)
        #expect(stage.remaining == 208 + 482 + 250)
        #expect(stage.unknownLengths == 0)
        #expect(stage.nextLine == "Next: 2. Stairway to Heaven (8:02, A minor, 82 BPM)")
        #expect(stage.timeLine == "Set 1: 0:00 played, 15:40 to go")
        #expect(stage.facts == ["Length 3:28", "Key A major", "116 BPM"])
    }

    @Test func nextLineFitsAWidth() throws {
        let stage = try #require(StagePosition(playlist: Fixtures.concert, position: 1))
        #expect(stage.nextLine(fitting: 80) == "Next: 2. Stairway to Heaven (8:02, A minor, 82 BPM)")
        #expect(stage.nextLine(fitting: 45) == "Next: 2. Stairway to… (8:02, A minor, 82 BPM)")
        #expect(stage.nextLine(fitting: 37) == "Next: 2. Stairway to Heaven (A minor)")
        #expect(stage.nextLine(fitting: 27) == "Next: 2. Stairwa… (A minor)")
        #expect(stage.nextLine(fitting: 25) == "Next: 2. Stairway to Hea…", "too little room for the title: the line is cut")
        let last = try #require(StagePosition(playlist: Fixtures.concert, position: 5))
        #expect(last.nextLine(fitting: 20) == "Next: nothing, this…")
    }

    @Test func keysShowInTheBandsNotation() throws {
        let stage = try #require(StagePosition(playlist: concert, position: 1, notation: .german))
        #expect(stage.facts == ["Length 3:28", "Key A dur", "116 BPM"])
        #expect(stage.nextLine == "Next: 2. Stairway to Heaven (8:02, a moll, 82 BPM)")
        let screen = try #require(
            StageScreen(playlist: concert, position: 1, size: TerminalSize(columns: 100, rows: 30), notation: .german))
        #expect(screen.texts.contains { $0.contains("A dur") })
    }

    @Test func lastSongOfASetIsFollowedByTheBreak() throws {
        let stage = try #require(StagePosition(playlist: concert, position: 3))
        guard case .setBreak(let label, let then) = stage.following else {
            Issue.record("expected a break, got \(stage.following)")
            return
        }
        #expect(label == "Set 2")
        #expect(then?.position == 4)
        #expect(stage.nextLine == "Next: break, then Set 2: 4. Under the Bridge (4:24, E major, 84 BPM)")
        #expect(stage.elapsed == 208 + 482)
        #expect(stage.remaining == 250)
        #expect(stage.facts == ["Length 4:10", "Key C minor", "BPM —"])
    }

    @Test func timesCountWithinTheSetAfterABreak() throws {
        let stage = try #require(StagePosition(playlist: concert, position: 5))
        #expect(stage.setLabel == "Set 2")
        #expect(stage.elapsed == 264)
        #expect(stage.remaining == 0)
        #expect(stage.unknownLengths == 1)
        #expect(stage.following == .end)
        #expect(stage.timeLine == "Set 2: 4:24 played, 0:00 to go (1 song without a length)")
        #expect(stage.shortTimeLine == "Set 2: 4:24+ played, 0:00+ to go")
        #expect(stage.facts == ["Length —", "Key G minor", "112 BPM"])
    }

    @Test func aPlaylistWithoutBreaksHasNoSetLabel() throws {
        let stage = try #require(StagePosition(playlist: Fixtures.oneSet, position: 4))
        #expect(stage.setLabel == nil)
        #expect(stage.timeLine == "Set: 15:40 played, 4:24 to go (1 song without a length)")
        #expect(stage.nextLine == "Next: 5. Smoke on the Water (G minor, 112 BPM)")
    }

    @Test func aBreakAtTheEndHasNoSongAfterIt() throws {
        var playlist = concert
        playlist.items.append(.setBreak("Encore"))
        let stage = try #require(StagePosition(playlist: playlist, position: 5))
        #expect(stage.following == .setBreak(label: "Encore", then: nil))
        #expect(stage.nextLine == "Next: break, then Encore")
    }

    @Test func twoBreaksInARowLeadToTheNextSong() throws {
        var playlist = concert
        playlist.items.insert(.setBreak("Encore"), at: 4)
        let stage = try #require(StagePosition(playlist: playlist, position: 3))
        guard case .setBreak(_, let then) = stage.following else {
            Issue.record("expected a break")
            return
        }
        #expect(then?.copy.fields.name == "Under the Bridge")
    }

    @Test(arguments: [0, 6, -1])
    func noSongAtThePosition(position: Int) {
        #expect(StagePosition(playlist: concert, position: position) == nil)
    }

    @Test func textLinesForShowAt() throws {
        let stage = try #require(StagePosition(playlist: concert, position: 1))
        #expect(
            stage.textLines == [
                "1/5 · Set 1 · Koncert",
                "Highway to Hell",
                "by AC/DC",
                "Length 3:28 · Key A major · 116 BPM",
                "",
                "Angus counts in; four bars of guitar alone before the band comes in. Long ending: watch the drummer for the last hit.",
                "Second verse: backing vocals on the chorus only.",
                "",
                "Next: 2. Stairway to Heaven (8:02, A minor, 82 BPM)",
                "Set 1: 0:00 played, 15:40 to go",
            ])
    }
}
