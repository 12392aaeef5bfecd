import Foundation
import SetlistModel
import SetlistSupport

/// Checks made on the raw bytes before any JSON parsing, so that a hostile file costs little:
/// the size, emptiness, the text encoding and the nesting depth.
enum JSONPreflight {
    /// The bytes to parse (without a UTF-8 byte order mark), or the one problem that stops it.
    static func check(_ data: Data, source: String) throws(ExchangeError) -> Data {
        guard data.count <= PlstsFormat.maximumSize else {
            throw .tooLarge(source: source, size: data.count, limit: PlstsFormat.maximumSize)
        }
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = Data(bytes.dropFirst(3)) }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw .invalidDocument(source: source, problems: ["it is empty: a .plsts document is a JSON object."])
        }
        if String(validating: bytes, as: UTF8.self) == nil {
            let (line, column) = JSONReader.lineAndColumn(of: JSONReader.firstInvalidUTF8Offset(in: bytes), in: bytes)
            throw .invalidDocument(
                source: source,
                problems: [
                    "line \(line), column \(column): it is not UTF-8 text, so it is not a .plsts document (or it was damaged on the way)."
                ])
        }
        if let (line, column) = excessiveNesting(in: bytes) {
            throw .invalidDocument(
                source: source,
                problems: [
                    "line \(line), column \(column): objects and lists are nested more than \(PlstsFormat.maximumDepth) deep; a setlist document needs 4."
                ])
        }
        return bytes
    }

    /// The line and column of the first bracket that goes deeper than the limit, skipping
    /// brackets inside strings; nil when the nesting is within it.
    static func excessiveNesting(in data: Data) -> (Int, Int)? {
        var depth = 0, inString = false, escaped = false
        var deepest: Int?
        for (offset, byte) in data.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x7B, 0x5B:
                depth += 1
                if depth > PlstsFormat.maximumDepth { deepest = offset }
            case 0x7D, 0x5D: depth -= 1
            default: break
            }
            if deepest != nil { break }
        }
        return deepest.map { JSONReader.lineAndColumn(of: $0, in: data) }
    }
}
