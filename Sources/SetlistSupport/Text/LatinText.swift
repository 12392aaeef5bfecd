import Foundation

/// Shortcuts over the UTF-8 bytes of Latin text for the model's text rules (`Text.fold`,
/// `Text.lowercased`): each answers for the text it covers and gives nil for any other, which the
/// rule then handles whole. The tests check each against the rule it shortens (TextFoldTests,
/// TextShortcutTests).
public enum LatinText {
    /// `Text.fold` of text whose scalars each fold on their own — ASCII, the Latin letters and
    /// signs below U+0250 (looked up in ``foldBytes``) and the dashes, quotes and signs of
    /// U+2010 to U+205E (which fold to themselves) — worked out over its UTF-8 bytes into one
    /// buffer; nil for any other text, which the model folds as a whole.
    public static func fold(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var complete = true
            let folded = String(unsafeUninitializedCapacity: foldCapacity(bytes.count)) { out in
                guard let count = fold(bytes, into: out) else {
                    complete = false
                    return 0
                }
                return count
            }
            return complete ? folded : nil
        }
    }

    /// Room for the fold of `count` bytes: a two-byte letter folds to at most three.
    static func foldCapacity(_ count: Int) -> Int { count + (count + 1) / 2 }

    /// Writes the fold of `bytes` (see ``fold(_:)``) into `out` and returns its length;
    /// nil when the text is not Latin and is folded as a whole.
    @inline(__always)
    static func fold(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        foldBytes.withUnsafeBufferPointer { table -> Int? in
            var index = 0, end = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    out[end] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                    index += 1
                    end += 1
                } else if byte < 0xCA, index + 1 < bytes.count {
                    // Two bytes, U+0080 to U+027F.
                    let value = Int(byte & 0x1F) << 6 | Int(bytes[index + 1] & 0x3F)
                    if value < 0xA0 {
                        out[end] = byte
                        out[end + 1] = bytes[index + 1]
                        end += 2
                    } else if value < 0x250 {
                        var packed = table[value - 0xA0]
                        for _ in 0..<(packed >> 24) {
                            out[end] = UInt8(truncatingIfNeeded: packed)
                            packed >>= 8
                            end += 1
                        }
                    } else {
                        return nil
                    }
                    index += 2
                } else if byte == 0xE2, index + 2 < bytes.count,
                    isSelfFoldingPunctuation(Int(bytes[index + 1] & 0x3F) << 6 | Int(bytes[index + 2] & 0x3F))
                {
                    out[end] = byte
                    out[end + 1] = bytes[index + 1]
                    out[end + 2] = bytes[index + 2]
                    index += 3
                    end += 3
                } else {
                    return nil
                }
            }
            return end
        }
    }

    /// A Latin fold (``fold(_:)``) kept as bytes, to be compared with many other texts' folds
    /// without building each: equal to another Latin fold exactly when their bytes are, since
    /// both are made of scalars that are their own canonical decomposition (NFD).
    public struct FoldBytes: Sendable {
        private let bytes: [UInt8]

        public init(_ fold: String) { bytes = Array(fold.utf8) }

        /// Whether `other`'s fold is this one; nil when `other` is not Latin text.
        public func isFold(of other: String) -> Bool? {
            var other = other
            return other.withUTF8 { text -> Bool? in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: LatinText.foldCapacity(text.count)) { out -> Bool? in
                    guard let count = LatinText.fold(text, into: out) else { return nil }
                    guard count == bytes.count else { return false }
                    return count == 0 || bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, out.baseAddress!, count) == 0 }
                }
            }
        }
    }

    /// `text.lowercased()` of text whose scalars are ASCII, below U+0180 (but İ) or the
    /// punctuation of U+2010 to U+205E, each lowered on its own, from its bytes; nil for other text.
    public static func lowercased(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var complete = true
            // Each scalar lowers to one of as many bytes.
            let lowered = String(unsafeUninitializedCapacity: bytes.count) { out in
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte < 0x80 {
                        out[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                        index += 1
                    } else if byte >= 0xC2 && byte < 0xC6 && index + 1 < bytes.count,
                        let lower = lowercase(Int(byte & 0x1F) << 6 | Int(bytes[index + 1] & 0x3F))
                    {
                        out[index] = UInt8(0xC0 | lower >> 6)
                        out[index + 1] = UInt8(0x80 | lower & 0x3F)
                        index += 2
                    } else if byte == 0xE2 && index + 2 < bytes.count
                        && isSelfFoldingPunctuation(Int(bytes[index + 1] & 0x3F) << 6 | Int(bytes[index + 2] & 0x3F))
                    {
                        out[index] = byte
                        out[index + 1] = bytes[index + 1]
                        out[index + 2] = bytes[index + 2]
                        index += 3
                    } else {
                        complete = false
                        return 0
                    }
                }
                return index
            }
            return complete ? lowered : nil
        }
    }

    /// The lowercase of U+0080 to U+017F, each one scalar from U+0080 to U+017F; nil for U+0130
    /// (İ, which lowers to two). `TextShortcutTests` compares each with `lowercased()`.
    static func lowercase(_ value: Int) -> Int? {
        switch value {
        case 0xC0...0xDE where value != 0xD7: value + 0x20
        case 0x100...0x12F, 0x132...0x137, 0x14A...0x177: value | 1
        case 0x139...0x148, 0x179...0x17E: value + (value & 1)
        case 0x130: nil
        case 0x178: 0xFF
        default: value
        }
    }

    /// Whether U+2000 + `offset` is one of the dashes, quotes, bullets and signs from U+2010 to
    /// U+205E but the line and paragraph separators and the direction and spacing format
    /// characters (U+2028 to U+202F): no mark, no case, no decomposition, each folding to itself
    /// (`TextFoldTests` checks every one against the whole rule) and each a character of its own.
    public static func isSelfFoldingPunctuation(_ offset: Int) -> Bool {
        (0x10...0x27).contains(offset) || (0x30...0x5E).contains(offset)
    }
}

extension LatinText {
    /// ``folds`` as UTF-8 (one to three bytes each): the bytes from the lowest up, their
    /// count in the top byte.
    static let foldBytes: [UInt32] = folds.map { fold in
        // Each is one scalar below U+2C67, encoded here by hand: going through each string's
        // UTF-8 view made this table cost more than folding 300 names.
        let value = fold.unicodeScalars.first!.value
        if value < 0x80 { return 1 << 24 | value }
        if value < 0x800 { return 2 << 24 | (0x80 | value & 0x3F) << 8 | (0xC0 | value >> 6) }
        return 3 << 24 | (0x80 | value & 0x3F) << 16 | (0x80 | value >> 6 & 0x3F) << 8 | (0xE0 | value >> 12)
    }

    /// The whole fold (`Text.foldWhole`) of U+00A0 to U+024F, one scalar each (the Latin letters and signs);
    /// `TextFoldTests` checks every one against the whole rule.
    static let folds: [String] = [
        "\u{A0}", "\u{A1}", "\u{A2}", "\u{A3}", "\u{A4}", "\u{A5}", "\u{A6}", "\u{A7}", "\u{A8}", "\u{A9}", "\u{AA}", "\u{AB}",
        "\u{AC}", "\u{AD}", "\u{AE}", "\u{AF}", "\u{B0}", "\u{B1}", "\u{B2}", "\u{B3}", "\u{B4}", "\u{B5}", "\u{B6}", "\u{B7}",
        "\u{B8}", "\u{B9}", "\u{BA}", "\u{BB}", "\u{BC}", "\u{BD}", "\u{BE}", "\u{BF}", "a", "a", "a", "a",
        "a", "a", "\u{E6}", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "\u{F0}", "n", "o", "o", "o", "o", "o", "\u{D7}", "\u{F8}", "u", "u", "u",
        "u", "y", "\u{FE}", "\u{DF}", "a", "a", "a", "a", "a", "a", "\u{E6}", "c",
        "e", "e", "e", "e", "i", "i", "i", "i", "\u{F0}", "n", "o", "o",
        "o", "o", "o", "\u{F7}", "\u{F8}", "u", "u", "u", "u", "y", "\u{FE}", "y",
        "a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c",
        "c", "c", "d", "d", "\u{111}", "\u{111}", "e", "e", "e", "e", "e", "e",
        "e", "e", "e", "e", "g", "g", "g", "g", "g", "g", "g", "g",
        "h", "h", "\u{127}", "\u{127}", "i", "i", "i", "i", "i", "i", "i", "i",
        "i", "\u{131}", "\u{133}", "\u{133}", "j", "j", "k", "k", "\u{138}", "l", "l", "l",
        "l", "l", "l", "\u{140}", "\u{140}", "\u{142}", "\u{142}", "n", "n", "n", "n", "n",
        "n", "\u{149}", "\u{14B}", "\u{14B}", "o", "o", "o", "o", "o", "o", "\u{153}", "\u{153}",
        "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s",
        "s", "s", "t", "t", "t", "t", "\u{167}", "\u{167}", "u", "u", "u", "u",
        "u", "u", "u", "u", "u", "u", "u", "u", "w", "w", "y", "y",
        "y", "z", "z", "z", "z", "z", "z", "\u{17F}", "\u{180}", "\u{253}", "\u{183}", "\u{183}",
        "\u{185}", "\u{185}", "\u{254}", "\u{188}", "\u{188}", "\u{256}", "\u{257}", "\u{18C}", "\u{18C}", "\u{18D}", "\u{1DD}", "\u{259}",
        "\u{25B}", "\u{192}", "\u{192}", "\u{260}", "\u{263}", "\u{195}", "\u{269}", "\u{268}", "\u{199}", "\u{199}", "\u{19A}", "\u{19B}",
        "\u{26F}", "\u{272}", "\u{19E}", "\u{275}", "o", "o", "\u{1A3}", "\u{1A3}", "\u{1A5}", "\u{1A5}", "\u{280}", "\u{1A8}",
        "\u{1A8}", "\u{283}", "\u{1AA}", "\u{1AB}", "\u{1AD}", "\u{1AD}", "\u{288}", "u", "u", "\u{28A}", "\u{28B}", "\u{1B4}",
        "\u{1B4}", "\u{1B6}", "\u{1B6}", "\u{292}", "\u{1B9}", "\u{1B9}", "\u{1BA}", "\u{1BB}", "\u{1BD}", "\u{1BD}", "\u{1BE}", "\u{1BF}",
        "\u{1C0}", "\u{1C1}", "\u{1C2}", "\u{1C3}", "\u{1C6}", "\u{1C6}", "\u{1C6}", "\u{1C9}", "\u{1C9}", "\u{1C9}", "\u{1CC}", "\u{1CC}",
        "\u{1CC}", "a", "a", "i", "i", "o", "o", "u", "u", "u", "u", "u",
        "u", "u", "u", "u", "u", "\u{1DD}", "a", "a", "a", "a", "\u{E6}", "\u{E6}",
        "\u{1E5}", "\u{1E5}", "g", "g", "k", "k", "o", "o", "o", "o", "\u{292}", "\u{292}",
        "j", "\u{1F3}", "\u{1F3}", "\u{1F3}", "g", "g", "\u{195}", "\u{1BF}", "n", "n", "a", "a",
        "\u{E6}", "\u{E6}", "\u{F8}", "\u{F8}", "a", "a", "a", "a", "e", "e", "e", "e",
        "i", "i", "i", "i", "o", "o", "o", "o", "r", "r", "r", "r",
        "u", "u", "u", "u", "s", "s", "t", "t", "\u{21D}", "\u{21D}", "h", "h",
        "\u{19E}", "\u{221}", "\u{223}", "\u{223}", "\u{225}", "\u{225}", "a", "a", "e", "e", "o", "o",
        "o", "o", "o", "o", "o", "o", "y", "y", "\u{234}", "\u{235}", "\u{236}", "\u{237}",
        "\u{238}", "\u{239}", "\u{2C65}", "\u{23C}", "\u{23C}", "\u{19A}", "\u{2C66}", "\u{23F}", "\u{240}", "\u{242}", "\u{242}",
        "\u{180}",
        "\u{289}", "\u{28C}", "\u{247}", "\u{247}", "\u{249}", "\u{249}", "\u{24B}", "\u{24B}", "\u{24D}", "\u{24D}", "\u{24F}", "\u{24F}",
    ]
}
