import Foundation
import Testing

/// What Python's `email` package found in a message (see Tests/Support/mime_check.py).
struct MIMECheck: Decodable {
    struct Raw: Decodable {
        var asciiOnly: Bool
        var bareLf: Int
        var bareCr: Int
        var endsWithCrlf: Bool
        var maxLine: Int
        var headerBlock: String
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
        var size: Int
        var dataBase64: String
        var encodedLineLengths: [Int]
        var lastEncodedLineLength: Int
        var headers: [[String]]
        var text: String?
        var data: Data { Data(base64Encoded: dataBase64)! }
    }
    var raw: Raw
    var headerNames: [String]
    var headers: [String: [String]]
    var from: [Address]
    var to: [Address]
    /// The addresses of To as the default policy of Python parsed them.
    var toAddresses: [String]
    var dateUtc: Double?
    var contentType: String
    var boundary: String?
    var defects: [String]
    var parts: [Part]

    /// The one value of a header (by lowercase name), nil when absent or repeated.
    func header(_ name: String) -> String? {
        guard let values = headers[name], values.count == 1 else { return nil }
        return values[0]
    }

    var attachments: [Part] { parts.filter { $0.disposition == "attachment" } }
}

enum PythonMIME {
    /// Tests/Support/mime_check.py in this checkout.
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/mime_check.py")

    /// Parses each message with Python and returns what it found, in order.
    static func check(_ messages: [Data]) throws -> [MIMECheck] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mime-check-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, message) in messages.enumerated() {
            let url = folder.appendingPathComponent("\(index).eml")
            try message.write(to: url)
            paths.append(url.path)
        }
        let output = try run(["python3", script.path] + paths)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        if messages.count == 1 { return [try decoder.decode(MIMECheck.self, from: output)] }
        return try decoder.decode([MIMECheck].self, from: output)
    }

    static func check(_ message: Data) throws -> MIMECheck {
        try check([message])[0]
    }

    /// Runs a program found on the PATH and returns its standard output; fails the test when it
    /// exits unsuccessfully.
    static func run(_ command: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
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
        try #require(process.terminationStatus == 0, "\(command.joined(separator: " ")) failed: \(String(decoding: errData, as: UTF8.self))")
        return data
    }
}
