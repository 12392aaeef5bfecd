import Testing

@testable import SetlistCLI

/// A table line is written as bytes; its end is trimmed as the characters read it.
@Suite struct TableBytesTests {
    /// Every line of up to four pieces, among them spaces that join the sign before them into one
    /// character (U+0600), marks on spaces, wide letters and emoji: the spaces dropped from the
    /// bytes are the ones `while line.last == " "` drops.
    @Test func trailingSpacesAreDroppedAsCharacters() {
        let pieces = ["", " ", "  ", "a", "ý", "\u{600}", "\u{600} ", " \u{301}", "漢", "🎸", "e\u{301}", "\u{2014}", "\r\n", "\u{200D}"]
        var lines = [""]
        for _ in 0..<4 { lines = lines.flatMap { line in pieces.map { line + $0 } } }
        for line in Set(lines) {
            var expected = line
            while expected.last == " " { expected.removeLast() }
            let prefix: [UInt8] = Array("x  ".utf8)
            var output = prefix + Array(line.utf8)
            Table.dropTrailingSpaces(&output, from: prefix.count)
            #expect(output == prefix + Array(expected.utf8), "\(line.debugDescription)")
        }
    }
}
