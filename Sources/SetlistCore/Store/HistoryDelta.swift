import Foundation

/// How one file changed, stored compactly: the bytes both versions share at the start and at the
/// end are kept by count only, and just the part in between is stored, as text, once for each
/// side. A change of one song in a 50 000-song file takes a few hundred bytes.
///
/// Each side also carries a fingerprint (size and FNV-1a hash) of the whole file, so that undo and
/// crash recovery can tell whether the file on disk is the version before the change, the version
/// after it, or something else (edited by hand since).
struct FileDelta: Sendable, Hashable, Codable {
    /// The file, relative to the library folder.
    var path: String
    /// Fingerprint of the file before the change, or ``Fingerprint/absent``.
    var before: String
    /// Fingerprint of the file after the change, or ``Fingerprint/absent``.
    var after: String
    /// Bytes shared by both versions at the start.
    var keepStart: Int
    /// Bytes shared by both versions at the end.
    var keepEnd: Int
    /// What the change took out, between the kept bytes.
    var removed: StoredBytes
    /// What the change put in, between the kept bytes.
    var added: StoredBytes

    init(_ change: FileChange) {
        let old = change.before ?? Data(), new = change.after ?? Data()
        path = change.path
        before = Fingerprint.of(change.before)
        after = Fingerprint.of(change.after)
        (keepStart, keepEnd) = Self.sharedEnds(old, new)
        removed = StoredBytes(old.subdata(in: (old.startIndex + keepStart)..<(old.endIndex - keepEnd)))
        added = StoredBytes(new.subdata(in: (new.startIndex + keepStart)..<(new.endIndex - keepEnd)))
    }

    /// Whether the file existed before the change.
    var existedBefore: Bool { before != Fingerprint.absent }
    /// Whether the file exists after the change.
    var existsAfter: Bool { after != Fingerprint.absent }

    /// The file before the change, given its contents after it (empty when it was created).
    /// Nil when `current` is not the file after the change.
    func reconstructBefore(fromAfter current: Data) -> Data? {
        splice(current, replacing: added.data.count, with: removed.data)
    }

    /// The file after the change, given its contents before it (empty when it did not exist).
    /// Nil when `current` is not the file before the change.
    func reconstructAfter(fromBefore current: Data) -> Data? {
        splice(current, replacing: removed.data.count, with: added.data)
    }

    /// Which side of the change `contents` (nil: no file) is.
    func side(of contents: Data?) -> Side {
        let print = Fingerprint.of(contents)
        if print == after { return .after }
        if print == before { return .before }
        return .neither
    }

    enum Side { case before, after, neither }

    private func splice(_ data: Data, replacing middle: Int, with replacement: Data) -> Data? {
        guard data.count >= keepStart + keepEnd, data.count - keepStart - keepEnd == middle else { return nil }
        var result = Data(capacity: keepStart + replacement.count + keepEnd)
        result.append(data.prefix(keepStart))
        result.append(replacement)
        result.append(data.suffix(keepEnd))
        return result
    }

    /// The lengths of the common start and end, cut back to whole lines so the stored middle
    /// reads as lines of the file.
    static func sharedEnds(_ a: Data, _ b: Data) -> (Int, Int) {
        a.withUnsafeBytes { (x: UnsafeRawBufferPointer) in
            b.withUnsafeBytes { (y: UnsafeRawBufferPointer) in
                let limit = min(x.count, y.count)
                var start = 0
                while start < limit && x[start] == y[start] { start += 1 }
                if start < limit || x.count != y.count {
                    while start > 0 && x[start - 1] != 0x0A { start -= 1 }
                }
                var end = 0
                while end < limit - start && x[x.count - 1 - end] == y[y.count - 1 - end] { end += 1 }
                while end > 0 && x.count - end > start && x[x.count - end - 1] != 0x0A { end -= 1 }
                return (start, end)
            }
        }
    }
}

/// Bytes kept in a history file: as text when they are UTF-8 (always, for library files), as
/// base64 otherwise.
struct StoredBytes: Sendable, Hashable, Codable {
    var data: Data

    init(_ data: Data) { self.data = data }

    private enum CodingKeys: String, CodingKey { case text, base64 }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            data = Data(text.utf8)
            return
        }
        let keyed = try decoder.container(keyedBy: CodingKeys.self)
        let encoded = try keyed.decode(String.self, forKey: .base64)
        guard let bytes = Data(base64Encoded: encoded) else {
            throw DecodingError.dataCorruptedError(forKey: .base64, in: keyed, debugDescription: "not base64.")
        }
        data = bytes
    }

    func encode(to encoder: any Encoder) throws {
        if let text = String(data: data, encoding: .utf8), Data(text.utf8) == data {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(data.base64EncodedString(), forKey: .base64)
        }
    }
}

/// A short fingerprint of a file's contents: its size and 64-bit FNV-1a hash.
enum Fingerprint {
    /// The fingerprint of a file that does not exist.
    static let absent = "absent"

    static func of(_ data: Data?) -> String {
        guard let data else { return absent }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { raw in
            for byte in raw {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return "\(data.count):" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
