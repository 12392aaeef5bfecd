import Foundation
import SetlistModel
import SetlistStore
import SetlistSupport

/// What Python's `email` package found in a message (see Tests/Support/mime_check.py).
public struct MIMECheck: Decodable {
    public struct Raw: Decodable {
        public var asciiOnly: Bool
        public var bareLf: Int
        public var bareCr: Int
        public var endsWithCrlf: Bool
        public var maxLine: Int
        public var headerBlock: String
        public var badEncodedWords: [String]
    }
    public struct Address: Decodable, Equatable {
        public var name: String
        public var address: String

        public init(name: String, address: String) {
            self.name = name
            self.address = address
        }
    }
    public struct Part: Decodable {
        public var contentType: String
        public var charset: String?
        public var disposition: String?
        public var filename: String?
        public var typeName: String?
        public var transferEncoding: String?
        public var size: Int
        public var dataBase64: String
        public var encodedLineLengths: [Int]
        public var lastEncodedLineLength: Int
        public var headers: [[String]]
        public var text: String?
        public var data: Data { Data(base64Encoded: dataBase64)! }
    }
    public var raw: Raw
    public var headerNames: [String]
    public var headers: [String: [String]]
    public var from: [Address]
    public var to: [Address]
    /// The addresses of To as the default policy of Python parsed them.
    public var toAddresses: [String]
    public var dateUtc: Double?
    public var contentType: String
    public var boundary: String?
    public var defects: [String]
    public var parts: [Part]

    /// The one value of a header (by lowercase name), nil when absent or repeated.
    public func header(_ name: String) -> String? {
        guard let values = headers[name], values.count == 1 else { return nil }
        return values[0]
    }

    public var attachments: [Part] { parts.filter { $0.disposition == "attachment" } }
    /// The text of the first part: the message body.
    public var body: String { parts.first?.text ?? "" }
}

/// Runs the Python helpers in Tests/Support: the MIME checker and the SMTP sink.
public enum Python {
    /// The path of a script in Tests/Support.
    public static func support(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support").appendingPathComponent(name).path
    }

    /// Runs python3 with these arguments and returns its standard output; throws with its
    /// standard error when it fails.
    public static func run(_ arguments: [String]) throws -> Data {
        let result = try ChildProcess.run("/usr/bin/env", ["python3"] + arguments)
        guard result.succeeded else {
            throw PythonFailure(description: "python3 \(arguments.joined(separator: " ")) failed: \(result.errorText)")
        }
        return result.output
    }

    /// Parses each message with Python's `email` package and returns what it found, in order.
    public static func checkMessages(_ messages: [Data]) throws -> [MIMECheck] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mime-check-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, message) in messages.enumerated() {
            let url = folder.appendingPathComponent("\(index).eml")
            try message.write(to: url)
            paths.append(url.path)
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let answer = try decoder.decode(MIMEAnswer.self, from: try MIMEChecker.shared.answer(paths))
        if let error = answer.error { throw PythonFailure(description: "mime_check.py failed: \(error)") }
        return answer.results ?? []
    }

    /// Parses one message with Python's `email` package.
    public static func checkMessage(_ message: Data) throws -> MIMECheck {
        try checkMessages([message])[0]
    }
}

/// One answer of `mime_check.py --serve`.
private struct MIMEAnswer: Decodable {
    var results: [MIMECheck]?
    var error: String?
}

/// The one `mime_check.py --serve` process of a test run, started at the first check: starting
/// Python and its `email` package for every message cost more than the checks themselves. It
/// ends when the test process does (its standard input closes).
private final class MIMEChecker: @unchecked Sendable {
    static let shared = MIMEChecker()
    private let lock = NSLock()
    private var process: Process?
    private var input: FileHandle?
    private var output: FileHandle?
    private var pending = Data()

    /// Sends one request (a JSON list of files) and returns the answer's line.
    func answer(_ paths: [String]) throws -> Data {
        lock.lock()
        defer { lock.unlock() }
        if process?.isRunning != true { try start() }
        guard let input, let output else { throw PythonFailure(description: "mime_check.py did not start") }
        try input.write(contentsOf: try JSONEncoder().encode(paths) + Data("\n".utf8))
        while true {
            if let end = pending.firstIndex(of: 0x0A) {
                let line = pending[pending.startIndex..<end]
                pending = Data(pending[(end + 1)...])
                return Data(line)
            }
            // availableData returns what has arrived; read(upToCount:) would wait for the whole count.
            let chunk = output.availableData
            guard !chunk.isEmpty else {
                process = nil
                throw PythonFailure(description: "mime_check.py --serve ended without an answer (see its standard error above)")
            }
            pending.append(chunk)
        }
    }

    private func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Python.support("mime_check.py"), "--serve"]
        let toPython = Pipe(), fromPython = Pipe()
        process.standardInput = toPython
        process.standardOutput = fromPython
        try ChildProcess.start(process)
        self.process = process
        input = toPython.fileHandleForWriting
        output = fromPython.fileHandleForReading
        pending = Data()
    }
}

/// A Python helper that failed, with what it printed.
public struct PythonFailure: Error, CustomStringConvertible {
    public var description: String
}

/// A written message as Python's `email` package parsed it.
public typealias ParsedMessage = MIMECheck

extension MIMECheck {
    /// Parses `data` with the Python checker.
    public static func parse(_ data: Data) throws -> MIMECheck { try Python.checkMessage(data) }
}
