import Foundation
import Testing
import SetlistCore

@Suite struct ChildProcessTests {
    @Test func passesInputAndCollectsBothOutputs() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "tr a-z A-Z; echo oops >&2; exit 3"], input: Data("hello\n".utf8))
        #expect(result.outputText == "HELLO\n")
        #expect(result.errorText == "oops\n")
        #expect(result.exited && result.status == 3 && !result.succeeded)
        #expect(result.ending == "exit status 3")
    }

    @Test func withoutInputStandardInputIsEmpty() throws {
        let result = try ChildProcess.run("/bin/cat")
        #expect(result.succeeded && result.output.isEmpty)
    }

    /// More than a pipe holds on both streams, and input the program never reads: no deadlock.
    @Test func drainsLargeOutputAndIgnoresUnreadInput() throws {
        let script = "head -c 300000 /dev/zero; head -c 300000 /dev/zero >&2"
        let result = try ChildProcess.run("/bin/sh", ["-c", script], input: Data(count: 1_000_000))
        #expect(result.succeeded)
        #expect(result.output.count == 300_000 && result.errorOutput.count == 300_000)
    }

    @Test func reportsASignal() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "kill -9 $$"])
        #expect(!result.exited && result.ending == "signal 9")
    }

    @Test func environmentAndFolder() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "echo $GREETING; pwd"], environment: ["GREETING": "ahoj"],
                                          folder: URL(fileURLWithPath: "/"))
        #expect(result.outputText == "ahoj\n/\n")
    }

    @Test func aMissingProgramCannotStart() {
        #expect(throws: ChildProcess.StartError.self) { try ChildProcess.run("/nonexistent/program") }
    }
}
