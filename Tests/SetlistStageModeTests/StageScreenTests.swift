import SetlistModel
import SetlistTerminal
import Testing

@testable import SetlistStageMode

@Suite struct StageScreenTests {
    let concert = Fixtures.concert

    func screen(_ position: Int, _ columns: Int, _ rows: Int, status: String? = nil, playlist: Playlist = Fixtures.concert) throws
        -> StageScreen
    {
        try #require(StageScreen(playlist: playlist, position: position, size: TerminalSize(columns: columns, rows: rows), status: status))
    }

    @Test func smallestScreenShowsEverythingThatMatters() throws {
        #expect(
            try screen(1, 40, 12).texts == [
                "Koncert                      1/5 · Set 1",
                "Highway to Hell",
                "by AC/DC",
                "Length 3:28   Key A major   116 BPM",
                "",
                "Angus counts in; four bars of guitar",
                "alone before the band comes in. Long",
                "ending: watch the drummer for the last",
                "↓ 3 more lines of notes",
                "Next: 2. Stairway to Heaven (A minor)",
                "Set 1: 0:00 played, 15:40 to go",
                "→ next  ← prev  ↓↑ notes  q quit        ",
            ])
    }

    @Test func standardTerminalDrawsTheTitleInBigLetters() throws {
        #expect(
            try screen(1, 80, 24).texts == [
                "  Koncert                                                          1/5 · Set 1",
                "  " + String(repeating: "─", count: 76),
                "",
                "  █ █ ▀█▀ ▄▀▀ █ █ █   █ ▄▀▄ █ █    ▀█▀ ▄▀▄    █ █ █▀▀ █   █",
                "  █▀█  █  █ █ █▀█ █▄▀▄█ █▀█  █      █  █ █    █▀█ █▀  █   █",
                "  ▀ ▀ ▀▀▀  ▀▀ ▀ ▀ ▀   ▀ ▀ ▀  ▀      ▀   ▀     ▀ ▀ ▀▀▀ ▀▀▀ ▀▀▀",
                "  by AC/DC",
                "  Length 3:28   Key A major   116 BPM",
                "",
                "  Angus counts in; four bars of guitar alone before the band comes in. Long",
                "  ending: watch the drummer for the last hit.",
                "  Second verse: backing vocals on the chorus only.",
            ] + Array(repeating: "", count: 8) + [
                "  " + String(repeating: "─", count: 76),
                "  Next: 2. Stairway to Heaven (8:02, A minor, 82 BPM)",
                "  Set 1: 0:00 played, 15:40 to go",
                "  → next  ← previous  g first  G last  number+Enter jump  c count-in  q quit  ",
            ])
    }

    @Test(arguments: Fixtures.sizes)
    func everyPositionFitsEverySize(size: TerminalSize) throws {
        for position in 1...5 {
            let lines = try #require(StageScreen(playlist: concert, position: position, size: size)).texts
            #expect(lines.count == size.rows)
            for line in lines { #expect(Cells.width(line) <= size.columns, "too wide at \(size): \(line)") }
            #expect(lines[0].hasSuffix("\(position)/5 · " + (position <= 3 ? "Set 1" : "Set 2")))
            let stage = try #require(StagePosition(playlist: concert, position: position))
            let author = try #require(stage.copy.fields.author)
            #expect(lines.contains { $0.contains("by " + author) })
            #expect(lines.contains { $0.contains(stage.copy.fields.key!.description) })
            #expect(lines.contains { $0.contains("Next: ") })
            #expect(lines.contains { $0.contains(stage.setLabel! + ": ") && $0.contains("played") })
        }
    }

    @Test(arguments: [(1, 1), (10, 3), (20, 5), (39, 11), (300, 100)])
    func sizesOutsideTheSupportedRangeStillFit(columns: Int, rows: Int) throws {
        for position in 1...5 {
            let lines = try screen(position, columns, rows).texts
            #expect(lines.count == rows)
            #expect(lines.allSatisfy { Cells.width($0) <= columns })
        }
    }

    @Test func breakFollowsTheLastSongOfASet() throws {
        let lines = try screen(3, 80, 24).texts
        #expect(lines.contains("  Next: break, then Set 2: 4. Under the Bridge (4:24, E major, 84 BPM)"))
        #expect(lines.contains("  Set 1: 11:30 played, 4:10 to go"))
        // The big letters drop the accents, so the exact title is shown under them.
        #expect(lines.contains("  Příběh"))
        #expect(lines.contains { $0.contains("█") })
    }

    @Test func narrowScreenShortensTheTimeLine() throws {
        let lines = try screen(5, 40, 12).texts
        #expect(lines.contains("Set 2: 4:24+ played, 0:00+ to go"))
        #expect(lines.contains("Next: nothing, this is the last song"))
        #expect(lines.contains("Length —   Key G minor   112 BPM"))
    }

    @Test func largeScreenUsesLargerLettersAndShowsAllNotes() throws {
        let small = try screen(1, 80, 24).texts.filter { $0.contains("█") || $0.contains("▀") }.count
        let large = try screen(1, 200, 60).texts.filter { $0.contains("█") || $0.contains("▀") }.count
        #expect(small == 3)
        #expect(large > small)
        let lines = try screen(1, 200, 60).texts
        #expect(lines.contains("  Second verse: backing vocals on the chorus only."))
        #expect(!lines.contains { $0.contains("more line") })
    }

    @Test func longNotesAreWrappedAndCut() throws {
        var playlist = concert
        let notes = (1...40).map { "Line \($0) of the notes, which says rather a lot about the song." }.joined(separator: "\n")
        playlist.items[1] = Fixtures.song("Stairway to Heaven", nil, 482, nil, 82, notes: notes)
        let lines = try screen(2, 60, 20, playlist: playlist).texts
        #expect(lines.count == 20)
        #expect(lines[6...7] == ["  Line 1 of the notes, which says rather a lot about the", "  song."])
        #expect(lines[15] == "  ↓ 71 more lines of notes")
        #expect(lines[16].hasPrefix("  ───"))
        #expect(lines.last!.hasPrefix("  → next"))
        #expect(!lines.contains { $0.contains("by ") })
    }

    /// Notes longer than the screen scroll: the last row says how much is below and above.
    @Test func longNotesScrollLineByLineToTheirEnd() throws {
        var playlist = concert
        let notes = (1...40).map { "Line \($0) of the notes." }.joined(separator: "\n")
        playlist.items[1] = Fixtures.song("Stairway to Heaven", nil, 482, nil, 82, notes: notes)
        func lines(_ scroll: Int) throws -> (texts: [String], notes: NotesScroll) {
            let screen = try #require(
                StageScreen(playlist: playlist, position: 2, size: TerminalSize(columns: 60, rows: 20), scroll: scroll))
            return (screen.texts, screen.notes)
        }
        let top = try lines(0)
        // Nine lines of notes and the marker between the facts and the rule above "Next:".
        #expect(top.notes == NotesScroll(maximum: 31, page: 8))
        #expect(top.texts[6...15] == ArraySlice((1...9).map { "  Line \($0) of the notes." } + ["  ↓ 31 more lines of notes"]))
        #expect(top.texts.last!.hasPrefix("  → next  ← prev  ↓↑ notes  N⏎ jump  c count  q quit"))
        let middle = try lines(5)
        #expect(middle.texts[6] == "  Line 6 of the notes.")
        #expect(middle.texts[15] == "  ↓ 26 more lines of notes, 5 above")
        let end = try lines(31)
        #expect(end.texts[6] == "  Line 32 of the notes.")
        #expect(end.texts[14] == "  Line 40 of the notes.")
        #expect(end.texts[15] == "  ↑ 31 lines of notes above")
        #expect(try lines(500).texts == end.texts, "a scroll past the end shows the end")
        #expect(try lines(-3).texts == top.texts)
        for scroll in [0, 5, 31] { #expect(try lines(scroll).texts.count == 20) }
    }

    /// The chart under the notes, in the copy's key: chords in bold over their syllables, a
    /// line wider than the screen going on below with its chords, and scrolling like the notes.
    @Test func theChartShowsInTheCopysKeyAndScrolls() throws {
        var playlist = concert
        guard case .song(var copy) = playlist.items[1] else { return }
        copy.fields.notes = "Count in."
        copy.fields.key = MusicalKey(parsing: "B minor")
        copy.fields.chart = try Chart(
            text: "{soc}\n[Am]There's a lady who's [C]sure\n{eoc}\n" + (1...30).map { "[G]line \($0)" }.joined(separator: "\n"),
            key: MusicalKey(parsing: "A minor"))
        playlist.items[1] = .song(copy)
        let screen = try #require(StageScreen(playlist: playlist, position: 2, size: TerminalSize(columns: 60, rows: 30)))
        let texts = screen.texts
        let start = try #require(texts.firstIndex(of: "  Count in."))
        #expect(
            Array(texts[start..<start + 5]) == [
                "  Count in.", "", "  Chorus", "    Bm                   D", "    There's a lady who's sure",
            ])
        #expect(screen.lines[start + 3].style == .heading, "chords stand out")
        #expect(texts.contains { $0.contains("more lines of notes and chart") })
        #expect(screen.notes.maximum > 0)
        // A narrow screen: the long line goes on below, its chords with it.
        let narrow = try #require(StageScreen(playlist: playlist, position: 2, size: TerminalSize(columns: 20, rows: 40))).texts
        let chords = try #require(narrow.firstIndex(of: "  Bm"))
        #expect(Array(narrow[chords..<chords + 4]) == ["  Bm", "  There's a lady", "        D", "  who's sure"])
    }

    /// A chart played with a capo shows its shapes on stage, the capo said over them.
    @Test func aChartWithACapoShowsItsShapes() throws {
        var playlist = concert
        guard case .song(var copy) = playlist.items[1] else { return }
        copy.fields.notes = nil
        copy.fields.key = MusicalKey(parsing: "B major")
        copy.fields.chart = try Chart(text: "[G]Open [Em]strings", key: MusicalKey(parsing: "G major"), capo: 2)
        playlist.items[1] = .song(copy)
        let texts = try #require(StageScreen(playlist: playlist, position: 2, size: TerminalSize(columns: 60, rows: 30))).texts
        let start = try #require(texts.firstIndex(of: "  (Capo 2: A major shapes)"), "\(texts)")
        #expect(Array(texts[start + 1..<start + 3]) == ["  A    F#m", "  Open strings"])
    }

    @Test func notesThatFitDoNotScroll() throws {
        let screen = try #require(StageScreen(playlist: concert, position: 1, size: TerminalSize(columns: 80, rows: 24), scroll: 3))
        #expect(screen.notes == .none)
        #expect(screen.texts.contains("  Second verse: backing vocals on the chorus only."))
        #expect(!screen.texts.last!.contains("↓↑"), "no scrolling keys when nothing scrolls")
    }

    /// A long next title is cut with "…" on one line, by display width, keeping the details.
    @Test(arguments: [40, 60, 80, 120])
    func longNextTitleIsCutOnOneLine(columns: Int) throws {
        var playlist = concert
        let title = String(repeating: "Dlouhá píseň 漢字 🎸 ", count: 8)
        playlist.items[1] = Fixtures.song(title, "X", 482, MusicalKey(parsing: "Am"), 82)
        let texts = try screen(1, columns, 24, playlist: playlist).texts
        let next = texts.filter { $0.contains("Next:") }
        #expect(next.count == 1)
        let line = try #require(next.first)
        #expect(Cells.width(line) <= columns, "[\(line)]")
        #expect(line.contains("Next: 2. Dlouhá"))
        #expect(line.contains("…"))
        #expect(line.hasSuffix(columns >= 60 ? "… (8:02, A minor, 82 BPM)" : "… (A minor)"), "[\(line)]")
        // The line below is the set's time, not the rest of the title.
        let below = try #require(texts.firstIndex(of: line)).advanced(by: 1)
        #expect(texts[below].contains("played"))
    }

    @Test func statusReplacesTheLineOfKeys() throws {
        let lines = try screen(1, 80, 24, status: "Go to song: 12_").texts
        #expect(lines.last == "  Go to song: 12_" + String(repeating: " ", count: 61))
    }

    @Test func titleWithoutBigLettersWrapsOnTwoLinesAtMost() throws {
        var playlist = concert
        playlist.items[0] = Fixtures.song(String(repeating: "Ballad ", count: 20) + "(Ωmega)", "X", 60, nil, nil)
        let lines = try screen(1, 60, 20, playlist: playlist).texts
        #expect(lines[2] == "")
        #expect(lines[3] == "  " + Array(repeating: "Ballad", count: 8).joined(separator: " "))
        #expect(lines[4].hasSuffix("…") && Cells.width(lines[4]) <= 60)
        #expect(lines[5] == "  by X")
    }

    @Test func onlyExistingPositionsHaveAScreen() {
        #expect(StageScreen(playlist: concert, position: 6, size: TerminalSize(columns: 80, rows: 24)) == nil)
    }

    @Test func attributesFollowTheAppearance() throws {
        let screen = try screen(1, 80, 24)
        let colour = screen.drawn(.color).joined()
        let mono = screen.drawn(.monochrome).joined()
        let plain = screen.drawn(.plain).joined()
        #expect(colour.contains("\u{1B}[1;33m"))
        #expect(mono.contains("\u{1B}[1m"))
        #expect(mono.contains("\u{1B}[7m"))
        #expect(!mono.contains("\u{1B}[1;3"))
        #expect(!plain.contains("\u{1B}"))
        #expect(screen.drawn(.plain) == screen.texts)
    }

    /// The line of keys offers q to quit, never Esc, which no longer quits.
    @Test func theLineOfKeysOffersQToQuit() {
        for line in StageScreen.keyHelp + StageScreen.scrollingKeyHelp {
            #expect(line.hasSuffix("q quit"), "[\(line)]")
            #expect(!line.contains("Esc"), "[\(line)]")
        }
    }
}
