import Foundation
import MailTestSupport
import SetlistModel
import SetlistStore
import Testing

@testable import SetlistSupport

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
        try ChildProcess.start(process)
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
            struct Envelope: Decodable {
                var mail_from: String
                var rcpt_tos: [String]
            }
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
