import Foundation
import Testing

@testable import SetlistSupport

/// Listing a folder gives every name the system has, one that is not UTF-8 included.
@Suite struct FolderListingTests {
    /// The names are the names `FileManager` lists; a name that is not UTF-8 comes out with
    /// U+FFFD in place of its bytes, as `String(cString:)` gives it.
    @Test func theNamesAreTheFolderNames() throws {
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
        let listed = FolderListing.names(atPath: folder.path)
        #expect(listed.count == names.count + 1)
        #expect(Set(listed.filter { !$0.contains("\u{FFFD}") }) == Set(names))
        #expect(listed.contains(String(decoding: latin2, as: UTF8.self)))
        #expect(FolderListing.names(atPath: folder.appendingPathComponent("none").path).isEmpty)
    }
}
