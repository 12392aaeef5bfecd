import Foundation

/// Turns the bytes of a song file into text: UTF-8 (with or without a byte order mark), UTF-16
/// with a byte order mark (Excel's "Unicode text"), or a legacy encoding named with `--encoding`.
public enum TextDecoding {
    /// The encodings `--encoding` accepts, by every name people type for them.
    static let encodings: [(names: [String], encoding: String.Encoding)] = [
        (["utf-8", "utf8"], .utf8),
        (["windows-1250", "cp1250", "win-1250", "windows1250"], .windowsCP1250),
        (["iso-8859-2", "latin-2", "latin2", "iso8859-2"], .isoLatin2),
        (["iso-8859-1", "latin-1", "latin1", "iso8859-1"], .isoLatin1),
        (["windows-1252", "cp1252", "win-1252", "windows1252"], .windowsCP1252),
    ]

    /// The first name of each encoding, for help and errors.
    public static var encodingNames: [String] { encodings.map { $0.names[0] } }

    /// The encoding `name` means, case-insensitively.
    public static func encoding(named name: String) throws(SpreadsheetError) -> String.Encoding {
        let lower = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard let found = encodings.first(where: { $0.names.contains(lower) }) else { throw .unknownEncoding(name) }
        return found.encoding
    }

    /// The text of `data`: UTF-8, else text in `encoding`. Without `encoding`, bytes that are not
    /// UTF-8 are refused with the line of the first one and how to read or convert the file. A
    /// byte order mark is dropped.
    public static func text(of data: Data, file: String, encoding: String.Encoding? = nil) throws(SpreadsheetError) -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            // UTF-16 with its byte order mark, which Foundation reads and drops.
            guard let text = String(data: data, encoding: .utf16) else {
                throw .unreadable(file: file, detail: "its UTF-16 text is damaged.")
            }
            return text
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        // UTF-8 is read as UTF-8 whatever `encoding` says: of a folder named with --encoding, the
        // files already converted are, and old text is almost never valid UTF-8 by chance.
        if let text = String(validating: body, as: UTF8.self) { return text }
        if let encoding, encoding != .utf8 {
            guard let text = String(data: Data(body), encoding: encoding) else {
                throw .unreadable(file: file, detail: "it is not text in that encoding.")
            }
            return text
        }
        throw .notUTF8(file: file, line: firstInvalidLine(body))
    }

    /// The 1-based line holding the first byte that is not part of valid UTF-8.
    static func firstInvalidLine(_ bytes: [UInt8]) -> Int {
        var line = 1, lineStart = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            if String(validating: bytes[lineStart..<index], as: UTF8.self) == nil { return line }
            line += 1
            lineStart = index + 1
        }
        return line
    }
}
