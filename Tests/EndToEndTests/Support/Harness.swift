import CLITestSupport
import Foundation
import SetlistModel
import SetlistStore
import Testing

@testable import SetlistSupport

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

/// The `setlist` program the end-to-end tests run.
///
/// `SETLIST_PROGRAM` names it (a path, absolute or from the folder `swift test` runs in).
/// Scripts/test sets it to the program `make install` installs, Scripts/release-build's, and
/// checks afterwards that this is what ran: each test process writes the program's sha256 and
/// path (as `sha256sum` prints them) to the file `SETLIST_PROGRAM_RECORD` names, when it is set.
/// When the variable names no executable file, every test that runs the program fails saying so;
/// nothing falls back to another program.
///
/// Without the variable (`swift test` by hand) the tests run the `setlist` SwiftPM built beside
/// this test bundle: the same source, built without release-build's flags (the Swift runtime as
/// shared libraries, a run path, Cairo and Pango linked). To run them on the shipped program:
///
///     Scripts/release-build --product setlist
///     SETLIST_PROGRAM="$(Scripts/release-build --show-bin-path)/setlist" swift test --filter EndToEndTests
enum SetlistBinary {
    /// The program, found once per test process.
    static func url() throws -> URL {
        try program.get()
    }

    /// A folder whose `setlist` is the program, for what finds it on the PATH (git's merge driver).
    static func folder() throws -> URL {
        try folderOnPath.get()
    }

    private static let program = Result<URL, any Error> {
        let url = try find(environment: ProcessInfo.processInfo.environment)
        if let record = ProcessInfo.processInfo.environment["SETLIST_PROGRAM_RECORD"], !record.isEmpty {
            try recordRun(of: url, in: URL(fileURLWithPath: record))
        }
        return url
    }

    private static let folderOnPath = Result<URL, any Error> {
        let program = try url()
        if program.lastPathComponent == "setlist" { return program.deletingLastPathComponent() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-program-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("setlist"), withDestinationURL: program)
        return folder
    }

    static func find(environment: [String: String]) throws -> URL {
        if let named = environment["SETLIST_PROGRAM"] {
            let url = URL(fileURLWithPath: named).standardizedFileURL
            guard !named.isEmpty, isExecutableFile(url) else {
                throw ProgramError(
                    "SETLIST_PROGRAM=\(named) names no executable file (\(url.path)): give the path of a built setlist, such as "
                        + "$(Scripts/release-build --show-bin-path)/setlist, or unset it to run the one built beside the tests.")
            }
            return url
        }
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("setlist"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("setlist"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("setlist"),
        ]
        guard let found = candidates.first(where: isExecutableFile) else {
            throw ProgramError("No setlist beside the tests (\(candidates[0].path)): build it, or name one with SETLIST_PROGRAM.")
        }
        return found
    }

    private static func isExecutableFile(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
            && FileManager.default.isExecutableFile(atPath: url.path)
    }

    /// Appends the program's sha256 and path to `record`, for Scripts/test to compare with what it built.
    private static func recordRun(of program: URL, in record: URL) throws {
        let sum = try ChildProcess.run("/usr/bin/env", ["sha256sum", program.path])
        guard sum.succeeded else { throw ProgramError("sha256sum \(program.path) failed: \(sum.errorText)") }
        if !FileManager.default.fileExists(atPath: record.path) { try Data().write(to: record) }
        let handle = try FileHandle(forWritingTo: record)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: sum.output)
    }

    struct ProgramError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
