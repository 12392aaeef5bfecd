import CLITestSupport
import Foundation
import SetlistCore
import Testing

/// The real `setlist` binary, for what needs a process of its own. Fixtures and everything else
/// run in-process through `TemporaryLibrary.run` (Tests/CLITestSupport).
extension TemporaryLibrary {
    /// Runs the `setlist` binary with these arguments in `folder`, with `SETLIST_HOME` set to the library.
    @discardableResult
    func runBinary(_ arguments: String..., stdin: Data? = nil, environment: [String: String] = [:]) throws -> RunResult {
        try runBinary(arguments, stdin: stdin, environment: environment)
    }

    /// `wrapper`, when given, is a program and its arguments that start `setlist` (such as setpriv).
    @discardableResult
    func runBinary(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
        through wrapper: [String] = []
    ) throws -> RunResult {
        let binary = try SetlistBinary.url()
        let command = wrapper.isEmpty ? [binary.path] + arguments : wrapper + [binary.path] + arguments
        let result = try ChildProcess.run(
            command[0], Array(command.dropFirst()), input: stdin,
            environment: self.environment(environment), folder: folder)
        return RunResult(status: result.status, stdoutData: result.output, stderr: result.errorText)
    }

    /// Starts the binary without waiting for it, its output going to files in `folder` named
    /// after `output`; `wait()` returns what it did. For tests that need processes side by side.
    func startBinary(_ arguments: [String], output: String) throws -> StartedRun {
        let process = Process()
        process.executableURL = try SetlistBinary.url()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = environment()
        let out = folder.appendingPathComponent(output + ".out"), err = folder.appendingPathComponent(output + ".err")
        try Data().write(to: out)
        try Data().write(to: err)
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try ChildProcess.start(process)
        return StartedRun(process: process, stdout: out, stderr: err)
    }

    /// Runs the binary for a command that must succeed, and returns its standard output.
    @discardableResult
    func okBinary(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try runBinary(arguments)
        #expect(result.status == 0, "setlist \(arguments.joined(separator: " ")) failed: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }
}

/// A `setlist` process started by `startBinary`.
struct StartedRun {
    let process: Process
    let stdout: URL, stderr: URL

    /// Waits for the process to end, and returns its exit status and output.
    func wait() throws -> RunResult {
        process.waitUntilExit()
        return RunResult(
            status: process.terminationStatus, stdoutData: try Data(contentsOf: stdout),
            stderr: String(decoding: try Data(contentsOf: stderr), as: UTF8.self))
    }
}

enum SetlistBinary {
    /// The `setlist` executable built beside this test bundle.
    static func url() throws -> URL {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("setlist"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("setlist"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("setlist"),
        ]
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidates[0].path])
    }
}
