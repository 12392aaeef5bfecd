import Foundation

/// Creates the random identifiers of songs, copies and playlists.
public enum Identifier {
    /// A new random identifier: 32 lowercase hexadecimal digits.
    public static func make() -> String {
        digits(of: UUID())
    }

    /// The UUID's 32 hexadecimal digits, lowercase, without its dashes: written from its bytes
    /// (removing the dashes from `uuidString` went through NSString, 1 M instructions of every
    /// `add-song`).
    static func digits(of uuid: UUID) -> String {
        withUnsafeBytes(of: uuid.uuid) { Hex.digits(of: $0) }
    }

    /// 32 hexadecimal digits that depend only on `bytes`: 128 bits of FNV-1a in two halves with
    /// different offsets. Not cryptographic; it keeps different inputs apart, for ids that must be
    /// the same on every run (re-imported copies, reproducible emails).
    public static func derived<Bytes: Sequence>(from bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var a = FNV1a(), b = FNV1a(seed: 0x8422_2325_cbf2_9ce4)
        for byte in bytes {
            a.add(byte)
            b.add(byte ^ 0x5A)
        }
        return Hex.digits(a.value, 16) + Hex.digits(b.value, 16)
    }

    /// The short form shown to people, like an abbreviated git commit.
    public static func short(_ id: String) -> String { String(id.prefix(8)) }

    /// Whether `text` could be (a prefix of) an identifier.
    public static func looksLikePrefix(_ text: String) -> Bool {
        text.count >= 4 && text.count <= 64
            && text.unicodeScalars.allSatisfy {
                ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) || $0 == "-"
            }
    }
}

// Songs and copies are stored flat: the identifiers beside the fields.
