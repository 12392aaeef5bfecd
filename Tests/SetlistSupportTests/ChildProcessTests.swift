import Foundation
import Testing

@testable import SetlistSupport

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
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", "echo $GREETING; pwd"], environment: ["GREETING": "ahoj"],
            folder: URL(fileURLWithPath: "/"))
        #expect(result.outputText == "ahoj\n/\n")
    }

    /// A thread that blocks signals (any of Dispatch's) still starts a program that can be
    /// ended with SIGTERM: the child's mask is empty.
    @Test func theProgramStartsWithNoSignalBlocked() throws {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        sigaddset(&blocked, SIGINT)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let result = try ChildProcess.run("/bin/grep", ["SigBlk", "/proc/self/status"])
        #expect(result.outputText == "SigBlk:\t0000000000000000\n")
        var now = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &now)
        #expect(sigismember(&now, SIGTERM) == 1, "the caller's own mask is put back")
    }

    @Test func aMissingProgramCannotStart() {
        #expect(throws: ChildProcess.StartError.self) { try ChildProcess.run("/nonexistent/program") }
    }
}

/// A program that hangs is ended with everything it started (issue 13).
@Suite struct ChildProcessTimeoutTests {
    /// Shorter than the real one, which only makes the test wait longer.
    static let grace = 0.3

    /// Runs a script that starts a helper in the background (which writes its pid) and then hangs.
    func runHanging(_ hang: String, input: Data?) throws -> (ChildProcess.Result, Double, Int32) {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("hang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let script = "sleep 300 & echo $! > '\(pidFile.path)'; \(hang)"
        let start = Date()
        let result = try ChildProcess.run("/bin/sh", ["-c", script], input: input, timeout: 0.5, gracePeriod: Self.grace)
        let seconds = Date().timeIntervalSince(start)
        let helper = Int32(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        return (result, seconds, helper)
    }

    @Test(arguments: [
        "sleep 300", // hangs before reading its input
        "cat > /dev/null; sleep 300", // reads it all, then hangs
        "trap '' TERM; sleep 300", // ignores SIGTERM too
    ])
    func aHangingProgramIsEndedWithItsGroup(hang: String) throws {
        let (result, seconds, helper) = try runHanging(hang, input: Data(count: 200_000))
        #expect(result.stopped == .timedOut(seconds: 0.5))
        #expect(!result.succeeded)
        #expect(seconds < 0.5 + Self.grace + 3, "took \(seconds) s")
        #expect(helper > 0)
        #expect(!ChildProcess.isRunning(helper), "the program's background helper \(helper) was left running")
    }

    @Test func aProgramThatFinishesInTimeIsNotStopped() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "cat"], input: Data("x".utf8), timeout: 10)
        #expect(result.succeeded && result.stopped == nil && result.outputText == "x")
    }

    @Test func aProgramGetsItsInputWhileDispatchsSharedThreadsAreAllBusy() throws {
        // Many programs run at once (the tests run in parallel) once took every thread of
        // Dispatch's shared pool, and a program waited for the end of its input until its time ran out.
        let release = DispatchSemaphore(value: 0), busy = 300
        for _ in 0..<busy { DispatchQueue.global().async { release.wait() } }
        defer { for _ in 0..<busy { release.signal() } }
        Thread.sleep(forTimeInterval: 0.2)
        let result = try ChildProcess.run("/bin/sh", ["-c", "cat"], input: Data("x".utf8), timeout: 5)
        #expect(result.succeeded && result.stopped == nil && result.outputText == "x")
    }

    @Test func theStopIsSaidInWords() {
        #expect(ChildProcess.Stop.timedOut(seconds: 60).description == "it did not finish within 60 seconds")
        #expect(ChildProcess.Stop.interrupted(signal: SIGINT).description.contains("Ctrl-C"))
    }
}
