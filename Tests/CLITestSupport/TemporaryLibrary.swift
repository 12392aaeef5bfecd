// Runs `setlist` commands in-process against a temporary library, for the SetlistCLITests and for
// building the fixtures of the EndToEndTests.
//
//     import CLITestSupport
//
//     let lib = try TemporaryLibrary()                    // empty; lib.root is $SETLIST_HOME
//     try lib.ok("add-song", "Highway to Hell", "--bpm", "250")   // must exit 0; returns stdout
//     let result = try lib.run("song", "Nothing")          // any outcome
//     #expect(result.status == 1)                          // exit status: 0, 1 or 64
//     #expect(result.stderr.contains("No song matches"))   // result.stdout / result.stdoutData too
//     let show = try lib.json("show", "--json")            // stdout parsed as a JSON object
//     let before = try lib.snapshot()                      // every library file's bytes...
//     #expect(try lib.snapshot() == before)                // ...to show a refusal changed nothing
//     try lib.run(["import", "-"], stdin: data, environment: ["SOURCE_DATE_EPOCH": "0"])
//     let context = lib.context()                         // the context a run gets, for code taking one
//
//     // A starting library built once per test run, then copied for every test that asks:
//     let band = try TemporaryLibrary.fixture("two songs") { lib in
//         try lib.ok("add-song", "A")
//         try lib.ok("new", "P", "A")
//     }
//
// Each run goes through `SetlistMain.run(arguments, context:)` with a CommandContext of its own:
// buffers for standard output and error, standard input from `stdin`, the working folder
// `lib.folder` (relative paths such as `-o set.pdf` land there), and the test process's
// environment with SETLIST_HOME set to `lib.root` and EMAIL and SETLIST_SENDMAIL removed, then
// `environment` applied on top. Nothing is a terminal (`isInteractive` is false). Runs in
// different libraries can go on in parallel; the folder is deleted when the value is released.
//
// A real process is needed only for what happens between processes or to the process itself
// (exit of the real program, signals, locks, SIGKILL, tmux, the mail program): the EndToEndTests
// add `runBinary` for that.
import Foundation
import SetlistCLI
import SetlistPDFCairo
import Testing

/// What one run of a `setlist` command did.
public struct RunResult: Sendable {
    public var status: Int32
    public var stdoutData: Data
    public var stderr: String
    public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }

    public init(status: Int32, stdoutData: Data, stderr: String) {
        self.status = status
        self.stdoutData = stdoutData
        self.stderr = stderr
    }
}

/// A temporary working folder with a library in it, and commands run against that library.
public final class TemporaryLibrary: Sendable {
    /// The working folder of every run.
    public let folder: URL
    /// The library folder (`$SETLIST_HOME`); it does not exist until the first change.
    public let root: URL

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-test-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        root = folder.appendingPathComponent("library")
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A new library holding a copy of the one `build` makes from an empty library. `build` runs
    /// once per test process for each `name`; later calls only copy the library folder (history
    /// included), which is far cheaper than running its commands again. Only `root` is copied:
    /// `build` must write nothing else that the tests need.
    public static func fixture(_ name: String, build: (TemporaryLibrary) throws -> Void) throws -> TemporaryLibrary {
        let template = try FixtureCache.shared.template(name, build: build)
        let library = try TemporaryLibrary()
        if FileManager.default.fileExists(atPath: template.root.path) {
            try FileManager.default.copyItem(at: template.root, to: library.root)
        }
        return library
    }

    /// The environment of a run: this process's, pointed at the library, without the user's
    /// sender and mail program, with `overrides` on top.
    public func environment(_ overrides: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SETLIST_HOME"] = root.path
        // What setlist keeps per computer (stage mode's address) stays in the test's folder.
        environment["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        environment.removeValue(forKey: "EMAIL")
        environment.removeValue(forKey: "SETLIST_SENDMAIL")
        environment.merge(overrides) { $1 }
        return environment
    }

    /// Runs `setlist` with these arguments in-process. (It throws nothing today; it is marked
    /// `throws` so that tests read the same whichever way a command is run.)
    @discardableResult
    public func run(_ arguments: String..., stdin: Data? = nil, environment: [String: String] = [:]) throws -> RunResult {
        try run(arguments, stdin: stdin, environment: environment)
    }

    @discardableResult
    public func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> RunResult {
        let context = context(arguments, stdin: stdin, environment: environment)
        let status = SetlistMain.run(arguments, context: context)
        return RunResult(status: status, stdoutData: context.output.data, stderr: context.errorOutput.text)
    }

    /// The context a run of `arguments` gets: buffers for its output, `stdin`, the working folder
    /// and `environment(overrides)`, nothing a terminal.
    public func context(_ arguments: [String] = [], stdin: Data? = nil, environment: [String: String] = [:]) -> CommandContext {
        var context = CommandContext.process(arguments: arguments)
        context.environment = self.environment(environment)
        context.currentDirectory = folder.path
        context.output = OutputSink()
        context.errorOutput = OutputSink()
        let input = stdin ?? Data()
        context.readInput = { limit in input.prefix(limit) }
        context.isInteractive = false
        context.outputIsTerminal = false
        context.terminalColumns = nil // tables are fitted only where a test sets COLUMNS
        context.drawing = PDFRenderer()
        return context
    }

    /// Runs a command that must succeed, and returns its standard output.
    @discardableResult
    public func ok(
        _ arguments: String..., stdin: Data? = nil, environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let result = try run(arguments, stdin: stdin, environment: environment)
        #expect(result.status == 0, "setlist \(arguments.joined(separator: " ")) failed: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Runs a command that must succeed and print a JSON object, and returns the object.
    public func json(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let result = try run(arguments)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], sourceLocation: sourceLocation)
    }

    /// The bytes of every file in the library folder, by relative path, to show nothing changed.
    /// The history and the lock file are left out: they are not the library's content.
    public func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return files
        }
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let path = String(url.path.dropFirst(root.path.count + 1))
            if path.hasPrefix(".history") || path == ".lock" { continue }
            files[path] = try Data(contentsOf: url)
        }
        return files
    }

    /// A library file's text, by path relative to the library.
    public func file(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}

/// The libraries `TemporaryLibrary.fixture` has built, by name, kept for the life of the process.
private final class FixtureCache: @unchecked Sendable {
    static let shared = FixtureCache()
    private let lock = NSLock()
    private var templates: [String: TemporaryLibrary] = [:]

    func template(_ name: String, build: (TemporaryLibrary) throws -> Void) throws -> TemporaryLibrary {
        // One lock for all: a fixture is built once and quickly, and tests asking for it wait.
        lock.lock()
        defer { lock.unlock() }
        if let template = templates[name] { return template }
        let template = try TemporaryLibrary()
        try build(template)
        templates[name] = template
        return template
    }
}
