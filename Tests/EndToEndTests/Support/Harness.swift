import Foundation
import Testing

/// What one run of the `setlist` binary did.
struct RunResult {
    var status: Int32
    var stdoutData: Data
    var stderr: String
    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
}

/// A temporary library folder and a way to run the real `setlist` binary against it.
final class TemporaryLibrary {
    let folder: URL
    /// The library folder (`$SETLIST_HOME`); it does not exist until the first change.
    let root: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-e2e-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        root = folder.appendingPathComponent("library")
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `setlist` with these arguments in `folder`, with `SETLIST_HOME` set to the library.
    @discardableResult
    func run(_ arguments: String..., stdin: Data? = nil, environment: [String: String] = [:]) throws -> RunResult {
        try run(arguments, stdin: stdin, environment: environment)
    }

    /// `wrapper`, when given, is a program and its arguments that start `setlist` (such as setpriv).
    @discardableResult
    func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
             through wrapper: [String] = []) throws -> RunResult {
        let binary = try SetlistBinary.url()
        let process = Process()
        if let program = wrapper.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(wrapper.dropFirst()) + [binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        env["SETLIST_HOME"] = root.path
        env.removeValue(forKey: "EMAIL")
        env.removeValue(forKey: "SETLIST_SENDMAIL")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Read both pipes while the process runs so a large output cannot block it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return RunResult(status: process.terminationStatus, stdoutData: outData, stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs a command that must succeed, and returns its standard output.
    @discardableResult
    func ok(_ arguments: String..., stdin: Data? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments, stdin: stdin)
        #expect(result.status == 0, "setlist \(arguments.joined(separator: " ")) failed: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// The bytes of every file in the library folder, by relative path, to show nothing changed.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let path = String(url.path.dropFirst(root.path.count + 1))
            if path.hasPrefix(".history") || path == ".lock" { continue }
            files[path] = try Data(contentsOf: url)
        }
        return files
    }

    func file(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
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
