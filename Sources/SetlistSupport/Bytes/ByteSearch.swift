import Foundation

/// Finding a byte in a large buffer with the C library's `memchr`, which looks at many bytes at
/// once: JSONReader passes over the text of the songs it does not read with it (docs/performance.md,
/// "Unread songs are skipped with memchr").
package enum ByteSearch {
    /// The index of the first `byte` in `bytes` from `start` on; nil when there is none.
    static func firstIndex(of byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
            return UnsafeRawPointer(found) - base
        }
    }

    /// Whether `needle` occurs in `bytes`: memchr finds each place its first byte is, and only
    /// there is the rest compared (the generic `firstRange(of:)` compares at every byte).
    package static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        needle.withUnsafeBufferPointer { needle in bytes.withUnsafeBufferPointer { contains(needle, in: $0) } }
    }

    /// Whether `text`'s UTF-8 holds `needle`'s, found as ``contains(_:in:)`` finds bytes, without
    /// a copy (Foundation's `contains` compares the text as UTF-16, which for a message's
    /// attachments took longer than writing them).
    package static func contains(_ needle: String, inUTF8Of text: String) -> Bool {
        var needle = needle, text = text
        return needle.withUTF8 { needle in text.withUTF8 { contains(needle, in: $0) } }
    }

    private static func contains(_ needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, let needleBase = needle.baseAddress else { return true }
        guard let base = bytes.baseAddress else { return false }
        var start = 0
        while start + needle.count <= bytes.count, let found = memchr(base + start, Int32(first), bytes.count - start) {
            let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            guard index + needle.count <= bytes.count else { return false }
            if memcmp(base + index, needleBase, needle.count) == 0 { return true }
            start = index + 1
        }
        return false
    }

    /// Whether `text`'s UTF-8 holds `byte` (a carriage return, say), searched without a copy.
    public static func contains(_ byte: UInt8, inUTF8Of text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in bytes.baseAddress.map { memchr($0, Int32(byte), bytes.count) != nil } ?? false
        }
            ?? text.utf8.contains(byte)
    }

    /// Whether the byte at `index` follows an odd run of backslashes, so that it is escaped.
    static func isEscaped(_ index: Int, in bytes: [UInt8]) -> Bool {
        var backslashes = 0
        while index - backslashes - 1 >= 0, bytes[index - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
        return backslashes % 2 == 1
    }
}
