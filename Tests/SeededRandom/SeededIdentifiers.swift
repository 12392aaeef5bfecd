import PropertyBased
import SetlistModel

/// The seed of the ids a property check makes: an input like its others, so that the seed the
/// check prints on a failure (`.fixedSeed`) repeats the ids too. See ``withSeededIdentifiers(_:_:)``.
public let identifierSeed = Gen<UInt64>.uint64()

/// Runs `body` with every new id (``Identifier/make()``: each song, copy and playlist made, each
/// one imported) drawn from a generator seeded with `seed` instead of the system's: give it
/// `random.next()` of the test's ``seededGenerator(for:sourceLocation:)``, or a property check's
/// ``identifierSeed`` input. Then a run repeated from the printed seed makes the same ids, and so
/// the same files, as the run that failed.
public func withSeededIdentifiers<R>(_ seed: UInt64, _ body: () throws -> R) rethrows -> R {
    try Identifier.$source.withValue(.seeded(seed), operation: body)
}

extension Identifier.Source {
    /// Ids drawn from xoshiro256** (swift-property-based's ``Xoshiro``), its state spread from
    /// `seed` by SplitMix64 as its authors advise: a state of few bits set starts with poor numbers.
    public static func seeded(_ seed: UInt64) -> Self {
        var state = seed
        func splitMix() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return .drawing(from: Xoshiro(seed: (splitMix(), splitMix(), splitMix(), splitMix())))
    }
}
