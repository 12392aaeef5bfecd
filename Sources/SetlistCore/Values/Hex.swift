/// Hexadecimal digits and `U+XXXX` code points, written one way everywhere.
public enum Hex {
    /// `value` in hexadecimal, padded with zeros to at least `digits` digits: `Hex.digits(10, 4)`
    /// is "000a" (or "000A" with `uppercase`).
    public static func digits<Value: BinaryInteger>(_ value: Value, _ digits: Int, uppercase: Bool = false) -> String {
        String(value, radix: 16, uppercase: uppercase).leftPadded(to: digits)
    }

    /// The code point as Unicode names it, with at least four digits: "U+000A", "U+202E", "U+1F3B8".
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        "U+" + digits(scalar.value, 4, uppercase: true)
    }
}

extension String {
    /// The text with `pad` in front until it is `width` characters long.
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
