import Foundation
import PropertyBased
import SeededRandom
import Testing

@testable import SetlistCore

/// The byte searches that decide which files are decoded answer as a plain search does.
@Suite struct BytesTests {
    @Test func aUnicodeEscapeIsFoundWhereverItStands() {
        var random = seededGenerator(for: "BytesTests.aUnicodeEscapeIsFoundWhereverItStands")
        let pieces: [[UInt8]] = [Array("\\".utf8), Array("u".utf8), Array("n".utf8), Array("x".utf8), Array("ž".utf8), Array("\\\\".utf8)]
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...12, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
            let expected = bytes.indices.dropLast().contains { bytes[$0] == UInt8(ascii: "\\") && bytes[$0 + 1] == UInt8(ascii: "u") }
            let found = bytes.withUnsafeBytes { Bytes.containsUnicodeEscape($0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, $0.count) }
            #expect(found == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    @Test func endsWithJSON() {
        for (name, expected) in [("a.json", true), (".json", true), ("json", false), ("a.JSON", false), ("a.json.tmp", false), ("", false)]
        {
            #expect(Array(name.utf8).withUnsafeBufferPointer { Bytes.endsWithJSON($0) } == expected, "\(name)")
        }
    }
}
