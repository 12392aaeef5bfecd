import PropertyBased
import SeededRandom
import Testing

@testable import SetlistCore

/// The folder's name hashes are kept in a hand-made table; `Set` is the definition.
@Suite struct HashSet64Tests {
    @Test func answersAsASetDoes() {
        var random = seededGenerator(for: "HashSet64Tests.answersAsASetDoes")
        for _ in 0..<200 {
            let count = Int.random(in: 0...300, using: &random)
            // Small values collide in the table's slots; large ones are spread like real hashes.
            let pick = { (random: inout Xoshiro) -> UInt64 in
                Bool.random(using: &random) ? UInt64.random(in: 2...64, using: &random) : UInt64.random(in: 2...UInt64.max, using: &random)
            }
            let inserted = (0..<count).map { _ in pick(&random) }
            var table = HashSet64(capacity: count)
            inserted.forEach { table.insert($0) }
            let set = Set(inserted)
            for value in inserted + (0..<100).map({ _ in pick(&random) }) {
                #expect(table.contains(value) == set.contains(value), "\(value) among \(count)")
            }
        }
    }

    @Test func zeroStandsInAsOne() {
        var table = HashSet64(capacity: 1)
        table.insert(0)
        #expect(table.contains(0) && table.contains(1) && !table.contains(2))
    }
}
