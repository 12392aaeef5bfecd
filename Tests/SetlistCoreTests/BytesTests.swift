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

    /// The writer's escape search stops where a byte-by-byte search does, from any start: each
    /// byte to escape, and its neighbours (0x1F and 0x20, 0x21 and 0x23, 0x5B and 0x5D, bytes
    /// with the top bit set, which borrow differently), at every place in and across the words.
    @Test func theFirstByteToEscapeIsFoundFromAnyStart() {
        var random = seededGenerator(for: "BytesTests.theFirstByteToEscapeIsFoundFromAnyStart")
        let plain: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF, UInt8(ascii: "a")]
        let special: [UInt8] = [0x00, 0x01, 0x0A, 0x1F, 0x22, 0x5C]
        for _ in 0..<5000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Int.random(in: 0..<12, using: &random) == 0 ? special.randomElement(using: &random)! : plain.randomElement(using: &random)!
            }
            let start = Int.random(in: 0...bytes.count, using: &random)
            let expected = bytes[start...].firstIndex { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } ?? bytes.count
            let found = bytes.withUnsafeBufferPointer { Bytes.firstToEscape(in: $0, from: start) }
            #expect(found == expected, "\(bytes) from \(start)")
        }
    }

    /// A folder's names read as bytes are the names `FileManager` lists, as text; a name that is
    /// not UTF-8 comes out with U+FFFD in place of its bytes, as `String(cString:)` gives it.
    @Test func folderNamesAsBytesAreTheFolderNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-names-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = [
            "songs.json", "koncert-1a2b3c4d.json", "Koncert (1).json", "Pi\u{301}sen\u{030C}.json", ".hidden", "..x",
            String(repeating: "a", count: 200),
        ]
        for name in names { FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: nil) }
        // "Píseň" typed on a Latin-2 terminal: bytes that are not UTF-8.
        let latin2: [UInt8] = [0x50, 0xED, 0x73, 0x65, 0xF2]
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + latin2 + [0]
        let fd = path.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        try #require(fd >= 0)
        close(fd)
        let listed = FolderListing.nameBytes(atPath: folder.path)
        #expect(listed.count == names.count + 1)
        #expect(Set(listed.names.filter { !$0.contains("\u{FFFD}") }) == Set(names))
        var sawLatin2 = false
        for index in 0..<listed.count {
            let bytes = listed.withBytes(of: index) { Array($0) }
            if bytes == latin2 {
                sawLatin2 = true
                #expect(listed.name(index) == String(decoding: latin2, as: UTF8.self))
            } else {
                #expect(bytes == Array(listed.name(index).utf8))
            }
        }
        #expect(sawLatin2)
        #expect(FolderListing.nameBytes(atPath: folder.appendingPathComponent("none").path).count == 0)
    }

    @Test func endsWithJSON() {
        for (name, expected) in [("a.json", true), (".json", true), ("json", false), ("a.JSON", false), ("a.json.tmp", false), ("", false)]
        {
            #expect(Array(name.utf8).withUnsafeBufferPointer { Bytes.endsWithJSON($0) } == expected, "\(name)")
        }
    }
}
