import Foundation

/// The bytes of an XML document as UTF-8, whatever it was written in: a byte order mark (UTF-8 or
/// UTF-16), else the encoding its declaration names (`<?xml version="1.0" encoding="windows-1250"?>`,
/// which Czech and Polish song files from Windows carry), else UTF-8 as XML says.
enum XMLTextDecoding {
    /// The encodings a declaration may name, by the names files use for them.
    static let encodings: [String: String.Encoding] = [
        "utf-8": .utf8, "utf8": .utf8, "us-ascii": .utf8, "ascii": .utf8,
        "windows-1250": .windowsCP1250, "cp1250": .windowsCP1250,
        "windows-1252": .windowsCP1252, "cp1252": .windowsCP1252,
        "iso-8859-1": .isoLatin1, "latin1": .isoLatin1, "latin-1": .isoLatin1,
        "iso-8859-2": .isoLatin2, "latin2": .isoLatin2,
        "utf-16": .utf16,
    ]

    static func utf8(_ bytes: [UInt8], file: String) throws(AppFormatError) -> [UInt8] {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard let text = String(data: Data(bytes), encoding: .utf16) else {
                throw .malformedXML(file: file, line: 1, column: 1, message: "its UTF-16 text is damaged.")
            }
            return Array(text.utf8)
        }
        // UTF-16 without a byte order mark: "<?" as two 16-bit units.
        if bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) || bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            let encoding: String.Encoding = bytes[0] == 0x3C ? .utf16LittleEndian : .utf16BigEndian
            guard let text = String(data: Data(bytes), encoding: encoding) else {
                throw .malformedXML(file: file, line: 1, column: 1, message: "its UTF-16 text is damaged.")
            }
            return Array(text.utf8)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let named = declaredEncoding(body)
        let encoding: String.Encoding
        if let named {
            guard let known = encodings[named.lowercased()] else {
                throw .malformedXML(
                    file: file, line: 1, column: 1,
                    message: "its declaration names the encoding \(named), which setlist does not read. Save it as UTF-8.")
            }
            encoding = known
        } else {
            encoding = .utf8
        }
        // Text that is UTF-8 is read so, whatever the declaration says: a file converted without
        // its declaration changed is common, and old text is almost never valid UTF-8 by chance.
        if String(validating: body, as: UTF8.self) != nil { return body }
        guard encoding != .utf8 else {
            let (line, column) = firstInvalidPosition(body)
            throw .malformedXML(
                file: file, line: line, column: column,
                message: "this is not UTF-8, and the file names no other encoding. Save it as UTF-8, or add its encoding "
                    + "to the declaration (<?xml version=\"1.0\" encoding=\"windows-1250\"?>).")
        }
        guard let text = String(data: Data(body), encoding: encoding) else {
            throw .malformedXML(file: file, line: 1, column: 1, message: "it is not text in the encoding \(named ?? "") it names.")
        }
        return Array(text.utf8)
    }

    /// The encoding named in the XML declaration at the start, if any.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let head = bytes.prefix(300)
        guard let end = head.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = String(decoding: head[..<end], as: UTF8.self)
        guard let range = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return String(value)
    }

    /// The line and column of the first byte that is not part of valid UTF-8.
    static func firstInvalidPosition(_ bytes: [UInt8]) -> (Int, Int) {
        var line = 1, lineStart = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            if length == 0 || index + length > bytes.count || String(validating: bytes[index..<index + length], as: UTF8.self) == nil {
                let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1
                return (line, column)
            }
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += length
        }
        return (line, 1)
    }
}
