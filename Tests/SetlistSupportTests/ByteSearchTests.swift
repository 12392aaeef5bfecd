import SeededRandom
import Testing

@testable import SetlistSupport

/// The memchr search against the plain one, on seeded random bytes of a small alphabet (so that
/// first bytes repeat and near misses are common).
struct ByteSearchTests {
    static func plainContains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= bytes.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    @Test func findsWhatThePlainSearchFinds() {
        var random = seededGenerator(for: "ByteSearch.contains")
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 97...100, using: &random) }
            let needle = (0..<Int.random(in: 0...5, using: &random)).map { _ in UInt8.random(in: 97...100, using: &random) }
            #expect(ByteSearch.contains(needle, in: bytes) == Self.plainContains(needle, in: bytes), "\(needle) in \(bytes)")
        }
        #expect(ByteSearch.contains(Array("\\u".utf8), in: Array(#"{"name": "Ca\u00f1a"}"#.utf8)))
        #expect(!ByteSearch.contains(Array("abc".utf8), in: Array("ab".utf8)))
    }

    /// The string search (memmem on the UTF-8) finds what the plain search of the bytes finds.
    @Test func findsInTextWhatThePlainSearchFindsInItsBytes() {
        var random = seededGenerator(for: "ByteSearch.contains(_:inUTF8Of:)")
        let letters: [Character] = ["a", "b", "=", "_", "é", "🎸"]
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...40, using: &random)).map { _ in letters.randomElement(using: &random)! })
            let needle = String((0..<Int.random(in: 0...4, using: &random)).map { _ in letters.randomElement(using: &random)! })
            #expect(
                ByteSearch.contains(needle, inUTF8Of: text) == Self.plainContains(Array(needle.utf8), in: Array(text.utf8)),
                "\(needle) in \(text)")
        }
    }
}
