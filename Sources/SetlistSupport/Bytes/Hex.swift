import Foundation

/// Hexadecimal digits and `U+XXXX` code points, written one way everywhere.
public enum Hex {
    /// `value` in hexadecimal, padded with zeros to at least `digits` digits: `Hex.digits(10, 4)`
    /// is "000a" (or "000A" with `uppercase`).
    public static func digits<Value: BinaryInteger>(_ value: Value, _ digits: Int, uppercase: Bool = false) -> String {
        String(value, radix: 16, uppercase: uppercase).leftPadded(to: digits)
    }

    /// A UUID's 32 hexadecimal digits, lowercase, without its dashes.
    public static func digits(of uuid: UUID) -> String {
        withUnsafeBytes(of: uuid.uuid) { digits(of: $0) }
    }

    /// The 32 hexadecimal digits of two 64-bit halves, the high one first (big-endian).
    public static func digits(high: UInt64, low: UInt64) -> String {
        withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { digits(of: $0) }
    }

    /// `bytes` in hexadecimal, two lowercase digits a byte, from their bytes (no string made for
    /// each byte).
    public static func digits(of bytes: UnsafeRawBufferPointer) -> String {
        let hex: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: bytes.count * 2) { text in
            for index in 0..<bytes.count {
                let byte = bytes[index]
                text[2 * index] = hex.utf8Start[Int(byte >> 4)]
                text[2 * index + 1] = hex.utf8Start[Int(byte & 0x0F)]
            }
            return bytes.count * 2
        }
    }

    /// The code point as Unicode names it, with at least four digits: "U+000A", "U+202E", "U+1F3B8".
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        "U+" + digits(scalar.value, 4, uppercase: true)
    }

    /// The value of one hexadecimal digit (either case), or nil for any other byte.
    static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension String {
    /// The text with `pad` in front until it is `width` characters long.
    package func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
