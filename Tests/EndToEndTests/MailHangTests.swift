import CLITestSupport
import Foundation
import SetlistModel
import SetlistStore
import TestLevels
import Testing

@testable import SetlistSupport

/// `share --send` with a mail program that hangs (issue 13): ended on the timeout, on SIGTERM and
/// on Ctrl-C, with everything it started, and reported NOT sent. Real processes: the fake
/// sendmail below, and setlist itself for the signals.
@Suite(.tags(.endToEnd)) struct MailHangTests {
    /// A library with a playlist, and a fake sendmail that records its pid and a helper's, then
    /// hangs after reading its input.
    func setUp() throws -> (TemporaryLibrary, pids: URL) {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Highway to Hell")
        try lib.ok("new", "Koncert", "Highway to Hell")
        let pids = lib.folder.appendingPathComponent("pids")
        let script = lib.folder.appendingPathComponent("hanging-sendmail")
        try """
        #!/bin/sh
        sleep 300 &
        echo "$$ $!" > '\(pids.path).tmp'
        mv '\(pids.path).tmp' '\(pids.path)'
        cat > /dev/null
        sleep 300
        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        try lib.ok("config", "sendmail", script.path)
        return (lib, pids)
    }

    static func pids(_ file: URL) throws -> [Int32] {
        try String(contentsOf: file, encoding: .utf8).split(separator: " ")
            .compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    static let share = ["share", "--to", "pepa@example.com", "--from", "a@example.com", "--send"]

    @Test func aHangingMailProgramIsEndedAfterTheTimeout() throws {
        let (lib, pidFile) = try setUp()
        try lib.ok("config", "sendmail-timeout", "1")
        let start = Date()
        let result = try lib.runBinary(Self.share)
        let seconds = Date().timeIntervalSince(start)
        #expect(result.status == 1)
        #expect(result.stderr.contains("did not finish within 1 seconds"), "\(result.stderr)")
        #expect(result.stderr.contains("NOT sent"))
        #expect(!result.stdout.contains("Sent"))
        #expect(seconds < 1 + ChildProcess.gracePeriod + 5, "took \(seconds) s")
        for pid in try Self.pids(pidFile) {
            #expect(!ChildProcess.isRunning(pid), "process \(pid) was left running")
        }
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalToSetlistEndsTheMailProgramToo(signal: Int32) throws {
        let (lib, pidFile) = try setUp()
        let run = try lib.startBinary(Self.share, output: "share")
        // Wait until the fake sendmail has started (it writes its pids), at most 20 s.
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: pidFile.path), Date() < deadline { usleep(50_000) }
        let pids = try Self.pids(pidFile)
        #expect(pids.count == 2)
        kill(run.process.processIdentifier, signal)
        let start = Date()
        let result = try run.wait()
        #expect(Date().timeIntervalSince(start) < ChildProcess.gracePeriod + 5)
        #expect(result.status == 1)
        #expect(result.stderr.contains("NOT sent"), "\(result.stderr)")
        for pid in pids {
            #expect(!ChildProcess.isRunning(pid), "process \(pid) was left running")
        }
    }
}
