import Testing

@testable import SetlistStageMode

@Suite struct KeyDecoderTests {
    func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    @Test func lettersDigitsAndControlKeys() {
        #expect(keys("nq 7") == [.character("n"), .character("q"), .character(" "), .character("7")])
        #expect(keys("\r\n") == [.enter, .enter])
        #expect(keys("\u{7F}\u{08}") == [.backspace, .backspace])
        #expect(keys("\u{03}") == [.interrupt])
        #expect(keys("\u{01}x") == [.character("x")])
        #expect(keys("ž") == [.character("ž")])
    }

    @Test(arguments: [
        ("\u{1B}[C", Key.right), ("\u{1B}[D", .left), ("\u{1B}[A", .up), ("\u{1B}[B", .down),
        ("\u{1B}OC", .right), ("\u{1B}OD", .left), ("\u{1B}[H", .home), ("\u{1B}[F", .end),
        ("\u{1B}OH", .home), ("\u{1B}OF", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
        ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}[1;5C", .right),
    ])
    func escapeSequences(bytes: String, key: Key) {
        #expect(keys(bytes) == [key])
    }

    @Test func loneEscapeWaitsForTheFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaiting)
    }

    @Test func sequencesSplitAcrossReadsAreJoined() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(Array("[".utf8)) == [])
        #expect(decoder.feed(Array("Cj".utf8)) == [.right, .character("j")])
        let bytes = Array("č".utf8)
        #expect(decoder.feed(bytes.prefix(1)) == [])
        #expect(decoder.feed(bytes.dropFirst()) == [.character("č")])
    }

    /// Arrows and Page keys arrive as sequences starting with Escape: split anywhere across reads
    /// they are still one key, never an Escape (which would quit).
    @Test(arguments: ["\u{1B}[A", "\u{1B}[B", "\u{1B}OB", "\u{1B}[5~", "\u{1B}[6~"])
    func sequencesSplitAnywhereAreNotEscape(sequence: String) {
        let bytes = Array(sequence.utf8)
        for cut in 1..<bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...])
            #expect(keys.count == 1 && keys != [.escape], "\(sequence) cut at \(cut): \(keys)")
            #expect(!decoder.isWaiting)
        }
    }

    @Test func unknownSequencesAreSkipped() {
        #expect(keys("\u{1B}[200~x") == [.character("x")])
        #expect(keys("\u{1B}[Zq") == [.character("q")])
    }

    @Test func escapeFollowedByAKeyIsBoth() {
        #expect(keys("\u{1B}q") == [.escape, .character("q")])
        #expect(keys("\u{1B}\u{1B}[C") == [.escape, .right])
    }

    @Test func invalidUTF8IsSkipped() {
        #expect(keys("a") + [] == [.character("a")])
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xFF, 0x80, UInt8(ascii: "k")]) == [.character("k")])
    }
}
