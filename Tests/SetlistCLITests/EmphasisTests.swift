import Foundation
import SetlistCLI
import Testing

/// Bold headers and a red "error:" only on a terminal, never when piped, never with NO_COLOR.
@Suite struct EmphasisTests {
    /// Runs `arguments` on a library holding one contact, with the given terminals and environment.
    func run(_ arguments: [String], terminal: Bool, environment: [String: String]) -> (output: String, errors: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emphasis-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var context = CommandContext(
            environment: environment.merging(["SETLIST_HOME": folder.path]) { $1 }, currentDirectory: "/",
            output: OutputSink(), errorOutput: OutputSink(), readInput: { _ in Data() }, isInteractive: false,
            commandLine: "setlist")
        #expect(SetlistMain.run(["add-contact", "Pepa Kytara", "pepa@example.com"], context: context) == 0)
        context.output = OutputSink()
        context.outputIsTerminal = terminal
        context.errorOutputIsTerminal = terminal
        _ = SetlistMain.run(arguments, context: context)
        return (context.output.text, context.errorOutput.text)
    }

    @Test func headersAreBoldOnAColourTerminal() {
        let output = run(["contacts"], terminal: true, environment: ["TERM": "xterm-256color"]).output
        #expect(output.hasPrefix("\u{1B}[1mName"))
        #expect(output.contains("Email\u{1B}[0m\n"))
    }

    @Test func errorIsRedOnAColourTerminal() {
        let errors = run(["song", "nothing-like-this"], terminal: true, environment: ["TERM": "xterm"]).errors
        #expect(errors.hasPrefix("setlist: \u{1B}[1;31merror:\u{1B}[0m "))
    }

    @Test func monochromeTerminalGetsBoldOnly() {
        let errors = run(["song", "nothing-like-this"], terminal: true, environment: ["TERM": "vt100"]).errors
        #expect(errors.hasPrefix("setlist: \u{1B}[1merror:\u{1B}[0m "))
    }

    @Test(arguments: [
        (false, ["TERM": "xterm"]), // piped or redirected
        (true, ["TERM": "xterm", "NO_COLOR": "1"]),
        (true, ["TERM": "dumb"]),
        (true, [String: String]()), // no TERM at all
    ])
    func plainElsewhere(terminal: Bool, environment: [String: String]) {
        let listed = run(["contacts"], terminal: terminal, environment: environment)
        let failed = run(["song", "nothing-like-this"], terminal: terminal, environment: environment)
        #expect(!(listed.output + failed.errors).contains("\u{1B}"))
        #expect(failed.errors.hasPrefix("setlist: error: "))
    }
}
