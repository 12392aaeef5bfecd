import Foundation

/// The one JSON layout setlist writes (library files, .plsts documents, `--json` output): pretty,
/// keys sorted, slashes as they are, so that files are stable and diff well. ``JSONWriter``
/// writes it directly; the encoder writes it for the values that are not ``JSONCodable``.
public enum JSONFormat {
    /// A new encoder set up for that layout.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `value` encoded, with a final new line as text files have. Only for plain value types,
    /// which always encode.
    public static func document<T: Encodable>(_ value: T) -> Data {
        var data = try! encoder().encode(value)
        data.append(0x0A)
        return data
    }
}
