import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs another program to the end: what it gets on standard input, what it says on standard
/// output and error (both drained while it runs, so a talkative program cannot block), and how
/// it ended. The one place setlist and its tests start a program and wait for it.
public enum ChildProcess {
    /// How a program ended and what it said.
    public struct Result: Sendable, Equatable {
        /// The exit status, or the number of the signal that ended it.
        public var status: Int32
        /// Whether it exited by itself (else a signal ended it).
        public var exited: Bool
        public var output: Data
        public var errorOutput: Data

        /// Exited with status 0.
        public var succeeded: Bool { exited && status == 0 }
        /// "exit status 75" or "signal 9", for messages.
        public var ending: String { exited ? "exit status \(status)" : "signal \(status)" }
        /// Standard output as text.
        public var outputText: String { String(decoding: output, as: UTF8.self) }
        /// Standard error as text.
        public var errorText: String { String(decoding: errorOutput, as: UTF8.self) }
    }

    /// A program that could not be started: which, and why.
    public struct StartError: Error, Equatable, Sendable, CustomStringConvertible {
        public var program: String
        public var reason: String
        public var description: String { "Cannot run \(program): \(reason)" }
    }

    /// Runs `executable` with `arguments` and waits for it to end.
    /// - Parameters:
    ///   - input: written to its standard input, which is then closed; without it, standard
    ///     input is empty (/dev/null). A program that exits without reading it all is fine.
    ///   - environment: its whole environment; nil for this process's own.
    ///   - folder: its working folder; nil for this process's own.
    /// - Throws: ``StartError`` when it cannot be started (not found, not executable).
    public static func run(_ executable: String, _ arguments: [String] = [], input: Data? = nil,
                           environment: [String: String]? = nil, folder: URL? = nil) throws(StartError) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe(), errors = Pipe()
        let inputPipe = input.map { _ in Pipe() }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        if inputPipe != nil {
            // A program may exit without reading everything: the write must then fail, not kill us.
            signal(SIGPIPE, SIG_IGN)
        }
        do {
            try process.run()
        } catch {
            throw StartError(program: executable, reason: error.localizedDescription)
        }
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        DispatchQueue.global().async(group: group) { outData = output.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = errors.fileHandleForReading.readDataToEndOfFile() }
        if let inputPipe, let input {
            try? inputPipe.fileHandleForWriting.write(contentsOf: input)
            try? inputPipe.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus, exited: process.terminationReason == .exit,
                      output: outData, errorOutput: errData)
    }
}
