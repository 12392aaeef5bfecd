import CLITestSupport
import Foundation
import TestLevels
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The gig log of real shows in tmux, with what goes on elsewhere meanwhile: a second stage mode on
/// the same setlist, an undo in another terminal, the library's lock held, a song renamed while it
/// is on. faketime runs each program's clock 20 times as fast: a minute on stage is 3 s here.
@Suite(.serialized, .tags(.endToEnd, .externalTools), .needs("tmux", "faketime")) struct LiveGigLogTests {
    /// Starts `live Koncert` with `arguments` in `tmux` on a clock that starts at `time` on
    /// 2026-03-14 (UTC), and waits for its screen to show `screen`.
    func startShow(in tmux: Tmux, of lib: TemporaryLibrary, at time: String, _ arguments: String = "", showing screen: String) throws {
        let binary = try SetlistBinary.url().path
        let state = lib.folder.appendingPathComponent("state").path
        try tmux.type(
            "TZ=UTC SETLIST_HOME='\(lib.root.path)' XDG_STATE_HOME='\(state)' faketime -f '@2026-03-14 \(time) x20' '\(binary)' live Koncert \(arguments); echo EXIT=$?"
        )
        try tmux.keys("Enter")
        _ = try tmux.waitFor { $0.contains(screen) }
    }

    /// The pane once the program has exited, without its white space (the pane wraps lines
    /// wherever they reach its edge): compare with ``bare(_:)``.
    func ended(_ tmux: Tmux) throws -> String {
        bare(try tmux.waitFor { $0.range(of: #"EXIT=[0-9]"#, options: .regularExpression) != nil })
    }

    func bare(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    func names(_ lib: TemporaryLibrary) throws -> [String] {
        let gig = try lib.json("gig", "--json")["gig"] as? [String: Any]
        return (gig?["songs"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    /// Stage mode A is left running (on song 2); the leader starts B on the same setlist, which is
    /// told A runs and goes on in the same gig with songs 3 and 4 and is quit; then A is quit. Each
    /// save merged into the gig as the log held it: the gig holds songs 1 to 4, B's too.
    @Test func twoStageModesOnOneSetlistKeepEachOthersSongs() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let a = try Tmux(columns: 120, rows: 24), b = try Tmux(columns: 120, rows: 24)
        defer {
            a.kill()
            b.kill()
        }
        try startShow(in: a, of: lib, at: "20:00:00", showing: "1/4 · Set 1")
        let startedA = Date()
        Thread.sleep(forTimeInterval: 4.5) // 90 s on A's clock
        try a.keys("Right")
        _ = try a.waitFor { $0.contains("2/4 · Set 1") }
        _ = try a.waitFor { _ in (try? names(lib)) == ["Highway to Hell"] }
        Thread.sleep(forTimeInterval: 4.5) // A's song 2 counts: 90 s before B takes over
        // B's clock starts where A's is now.
        let elapsed = Int(Date().timeIntervalSince(startedA) * 20)
        let time = String(format: "20:%02d:%02d", elapsed / 60, elapsed % 60)
        try startShow(in: b, of: lib, at: time, "--at 3", showing: "3/4 · Set 1")
        let told = try b.waitFor { $0.contains("Stage mode runs on this setlist elsewhere too") }
        #expect(told.contains("both log into one gig"), "\(told)")
        Thread.sleep(forTimeInterval: 4.5)
        try b.keys("Right")
        _ = try b.waitFor { $0.contains("4/4 · Set 2") }
        Thread.sleep(forTimeInterval: 4.5)
        try b.keys("q")
        let paneB = try ended(b)
        #expect(
            paneB.contains(bare("Recorded 3 songs played at the gig of 2026-03-14 'Koncert'")) && paneB.contains(bare("EXIT=0")), "\(paneB)"
        )
        #expect(paneB.contains(bare("stage mode is running on 'Koncert' elsewhere too")), "\(paneB)")
        #expect(try names(lib) == ["Highway to Hell", "Příběh", "Under the Bridge"])
        try a.keys("q")
        let paneA = try ended(a)
        #expect(
            paneA.contains(bare("Recorded 4 songs played at the gig of 2026-03-14 'Koncert'")) && paneA.contains(bare("EXIT=0")), "\(paneA)"
        )
        #expect(try names(lib) == ["Highway to Hell", "Stairway to Heaven", "Příběh", "Under the Bridge"], "B's songs stay")
        let gigs = try #require(try JSONSerialization.jsonObject(with: lib.run("gigs", "--json").stdoutData) as? [[String: Any]])
        #expect(gigs.count == 1)
    }

    /// `setlist undo` in another terminal during the show takes the gig out: the next song does not
    /// bring it back, the stage screen says so, and `redo` can still bring it back.
    @Test func aGigUndoneDuringTheShowIsNotPutBack() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let tmux = try Tmux(columns: 120, rows: 24)
        defer { tmux.kill() }
        try startShow(in: tmux, of: lib, at: "20:00:00", showing: "1/4 · Set 1")
        Thread.sleep(forTimeInterval: 4.5)
        try tmux.keys("Right")
        _ = try tmux.waitFor { _ in (try? names(lib)) == ["Highway to Hell"] }
        try lib.ok("undo")
        Thread.sleep(forTimeInterval: 4.5)
        try tmux.keys("Right")
        _ = try tmux.waitFor { $0.contains("3/4 · Set 1") && $0.contains("The gig was removed from the log elsewhere") }
        try tmux.keys("q")
        let pane = try ended(tmux)
        #expect(pane.contains(bare("was removed from the log elsewhere during the show")) && pane.contains(bare("EXIT=0")), "\(pane)")
        #expect(try lib.ok("gigs").contains("No gigs logged yet"))
        try lib.ok("redo")
        #expect(try names(lib) == ["Highway to Hell"], "the undone change was not forgotten")
    }

    /// The library's lock held by another program past the second a save waits: the stage screen
    /// says the log was not saved; the next song saves it all and the screen says no more.
    @Test func aSaveThatCannotBeMadeIsSaidOnStageAndMadeWithTheNextSong() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let tmux = try Tmux(columns: 120, rows: 24)
        defer { tmux.kill() }
        try startShow(in: tmux, of: lib, at: "20:00:00", showing: "1/4 · Set 1")
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [lib.root.appendingPathComponent(".lock").path, "sleep", "4"]
        Thread.sleep(forTimeInterval: 4.5)
        try holder.run()
        defer { holder.terminate() }
        Thread.sleep(forTimeInterval: 0.3)
        try tmux.keys("Right")
        _ = try tmux.waitFor { $0.contains("2/4 · Set 1") && $0.contains("Not saved to the gig log") }
        holder.waitUntilExit()
        Thread.sleep(forTimeInterval: 4.5)
        try tmux.keys("Right")
        _ = try tmux.waitFor { $0.contains("3/4 · Set 1") && !$0.contains("Not saved to the gig log") }
        #expect(try names(lib) == ["Highway to Hell", "Stairway to Heaven"])
        try tmux.keys("q")
        let pane = try ended(tmux)
        #expect(pane.contains(bare("Recorded 2 songs played")) && pane.contains(bare("EXIT=0")), "\(pane)")
    }

    /// A song renamed (and its author corrected) in another terminal while it is on is logged as
    /// it was when it went off: the collecting society's report names the new title.
    @Test func aSongEditedWhileOnIsLoggedAsEdited() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let tmux = try Tmux(columns: 120, rows: 24)
        defer { tmux.kill() }
        try startShow(in: tmux, of: lib, at: "20:00:00", showing: "1/4 · Set 1")
        try lib.ok("edit-song", "Highway to Hell", "--in", "Koncert", "--name", "Highway to Hell (live)", "--author", "AC/DC & Bon")
        _ = try tmux.waitFor { $0.contains("AC/DC & Bon") }
        Thread.sleep(forTimeInterval: 4.5)
        try tmux.keys("q")
        let pane = try ended(tmux)
        #expect(pane.contains(bare("Recorded 1 song played")), "\(pane)")
        #expect(try names(lib) == ["Highway to Hell (live)"])
        #expect(try lib.ok("gig", "--report").contains("Highway to Hell (live)"))
    }
}
