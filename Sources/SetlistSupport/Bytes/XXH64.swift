/// The 64-bit xxHash (XXH64, seed 0) of Yann Collet's specification: stable across runs and
/// machines, not cryptographic, and fast on whole files: four independent lanes take 32 bytes a
/// step, where FNV-1a waits for a multiply after every byte. The undo history fingerprints whole
/// files with it (docs/performance.md, "XXH64 fingerprints in the undo history").
public enum XXH64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    /// The hash of `bytes`.
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        guard let base = bytes.baseAddress else { return avalanche(prime5) }
        let count = bytes.count
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        var offset = 0
        var hash: UInt64
        if count >= 32 {
            var lanes = (prime1 &+ prime2, prime2, UInt64(0), 0 &- prime1)
            while count - offset >= 32 {
                lanes.0 = round(lanes.0, word(offset))
                lanes.1 = round(lanes.1, word(offset + 8))
                lanes.2 = round(lanes.2, word(offset + 16))
                lanes.3 = round(lanes.3, word(offset + 24))
                offset += 32
            }
            hash = lanes.0.rotated(1) &+ lanes.1.rotated(7) &+ lanes.2.rotated(12) &+ lanes.3.rotated(18)
            for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
                hash = (hash ^ round(0, lane)) &* prime1 &+ prime4
            }
        } else {
            hash = prime5
        }
        hash &+= UInt64(count)
        while count - offset >= 8 {
            hash = (hash ^ round(0, word(offset))).rotated(27) &* prime1 &+ prime4
            offset += 8
        }
        if count - offset >= 4 {
            let half = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            hash = (hash ^ half &* prime1).rotated(23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            hash = (hash ^ UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) &* prime5).rotated(11) &* prime1
            offset += 1
        }
        return avalanche(hash)
    }

    /// The hash of a text's UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    private static func round(_ lane: UInt64, _ input: UInt64) -> UInt64 {
        (lane &+ input &* prime2).rotated(31) &* prime1
    }

    private static func avalanche(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        hash ^= hash >> 32
        return hash
    }
}

extension UInt64 {
    /// The bits rotated left by `count`.
    fileprivate func rotated(_ count: UInt64) -> UInt64 {
        self << count | self >> (64 - count)
    }
}
