import Foundation
import SetlistSupport
import Synchronization

/// Creates the random identifiers of songs, copies and playlists.
public enum Identifier {
    /// Where ``make()`` takes its random bits: the system's random UUIDs, which the program never
    /// changes. A randomised test scopes a source drawing from its seeded generator
    /// (`Identifier.$source.withValue(...)`), so that a run repeated from the printed seed makes
    /// the same ids, and so the same files, as the run that failed.
    @TaskLocal public static var source = Source.system

    /// A new random identifier: 32 lowercase hexadecimal digits.
    public static func make() -> String {
        source.seeded?.make() ?? digits(of: UUID())
    }

    /// The random bits of new identifiers: the system's (``system``) or a generator's.
    public struct Source: Sendable {
        /// Random UUIDs (version 4), as the program makes them.
        public static let system = Source(seeded: nil)

        fileprivate let seeded: SeededSource?

        private init(seeded: SeededSource?) { self.seeded = seeded }

        /// Identifiers drawn in turn from `generator`: the same generator gives the same
        /// identifiers, in the form of the system's.
        public static func drawing(from generator: some RandomNumberGenerator & Sendable) -> Source {
            Source(seeded: SeededSource(generator))
        }
    }

    /// The UUID's 32 hexadecimal digits, lowercase, without its dashes: written from its bytes
    /// (removing the dashes from `uuidString` goes through NSString).
    static func digits(of uuid: UUID) -> String {
        Hex.digits(of: uuid)
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

/// A generator that identifiers are drawn from, one at a time: child tasks of a test share it.
private final class SeededSource: Sendable {
    private let generator: Mutex<any RandomNumberGenerator & Sendable>

    init(_ generator: some RandomNumberGenerator & Sendable) { self.generator = Mutex(generator) }

    /// 128 bits of the generator, marked as a version 4 UUID's are (its 13th digit 4, its 17th
    /// one of 8, 9, a and b), so that they look like the ids the program makes.
    func make() -> String {
        let (high, low) = generator.withLock { ($0.next() & ~0xF000 | 0x4000, $0.next() >> 2 | 1 << 63) }
        return Hex.digits(high: high, low: low)
    }
}

// Songs and copies are stored flat: the identifiers beside the fields.
