import SetlistModel
import Testing

@testable import SetlistStageMode

/// A terminal that plays back a script of events and records what is drawn.
final class ScriptedTerminal: StageTerminal {
    var size: TerminalSize
    var script: [TerminalEvent]
    var frames: [[String]] = []
    var timeouts: [Int?] = []
    /// Resizes applied when the script reaches a `.resize` event.
    var sizes: [TerminalSize]
    /// Work done just before the event of that index (0-based) is returned, such as a change to
    /// the library "in another terminal".
    var actions: [Int: () throws -> Void] = [:]

    init(size: TerminalSize = TerminalSize(columns: 80, rows: 24), script: [TerminalEvent], sizes: [TerminalSize] = []) {
        self.size = size
        self.script = script
        self.sizes = sizes
    }

    func draw(_ lines: [String]) throws { frames.append(lines) }

    func nextEvent(timeout: Int?) throws -> TerminalEvent {
        try actions[timeouts.count]?()
        timeouts.append(timeout)
        guard !script.isEmpty else { return .closed }
        let event = script.removeFirst()
        if event == .resize, !sizes.isEmpty { size = sizes.removeFirst() }
        return event
    }
}

@Suite struct StageModeTests {
    func bytes(_ text: String) -> TerminalEvent { .input(Array(text.utf8)) }

    @Test func stepsThroughAndQuits() throws {
        let terminal = ScriptedTerminal(script: [bytes("n"), bytes("\u{1B}[C"), bytes("k"), bytes("q"), bytes("n")])
        let last = try StageMode.run(playlist: Fixtures.concert, startingAt: 1, appearance: .plain, on: terminal)
        #expect(last == 2)
        #expect(terminal.frames.map { $0[0].hasSuffix("/5 · Set 1") } == [true, true, true, true])
        #expect(terminal.frames.map { String($0[0].split(separator: " ").last { $0.contains("/") }!) } == ["1/5", "2/5", "3/5", "2/5"])
        #expect(terminal.script == [bytes("n")], "nothing is read after q")
    }

    /// A lone Escape (known after a quiet moment) does not quit: the show stays on screen, the
    /// status line says q quits, and the keys after it work as ever.
    @Test func loneEscapeDoesNotQuit() throws {
        let terminal = ScriptedTerminal(script: [bytes("\u{1B}"), .quiet, bytes("n"), bytes("q"), bytes("n")])
        let last = try StageMode.run(playlist: Fixtures.concert, startingAt: 4, appearance: .plain, on: terminal)
        #expect(terminal.timeouts.prefix(2) == [nil, StageSession.escapeDelay])
        #expect(last == 5)
        #expect(terminal.frames.count == 3)
        #expect(terminal.frames[1].last?.contains("press q to quit") == true, "\(terminal.frames[1])")
        #expect(terminal.script == [bytes("n")], "q quits")
    }

    @Test func resizeRedrawsAtTheNewSize() throws {
        let terminal = ScriptedTerminal(script: [.resize, .stop], sizes: [TerminalSize(columns: 40, rows: 12)])
        try StageMode.run(playlist: Fixtures.concert, startingAt: 1, appearance: .plain, on: terminal)
        #expect(terminal.frames.map(\.count) == [24, 12])
        #expect(terminal.frames[1].allSatisfy { Cells.width($0) <= 40 })
    }

    @Test func typedNumberShowsAndJumps() throws {
        let terminal = ScriptedTerminal(script: [bytes("4"), bytes("\r"), .closed])
        let last = try StageMode.run(playlist: Fixtures.concert, startingAt: 1, appearance: .plain, on: terminal)
        #expect(last == 4)
        #expect(terminal.frames[1].last!.hasPrefix("  Go to song: 4_"))
        #expect(terminal.frames[2][0].hasSuffix("4/5 · Set 2"))
    }

    /// Long notes scroll with ↓ and Page Down; past their end the next song shows, and ↑ at the
    /// top of a song goes back. Two keys in one read scroll twice.
    @Test func arrowsScrollLongNotesThenMoveOn() throws {
        var playlist = Fixtures.concert
        let notes = (1...30).map { "Note \($0)." }.joined(separator: "\n")
        playlist.items[0] = Fixtures.song("Highway to Hell", "AC/DC", 208, nil, 116, notes: notes)
        let down = bytes("\u{1B}[B"), pageDown = bytes("\u{1B}[6~"), up = bytes("\u{1B}[A")
        let terminal = ScriptedTerminal(script: [down, pageDown, pageDown, pageDown, pageDown, up, bytes("\u{1B}[6~\u{1B}[B")])
        let last = try StageMode.run(playlist: playlist, startingAt: 1, appearance: .plain, on: terminal)
        #expect(last == 1)
        let counters = terminal.frames.map { String($0[0].split(separator: " ").last { $0.contains("/") } ?? "") }
        #expect(counters == ["1/5", "1/5", "1/5", "1/5", "1/5", "2/5", "1/5", "1/5"])
        let firstNotes = terminal.frames.map { frame in frame.first { $0.hasPrefix("  Note ") } ?? "" }
        // Ten lines of notes show; a page moves nine, so one line of the old page stays.
        #expect(firstNotes == ["  Note 1.", "  Note 2.", "  Note 11.", "  Note 20.", "  Note 21.", "", "  Note 1.", "  Note 11."])
        #expect(terminal.frames[0].contains("  ↓ 20 more lines of notes"))
        #expect(terminal.frames[4].contains("  ↑ 20 lines of notes above"))
    }

    @Test func appearanceReachesTheDrawing() throws {
        let terminal = ScriptedTerminal(script: [.stop])
        try StageMode.run(playlist: Fixtures.concert, startingAt: 1, appearance: .color, on: terminal)
        #expect(terminal.frames[0].joined().contains("\u{1B}["))
    }
}
