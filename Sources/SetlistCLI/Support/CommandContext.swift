import Foundation
import SetlistModel
import SetlistPDF
import SetlistStore
import SetlistSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Where a command reads and writes: its environment, working folder and streams. The real program
/// uses the process's; tests give `SetlistMain.run` their own, which passes it to the command it
/// runs (``SetlistSubcommand/run(_:)``).
public struct CommandContext: Sendable {
    public var environment: [String: String]
    public var currentDirectory: String
    public var output: OutputSink
    public var errorOutput: OutputSink
    /// Reads standard input (for `-` arguments), at most the given number of bytes, so an endless
    /// stream cannot use up the memory.
    public var readInput: @Sendable (_ limit: Int) -> Data
    /// Whether standard input and output are a terminal (for `setlist live`).
    public var isInteractive: Bool
    /// The command line as typed, recorded in the history of changes.
    public var commandLine: String
    /// Whether standard output is a terminal: only then may it carry emphasis (see `Emphasis`).
    public var outputIsTerminal = false
    /// Whether standard error is a terminal.
    public var errorOutputIsTerminal = false
    /// The width of the terminal standard output goes to; nil when it is not one.
    public var terminalColumns: Int?
    /// What draws the PDFs of `pdf` and `share`: set by `setlist` (SetlistPDFCairo, which loads
    /// Cairo and Pango when it first draws) and by tests.
    public var drawing: (any PDFDrawing)?
    /// Whether the command has saved a change to the library: shared by every copy of the
    /// context, so that `SetlistMain` knows it after the command returns.
    let saved = SavedChange()

    /// The columns tables are fitted to: `$COLUMNS` when set (also when the output is piped),
    /// else the terminal's width; nil when neither is known (tables are not cut).
    public var outputWidth: Int? {
        if let text = environment["COLUMNS"], let columns = Int(Text.trimmedSpaces(text)), columns > 0 {
            return columns
        }
        return terminalColumns
    }

    public init(
        environment: [String: String], currentDirectory: String, output: OutputSink, errorOutput: OutputSink,
        readInput: @escaping @Sendable (_ limit: Int) -> Data, isInteractive: Bool, commandLine: String
    ) {
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.output = output
        self.errorOutput = errorOutput
        self.readInput = readInput
        self.isInteractive = isInteractive
        self.commandLine = commandLine
    }

    /// The process's own environment and streams.
    public static func process(arguments: [String]) -> CommandContext {
        var context = CommandContext(
            environment: processEnvironment(),
            currentDirectory: FileManager.default.currentDirectoryPath,
            output: OutputSink(fileDescriptor: STDOUT_FILENO),
            errorOutput: OutputSink(fileDescriptor: STDERR_FILENO),
            readInput: { limit in
                var data = Data()
                while data.count < limit, let chunk = try? FileHandle.standardInput.read(upToCount: min(1 << 16, limit - data.count)),
                    !chunk.isEmpty
                {
                    data.append(chunk)
                }
                return data
            },
            isInteractive: isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1,
            commandLine: Text.joined(["setlist"] + arguments.map { quoteIfNeeded($0) }, separator: " ")
        )
        context.outputIsTerminal = isatty(STDOUT_FILENO) == 1
        context.errorOutputIsTerminal = isatty(STDERR_FILENO) == 1
        var window = winsize()
        if context.outputIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 {
            context.terminalColumns = Int(window.ws_col)
        }
        return context
    }

    /// Resolves a path typed by the user against the working folder.
    public func url(for path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true)).standardizedFileURL
    }

    static func quoteIfNeeded(_ word: String) -> String {
        guard word.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" }) || word.isEmpty else { return word }
        // Most quoted words hold a space and no quote, and need no replacing (whose set-up through
        // NSString cost more than the rest of the context).
        guard word.unicodeScalars.contains("\"") else { return "\"" + word + "\"" }
        return "\"" + word.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The process's environment as `ProcessInfo.processInfo.environment` gives it (each entry
    /// split at its first "=", text repaired as `String(cString:)` does, a later entry of a name
    /// winning), read from `environ` directly rather than through ProcessInfo's set-up, which
    /// every command would pay for.
    static func processEnvironment() -> [String: String] {
        // Null after clearenv().
        guard UInt(bitPattern: environ) != 0 else { return [:] }
        var entry = environ
        var count = 0
        while entry[count] != nil { count += 1 }
        var result = [String: String](minimumCapacity: count)
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let delimiter = text.firstIndex(of: "=") {
                result[String(text[..<delimiter])] = String(text[text.index(after: delimiter)...])
            }
            entry += 1
        }
        return result
    }
}

/// Set once a change to the library is saved (``LibraryStore/changeSaved``).
final class SavedChange: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    /// Whether a change was saved.
    var isSaved: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func markSaved() {
        lock.lock()
        defer { lock.unlock() }
        value = true
    }
}

/// A stream commands write text or bytes to: a file descriptor, or a buffer in tests.
public final class OutputSink: @unchecked Sendable {
    private let fileDescriptor: Int32?
    private let lock = NSLock()
    private var buffer = Data()
    private var failure: Int32?

    /// Writes to a file descriptor such as standard output.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Collects everything written, for tests.
    public init() {
        self.fileDescriptor = nil
    }

    public func write(_ text: String) {
        write(Data(text.utf8))
    }

    /// Writes `text` and a new line.
    public func line(_ text: String = "") {
        write(text + "\n")
    }

    public func write(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        guard let fileDescriptor else {
            buffer.append(data)
            return
        }
        if !AtomicFile.writeAll(data, to: fileDescriptor), failure == nil { failure = errno }
    }

    /// Why a write failed (a full disk, a closed pipe), or nil when everything was written; a
    /// command whose output was lost must not report success.
    public var writeFailure: String? {
        lock.lock()
        defer { lock.unlock() }
        return failure.map { String(cString: strerror($0)) }
    }

    /// What was written, for a buffer.
    public var text: String {
        String(decoding: data, as: UTF8.self)
    }

    /// The bytes written, for a buffer (a PDF or a message on standard output).
    public var data: Data {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }
}
