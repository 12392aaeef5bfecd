import CLITestSupport
import Foundation
import SetlistCLI
import Testing

/// `setlist live` without a terminal, and `setlist show --at`, which prints what stage mode shows
/// for one position. Stage mode itself runs in tmux in the EndToEndTests.
@Suite struct LiveCommandTests {
    @Test func refusesWithoutATerminal() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let result = try lib.run("live", "Koncert")
        #expect(result.status == 64)
        #expect(result.stderr.contains("needs a terminal"))
        #expect(result.stderr.contains("show PLAYLIST --at N"))
        #expect(result.stdout.isEmpty)

        try lib.ok("new", "Empty")
        let empty = try lib.run("live", "Empty")
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("'Empty' has no songs"))
    }

    /// A dumb terminal (TERM=dumb: Emacs' shell, a serial console) cannot place the cursor, so
    /// stage mode is refused with the reason and what to do, before anything is drawn.
    @Test func aDumbTerminalIsRefusedWithTheReason() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let arguments = ["live", "Koncert"]
        var context = lib.context(arguments, environment: ["TERM": "dumb"])
        context.isInteractive = true
        let status = SetlistMain.run(arguments, context: context)
        let stderr = context.errorOutput.text
        #expect(status == 64, "\(stderr)")
        #expect(stderr.hasPrefix("setlist: error: `setlist live` cannot draw on a dumb terminal (TERM=dumb)"), "\(stderr)")
        #expect(stderr.contains("show Koncert --at N") || stderr.contains("show PLAYLIST --at N"), "\(stderr)")
        #expect(context.output.data.isEmpty, "no escape sequence was written")
    }

    @Test func showAtPrintsOnePosition() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let text = try lib.ok("show", "Koncert", "--at", "3")
        #expect(
            text == """
                3/4 · Set 1 · Koncert
                Příběh
                by Lucie
                Length 4:10 · Key C minor · BPM —

                Next: break, then Set 2: 4. Under the Bridge (4:24, E major, 84 BPM)
                Set 1: 11:30 played, 4:10 to go

                """)
        let json = try lib.ok("show", "Koncert", "--at", "4", "--json")
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(entry["position"] as? Int == 4)
        #expect(entry["set"] as? String == "Set 2")
        #expect((entry["copy"] as? [String: Any])?["name"] as? String == "Under the Bridge")

        let wrong = try lib.run("show", "Koncert", "--at", "9")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("1 to 4"))
        #expect(try lib.run("live", "Koncert", "--at", "9").status == 1)
    }
}
