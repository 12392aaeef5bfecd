import Foundation

/// Looking at raw bytes: what kinds a string's bytes are, where a needle is (with the C
/// library's `memmem`, which Glibc's headers show Swift only under _GNU_SOURCE, so it is looked
/// up once), where a JSON string ends, and whether bytes are UTF-8 text.
public enum Bytes {
    private typealias Search = @convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?
    private static let memmem: Search? = dlsym(dlopen(nil, RTLD_NOW), "memmem").map { unsafeBitCast($0, to: Search.self) }

    /// Whether `bytes` hold a control character (below 0x20, which JSON forbids in a string) and
    /// whether they are all ASCII (so already UTF-8), looked at eight bytes at a time: every
    /// string of a library file and every file name in its folder passes through here.
    static func kinds(of bytes: UnsafeBufferPointer<UInt8>) -> (control: Bool, ascii: Bool) {
        guard let start = bytes.baseAddress else { return (false, true) }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var control: UInt64 = 0, high: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self)
            // A byte below 0x20 borrows when 0x20 is taken from it, and its own top bit was clear
            // (the "has less than" test of Bit Twiddling Hacks; exact for whether any byte is).
            control |= (word &- ones &* 0x20) & ~word & highs
            high |= word & highs
            offset += 8
        }
        while offset < bytes.count {
            let byte = UInt64(start[offset])
            if byte < 0x20 { control |= highs }
            high |= byte & 0x80
            offset += 1
        }
        return (control != 0, high == 0)
    }

    /// The index of the first byte from `start` on that a JSON string must escape (`"`, `\\` or
    /// a control character below 0x20), or `bytes.count` when none is left; looked for eight bytes
    /// at a time, as most text written needs no escape at all.
    static func firstToEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var offset = start
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            // "Has less than" 0x20 as in kinds(of:), and "has zero" after the quote or the
            // backslash is taken out: each exact for whether some byte is, so the word that
            // stops this loop holds one.
            let quotes = word ^ (ones &* 0x22), backslashes = word ^ (ones &* 0x5C)
            let found = ((word &- ones &* 0x20) & ~word) | ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
            if found & highs != 0 { break }
            offset += 8
        }
        while offset < bytes.count {
            let byte = base[offset]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { return offset }
            offset += 1
        }
        return offset
    }

    /// Where the JSON string whose contents start at `start` ends: its first quote that no
    /// backslash escapes (one after an even run of them, as each backslash takes the byte after it
    /// along), found with `memchr` since text is most of a document; nil when none comes before
    /// `count`.
    public static func closingQuote(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int? {
        var from = start
        while from < count, let found = memchr(base + from, 0x22, count - from) {
            let end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            var backslashes = 0
            while end - backslashes - 1 >= start && base[end - backslashes - 1] == 0x5C { backslashes += 1 }
            if backslashes % 2 == 0 { return end }
            from = end + 1
        }
        return nil
    }

    /// The bytes as text, or nil when they are not UTF-8: what `String(validating:as:)` gives.
    /// Checked here and then copied unchecked, since the library's text is mostly letters of two
    /// bytes, which the standard library's check took longer over (about 1 500 instructions a
    /// string of a hundred bytes of Czech against 1 100).
    static func text(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard !bytes.isEmpty else { return "" }
        guard isUTF8(bytes) else { return nil }
        return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: false))
    }

    /// Whether `bytes` are well-formed UTF-8 (Unicode, table 3-7): no stray continuation byte,
    /// no sequence cut short, no overlong form, no surrogate, nothing above U+10FFFF.
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        func continues(_ offset: Int) -> Bool { base[offset] & 0xC0 == 0x80 }
        var index = 0
        while index < count {
            // Sixteen bytes at once from a character's start, when they are ASCII and sequences of
            // two bytes (Czech text is), without a branch for each: `check` of the band library
            // spent 2.0 M instructions here byte by byte, now 1.6 M.
            if index > 0, count - index >= 16, isTwoByteText(run(at: base + index), after: run(at: base + index - 1)) {
                index += 16
                // A lead that ends the run starts the next one, which checks the byte after it.
                if (0xC2..<0xE0).contains(base[index - 1]) { index -= 1 }
                continue
            }
            let lead = base[index]
            switch lead {
            case 0x00..<0x80:
                index += 1
            case 0xC2..<0xE0:
                guard index + 1 < count, continues(index + 1) else { return false }
                index += 2
            case 0xE0..<0xF0:
                guard index + 2 < count, continues(index + 1), continues(index + 2) else { return false }
                let second = base[index + 1]
                // E0 starts U+0800 and up (overlong below); ED would reach the surrogates.
                guard (lead != 0xE0 || second >= 0xA0) && (lead != 0xED || second < 0xA0) else { return false }
                index += 3
            case 0xF0..<0xF5:
                guard index + 3 < count, continues(index + 1), continues(index + 2), continues(index + 3) else { return false }
                let second = base[index + 1]
                // F0 starts U+10000 and up (overlong below); F4 ends at U+10FFFF.
                guard (lead != 0xF0 || second >= 0x90) && (lead != 0xF4 || second < 0x90) else { return false }
                index += 4
            default:
                // A continuation byte with no lead, C0 and C1 (overlong), F5 and up.
                return false
            }
        }
        return true
    }

    /// The sixteen bytes from `pointer`, for the checks that take text a run at a time.
    @inline(__always)
    static func run(at pointer: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    /// Whether `run`, the sixteen bytes `before` has after its first, is well-formed UTF-8 of
    /// ASCII and two-byte sequences given that the byte before it ends a character: every byte
    /// ASCII, a lead C2–DF or a continuation byte, and a byte a continuation exactly when the one
    /// before it is such a lead. A lead may end the run. In lane arithmetic (``highBits(_:atLeast:)``).
    @inline(__always)
    private static func isTwoByteText(_ run: SIMD16<UInt8>, after before: SIMD16<UInt8>) -> Bool {
        let high = run & 0x80, low = run & 0x7F, lowBefore = before & 0x7F
        let continuation = high & ~highBits(low, atLeast: 0x40)
        let lead = high & highBits(low, atLeast: 0x42) & ~highBits(low, atLeast: 0x60)
        let leadBefore = before & 0x80 & highBits(lowBefore, atLeast: 0x42) & ~highBits(lowBefore, atLeast: 0x60)
        // ASCII, a continuation or a lead; a continuation where the byte before is a lead, and only there.
        return allHigh(~high | continuation | lead) && allHigh(~(continuation ^ leadBefore))
    }

    /// 0x80 in each lane whose `low` (a byte below 0x80) is at least `bound` (at most 0x80), else 0:
    /// with the top bit set first, taking `bound` away borrows from nothing outside the lane.
    @inline(__always)
    static func highBits(_ low: SIMD16<UInt8>, atLeast bound: UInt8) -> SIMD16<UInt8> {
        ((low | 0x80) &- bound) & 0x80
    }

    /// Whether the top bit of every lane is set.
    @inline(__always)
    static func allHigh(_ lanes: SIMD16<UInt8>) -> Bool {
        let words = unsafeBitCast(lanes, to: (UInt64, UInt64).self)
        return words.0 & words.1 & 0x8080_8080_8080_8080 == 0x8080_8080_8080_8080
    }

    /// Whether `bytes` end in `.json`.
    static func endsWithJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 5 && memcmp(bytes.baseAddress! + bytes.count - 5, ".json", 5) == 0
    }

    static func contains(_ base: UnsafeRawPointer, _ count: Int, _ needle: [UInt8]) -> Bool {
        find(needle, in: base, from: 0, to: count) != nil
    }

    /// Whether the bytes hold a backslash followed by `u` (the start of a `\uXXXX` escape), found
    /// by `memchr`: `memmem` took longer for a needle of two bytes.
    static func containsUnicodeEscape(_ base: UnsafeRawPointer, _ count: Int) -> Bool {
        var from = 0
        while from < count, let found = memchr(base + from, Int32(UInt8(ascii: "\\")), count - from) {
            let at = UnsafeRawPointer(found) - base
            if at + 1 < count && base.load(fromByteOffset: at + 1, as: UInt8.self) == UInt8(ascii: "u") { return true }
            from = at + 1
        }
        return false
    }

    /// Where `needle` first starts in the bytes from `from` up to `to`.
    static func find(_ needle: [UInt8], in base: UnsafeRawPointer, from: Int, to: Int) -> Int? {
        guard from >= 0, to - from >= needle.count else { return nil }
        if let memmem {
            return memmem(base + from, to - from, needle, needle.count).map { $0 - UnsafeMutableRawPointer(mutating: base) }
        }
        return (from...(to - needle.count)).first { memcmp(base + $0, needle, needle.count) == 0 }
    }
}

extension Data {
    /// The UTF-8 bytes of `text`, copied at once: `Data(text.utf8)` goes through the generic
    /// sequence initializer, whose first use has the runtime look up conformances for a tenth of
    /// a millisecond.
    public init(utf8Of text: String) {
        var text = text
        self = text.withUTF8 { Data(buffer: $0) }
    }
}
