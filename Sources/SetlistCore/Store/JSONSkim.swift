import Foundation

/// Walks JSON text to find where values lie without building them, so that a command that needs
/// a few songs of a 30 000-song file decodes those few. It is not a validator: what it cannot
/// read plainly (an escaped key or id, a bare value where an object belongs) makes it give up,
/// and the caller reads the file the ordinary way, with the ordinary errors.
struct JSONSkim {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private(set) var index = 0

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    init(_ bytes: UnsafeRawBufferPointer) {
        base = bytes.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1)!
        count = bytes.count
    }

    var isAtEnd: Bool {
        mutating get {
            skipSpace()
            return index == count
        }
    }

    mutating func skipSpace() {
        while index < count {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Takes `byte` (after any space) when it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < count, base[index] == byte else { return false }
        index += 1
        return true
    }

    /// The contents of the string that comes next, between its quotes and with any escapes as
    /// written; nil when no string comes next.
    mutating func string() -> Range<Int>? {
        guard take(Self.quote) else { return nil }
        let start = index
        guard let end = Bytes.closingQuote(base, from: start, count: count) else { return nil }
        index = end + 1
        return start..<end
    }

    /// Whether the bytes in `range` are exactly `text`, as plain bytes (an escape never matches).
    func bytes(_ range: Range<Int>, are text: StaticString) -> Bool {
        range.count == text.utf8CodeUnitCount && memcmp(base + range.lowerBound, text.utf8Start, range.count) == 0
    }

    /// Whether `range` holds an escape.
    func hasEscape(_ range: Range<Int>) -> Bool {
        Self.backslash(from: base + range.lowerBound, to: base + range.upperBound) != nil
    }

    /// The bytes in `range`.
    func data(_ range: Range<Int>) -> Data { Data(bytes: base + range.lowerBound, count: range.count) }

    /// The bytes in `range` as text.
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }

    /// The whole number that comes next, when it is written plainly (no sign, fraction, exponent
    /// or leading zero).
    mutating func integer() -> Int? {
        skipSpace()
        let start = index
        var value = 0, digits = 0
        while index < count, (0x30...0x39).contains(base[index]), digits < 18 {
            value = value * 10 + Int(base[index] - 0x30)
            digits += 1
            index += 1
        }
        guard digits > 0, digits == 1 || base[start] != 0x30, index == count || !Self.isValueByte(base[index]) else { return nil }
        return value
    }

    /// The string that comes next when it is plain (no escape, no control character, valid
    /// UTF-8), as the decoder would read it; nil for any other.
    mutating func plainString() -> String? {
        guard let range = plainRange() else { return nil }
        return plain(range)
    }

    /// The contents of the string that comes next when it holds no escape; nil for any other.
    mutating func plainRange() -> Range<Int>? {
        guard let range = string(), !hasEscape(range) else { return nil }
        return range
    }

    /// The bytes in `range` when they are ASCII without a control character (so plain text as
    /// they are); nil otherwise.
    func asciiBytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8>? {
        let bytes = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
        let kinds = Bytes.kinds(of: bytes)
        return kinds.ascii && !kinds.control ? bytes : nil
    }

    /// The text of the string contents in `range`, which hold no escape; nil when they hold a
    /// control character or bytes that are not UTF-8.
    func plain(_ range: Range<Int>) -> String? {
        let bytes = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
        let kinds = Bytes.kinds(of: bytes)
        guard !kinds.control else { return nil }
        return kinds.ascii ? String(decoding: bytes, as: UTF8.self) : Bytes.text(utf8: bytes)
    }

    /// The text of the string contents in `range`, its escapes read; nil when they break JSON's
    /// rules (a control character, an unknown escape, a lone surrogate, bytes that are not UTF-8).
    func unescaped(_ range: Range<Int>) -> String? {
        let end = base + range.upperBound
        guard var slash = Self.backslash(from: base + range.lowerBound, to: end) else { return plain(range) }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var from = base + range.lowerBound
        func hex(_ at: UnsafePointer<UInt8>) -> UInt32? {
            guard end - at >= 4 else { return nil }
            var value: UInt32 = 0
            for digit in UnsafeBufferPointer(start: at, count: 4) {
                guard let nibble = Hex.value(of: digit) else { return nil }
                value = value << 4 | UInt32(nibble)
            }
            return value
        }
        while true {
            // The plain run up to the escape, copied whole.
            let run = UnsafeBufferPointer(start: from, count: slash - from)
            guard !Bytes.kinds(of: run).control else { return nil }
            out.append(contentsOf: run)
            if slash == end { break }
            guard end - slash >= 2 else { return nil }
            from = slash + 2
            switch slash[1] {
            case UInt8(ascii: "\""), Self.backslash, UInt8(ascii: "/"): out.append(slash[1])
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var unit = hex(from) else { return nil }
                from += 4
                if (0xD800..<0xDC00).contains(unit) {
                    guard end - from >= 6, from[0] == Self.backslash, from[1] == UInt8(ascii: "u"), let low = hex(from + 2),
                        (0xDC00..<0xE000).contains(low)
                    else { return nil }
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    from += 6
                }
                guard let scalar = Unicode.Scalar(unit) else { return nil }
                out.append(contentsOf: UTF8.encode(scalar)!)
            default: return nil
            }
            slash = Self.backslash(from: from, to: end) ?? end
        }
        return out.withUnsafeBufferPointer { Bytes.text(utf8: $0) }
    }

    /// The first backslash from `from` up to `end`.
    private static func backslash(from: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        guard from < end, let found = memchr(from, Int32(backslash), end - from) else { return nil }
        return UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
    }

    /// The string that comes next, its escapes read as JSON reads them; nil when none comes next
    /// or it breaks JSON's rules (a control character, an unknown escape, a lone surrogate,
    /// bytes that are not UTF-8).
    mutating func text() -> String? {
        guard let range = string() else { return nil }
        return unescaped(range)
    }

    /// Reads the object that comes next member by member: `member` gets each key (read as JSON
    /// text, each at most once) and reads its value. False when no plain object comes next, or
    /// `member` finds what it does not read.
    mutating func members(_ member: (String, inout JSONSkim) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        var keys: Set<String> = []
        repeat {
            guard let key = text(), keys.insert(key).inserted, take(UInt8(ascii: ":")), member(key, &self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// Reads the value that comes next into `value` with `read`; whether it could be read, which
    /// is what a ``members(_:)`` reader answers for a member.
    mutating func read<Value>(_ value: inout Value?, with read: (inout JSONSkim) -> Value?) -> Bool {
        value = read(&self)
        return value != nil
    }

    /// Reads the array that comes next element by element with `element`; false when no array
    /// comes next or `element` finds what it does not read.
    mutating func elements(_ element: (inout JSONSkim) -> Bool) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        if take(UInt8(ascii: "]")) { return true }
        repeat {
            guard element(&self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]"))
    }

    /// Takes `null` when it comes next.
    mutating func takeNull() -> Bool {
        skipSpace()
        guard count - index >= 4, memcmp(base + index, "null", 4) == 0, index + 4 == count || !Self.isValueByte(base[index + 4])
        else { return false }
        index += 4
        return true
    }

    /// Passes over the value that comes next, whatever it is; false when there is none.
    mutating func skipValue() -> Bool {
        skipSpace()
        guard index < count else { return false }
        switch base[index] {
        case Self.quote:
            return string() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < count {
                switch base[index] {
                case Self.quote:
                    guard string() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default:
                    break
                }
                index += 1
            }
            return false
        default:
            let start = index
            while index < count, Self.isValueByte(base[index]) { index += 1 }
            return index > start
        }
    }

    /// Letters, digits and the signs of numbers: what numbers, `true`, `false` and `null` are made of.
    private static func isValueByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: false
        }
    }
}
