import SetlistModel
import Testing

@testable import SetlistStageMode

/// The leader's keys when the band follows: messages, looking ahead, sending the band.
@Suite struct BandLeadTests {
    func bytes(_ text: String) -> TerminalEvent { .input(Array(text.utf8)) }

    /// Runs stage mode leading a band on `script`; returns what the band was sent, each cue once
    /// in a row, and the terminal.
    func lead(_ script: [TerminalEvent], from position: Int = 1) throws -> ([BandCue], ScriptedTerminal) {
        let terminal = ScriptedTerminal(script: script)
        var cues: [BandCue] = []
        let band = BandPageLink(
            addressScreen: { size, moment in ["ADDRESS \(size.columns)x\(size.rows) \(moment)"] },
            publish: { cue in if cues.last != cue { cues.append(cue) } })
        try StageMode.run(playlist: Fixtures.concert, startingAt: position, appearance: .plain, on: terminal, band: band)
        return (cues, terminal)
    }

    @Test func theAddressShowsFirstAndOnWUntilTheNextKey() throws {
        let (cues, terminal) = try lead([bytes("n"), bytes("n"), bytes("w"), bytes("x"), bytes("q")])
        #expect(terminal.frames.map { $0[0].hasPrefix("ADDRESS") } == [true, false, false, true, false])
        // The first says that the first key starts the show; w's says any key goes back.
        #expect(terminal.frames.compactMap { $0[0].hasPrefix("ADDRESS") ? $0[0].split(separator: " ").last : nil } == ["start", "during"])
        // The key that leaves the address screen does nothing else.
        #expect(cues.map(\.position) == [1, 2])
    }

    /// The address screen says "q quit": q quits there as anywhere else.
    @Test func qQuitsOnTheAddressScreen() throws {
        let (cues, terminal) = try lead([bytes("x"), bytes("n"), bytes("w"), bytes("q"), bytes("n")])
        #expect(terminal.script == [bytes("n")], "the key after q is never read")
        #expect(cues.map(\.position) == [1, 2])
    }

    @Test func theBandFollowsEachStep() throws {
        let (cues, _) = try lead([bytes(" "), bytes("n"), bytes("n"), bytes("p"), bytes("G"), bytes("q")])
        #expect(cues.map(\.position) == [1, 2, 3, 2, 5])
    }

    @Test func aMessageIsTypedSentAndGoneWithTheNextSong() throws {
        let (cues, terminal) = try lead([
            bytes(" "), bytes("m"), bytes("Repeat chorus q"), bytes("\u{7F}"), bytes("\r"), bytes("n"), bytes("q"),
        ])
        #expect(terminal.frames.contains { $0.last?.contains("Message to the band: Repeat chorus q_") == true })
        // The leader sees what the phones show, until the next song.
        #expect(terminal.frames.contains { $0.last?.contains("To the band: Repeat chorus   (m, then Enter, clears it)") == true })
        #expect(terminal.frames.last?.last?.contains("To the band") == false)
        #expect(cues.map(\.position) == [1, 1, 2])
        #expect(cues.map(\.message) == [nil, "Repeat chorus", nil])
    }

    @Test func escapeCancelsAMessageAndAnEmptyOneClearsIt() throws {
        let (cues, _) = try lead([bytes(" "), bytes("mStop\r"), bytes("mEncore"), bytes("\u{1B}"), .quiet, bytes("m\r"), bytes("q")])
        #expect(cues.map(\.message) == [nil, "Stop", nil])
    }

    @Test func lookingAheadMovesOnlyTheTerminalUntilBSendsTheBand() throws {
        let (cues, terminal) = try lead([
            bytes(" "), bytes("l"), bytes("n"), bytes("n"), bytes("b"), bytes("l"), bytes("n"), bytes("l"), bytes("q"),
        ])
        // Looked at 2 and 3 while the band stayed on 1; b sent it to 3; looked at 4 and came back to 3.
        #expect(cues.map(\.position) == [1, 3])
        #expect(terminal.frames.contains { $0.last?.contains("Looking ahead; the band is on 1.") == true })
        #expect(terminal.frames.last?[0].contains("3/5") == true)
    }

    /// A song before the band's removed elsewhere while the leader looks ahead: the band stays
    /// on its song, now a number lower, and the phones with it (they followed the number).
    @Test func theBandStaysOnItsSongWhenTheSetlistChangesWhileLookingAhead() {
        let old = Fixtures.concert
        var new = old
        new.items.removeFirst()
        var navigator = StageNavigator(count: 5, position: 3)
        var lead = BandLead(position: 3)
        _ = lead.handle(.character("l"), navigator: &navigator)
        navigator.show(5)
        _ = navigator.follow(from: old, to: new)
        lead.follow(navigator, from: old, to: new)
        #expect(lead.lookingAhead && lead.position == 2 && navigator.position == 4)
        #expect(new.copies[lead.position - 1].fields.name == "Příběh")
        // Not looking ahead, the band goes where the terminal went.
        _ = lead.handle(.character("l"), navigator: &navigator)
        lead.follow(navigator, from: new, to: new)
        #expect(!lead.lookingAhead && lead.position == 2)
    }

    @Test func ctrlCQuitsEvenWhileTyping() throws {
        let (_, terminal) = try lead([bytes(" "), bytes("mHel"), bytes("\u{03}"), bytes("n")])
        #expect(terminal.script == [bytes("n")])
    }

    @Test func withoutABandTheKeysAreUnchanged() throws {
        let terminal = ScriptedTerminal(script: [bytes("m"), bytes("l"), bytes("w"), bytes("n"), bytes("q")])
        let last = try StageMode.run(playlist: Fixtures.concert, startingAt: 1, appearance: .plain, on: terminal)
        #expect(last == 2)
    }
}
