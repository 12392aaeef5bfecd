/// The 64-bit FNV-1a hash: fast and stable across runs and machines, not cryptographic. It keeps
/// different inputs apart for derived ids and line comparison in deltas; whole files are
/// fingerprinted with ``XXH64``, which is faster on long input.
public struct FNV1a: Sendable {
    /// The standard offset basis.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash so far.
    public private(set) var value: UInt64

    /// A hash starting at `seed` (the standard offset basis unless another stream is wanted).
    public init(seed: UInt64 = FNV1a.offsetBasis) {
        value = seed
    }

    /// Adds one byte.
    public mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }

    /// The hash of `bytes`.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash = FNV1a()
        for byte in bytes { hash.add(byte) }
        return hash.value
    }
}
