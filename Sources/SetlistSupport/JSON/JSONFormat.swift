import Foundation

/// The one JSON layout setlist writes (library files, .plsts documents, `--json` output, the
/// band page): pretty, two spaces a level, keys sorted, slashes as they are, so that files are
/// stable and diff well. ``JSONWriter`` writes it.
public enum JSONFormat {
    /// `value`'s JSON, without a final new line.
    public static func bytes(of value: some JSONWritable) -> [UInt8] {
        var writer = JSONWriter()
        writer.value(value)
        return writer.bytes
    }

    /// `value`'s JSON with the final new line a text file has.
    public static func document(_ value: some JSONWritable) -> Data {
        var writer = JSONWriter()
        writer.value(value)
        return writer.document
    }
}
