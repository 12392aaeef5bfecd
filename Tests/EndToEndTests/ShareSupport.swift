import Foundation
import Testing

/// What Python's `email` package found in a written message (Tests/Support/mime_check.py).
struct ParsedMessage: Decodable {
    struct Raw: Decodable {
        var asciiOnly: Bool
        var bareLf: Int
        var bareCr: Int
        var maxLine: Int
        var badEncodedWords: [String]
    }
    struct Address: Decodable, Equatable {
        var name: String
        var address: String
    }
    struct Part: Decodable {
        var contentType: String
        var charset: String?
        var disposition: String?
        var filename: String?
        var typeName: String?
        var transferEncoding: String?
        var dataBase64: String
        var encodedLineLengths: [Int]
        var text: String?
        var data: Data { Data(base64Encoded: dataBase64) ?? Data() }
    }
    var raw: Raw
    var headerNames: [String]
    var headers: [String: [String]]
    var from: [Address]
    var to: [Address]
    var toAddresses: [String]
    var dateUtc: Double?
    var contentType: String
    var defects: [String]
    var parts: [Part]

    func header(_ name: String) -> String? { headers[name]?.count == 1 ? headers[name]![0] : nil }
    var attachments: [Part] { parts.filter { $0.disposition == "attachment" } }
    var body: String { parts.first?.text ?? "" }

    /// Parses `data` with the Python checker.
    static func parse(_ data: Data) throws -> ParsedMessage {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-e2e-\(UUID().uuidString).eml")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Python.run([Python.support("mime_check.py"), file.path])
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(ParsedMessage.self, from: output)
    }
}

enum Python {
    /// A script in Tests/Support.
    static func support(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support").appendingPathComponent(name).path
    }

    /// Runs python3 with these arguments and returns its output; fails when it fails.
    static func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        nonisolated(unsafe) var errData = Data()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        done.wait()
        try #require(process.terminationStatus == 0, "python3 \(arguments.joined(separator: " ")): \(String(decoding: errData, as: UTF8.self))")
        return data
    }
}

/// An SMTP server on 127.0.0.1 (Tests/Support/smtp_sink.py, aiosmtpd) that keeps what it receives,
/// stopped when this is released.
final class SMTPSink {
    let folder: URL
    let port: Int
    private let process: Process

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-sink-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Python.support("smtp_sink.py"), folder.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is the port; reading it waits until the server listens.
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw CLIFailure("The SMTP sink did not start (is aiosmtpd installed? Scripts/install-deps installs it).")
        }
        self.port = port
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The messages received so far, with their envelopes, waiting up to `timeout` for `count`.
    func messages(count: Int, timeout: TimeInterval = 20) throws -> [(data: Data, from: String, to: [String])] {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            let found = (1...count).allSatisfy { FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0).json").path) }
            if found { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return try (1...count).map { index in
            struct Envelope: Decodable { var mail_from: String; var rcpt_tos: [String] }
            let envelope = try JSONDecoder().decode(Envelope.self, from: Data(contentsOf: folder.appendingPathComponent("\(index).json")))
            return (try Data(contentsOf: folder.appendingPathComponent("\(index).eml")), envelope.mail_from, envelope.rcpt_tos)
        }
    }

    /// An msmtp configuration that delivers to this sink, written with the permissions msmtp demands.
    func msmtpConfiguration() throws -> String {
        let url = folder.appendingPathComponent("msmtprc")
        try "defaults\nauth off\ntls off\naccount default\nhost 127.0.0.1\nport \(port)\n".write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        return url.path
    }
}

struct CLIFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
