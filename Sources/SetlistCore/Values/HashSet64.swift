/// A set of 64-bit hashes in one array, probed linearly. The folder's file names are looked up by
/// the hash of their start at every dash of every name; `Set<UInt64>` hashed each hash again
/// (SipHash), which cost more than the rest of the look-up.
struct HashSet64: Sendable {
    private var slots: [UInt64]
    private let mask: Int

    /// A set with room for `capacity` hashes at most half full.
    init(capacity: Int) {
        let size = max(16, 1 << (Int.bitWidth - (2 * capacity).leadingZeroBitCount))
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// 0 marks an empty slot, so it stands in as 1 (the set may then answer yes for 1 as well
    /// as for 0: a hash only says where to look).
    private static func stored(_ hash: UInt64) -> UInt64 { hash == 0 ? 1 : hash }

    private func start(_ value: UInt64) -> Int { Int(truncatingIfNeeded: value ^ (value >> 29)) & mask }

    mutating func insert(_ hash: UInt64) {
        let value = Self.stored(hash)
        var slot = start(value)
        while slots[slot] != 0 {
            if slots[slot] == value { return }
            slot = (slot + 1) & mask
        }
        slots[slot] = value
    }

    func contains(_ hash: UInt64) -> Bool {
        let value = Self.stored(hash)
        var slot = start(value)
        while slots[slot] != 0 {
            if slots[slot] == value { return true }
            slot = (slot + 1) & mask
        }
        return false
    }
}
