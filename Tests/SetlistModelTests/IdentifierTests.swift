import Foundation
import SeededRandom
import Testing

@testable import SetlistModel

/// New ids are a UUID's digits, written from its bytes; `uuidString` without its dashes,
/// lowercased, is the definition.
@Suite struct IdentifierTests {
    @Test func aUUIDsDigitsAreItsStringWithoutDashes() {
        for _ in 0..<2000 {
            let uuid = UUID()
            #expect(Identifier.digits(of: uuid) == uuid.uuidString.replacingOccurrences(of: "-", with: "").lowercased())
        }
        let fixed = UUID(uuidString: "00FF10AB-C0DE-4BEE-8F00-0123456789AB")!
        #expect(Identifier.digits(of: fixed) == "00ff10abc0de4bee8f000123456789ab")
    }

    /// A random UUID's digits: 32 lowercase hexadecimal digits, the 13th 4 (the version), the 17th
    /// 8, 9, a or b (the variant).
    static func hasTheSystemsForm(_ id: String) -> Bool {
        let digits = Array(id.utf8)
        return digits.count == 32 && digits.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            && digits[12] == UInt8(ascii: "4") && Array("89ab".utf8).contains(digits[16])
    }

    @Test func newIdsAreThirtyTwoLowercaseHexDigitsAndDiffer() {
        let ids = (0..<500).map { _ in Identifier.make() }
        #expect(ids.allSatisfy(Self.hasTheSystemsForm))
        #expect(Set(ids).count == ids.count)
    }

    /// Ids drawn from a seed (randomised tests, issue 36) have the form of the system's, are the
    /// same again from the same seed, and are the system's again outside `withSeededIdentifiers`.
    @Test func seededIdsRepeatInTheSystemsForm() {
        let seeded = withSeededIdentifiers(36) { (0..<500).map { _ in Identifier.make() } }
        #expect(seeded.allSatisfy(Self.hasTheSystemsForm))
        #expect(Set(seeded).count == seeded.count)
        #expect(withSeededIdentifiers(36) { (0..<500).map { _ in Identifier.make() } } == seeded)
        #expect(withSeededIdentifiers(37) { Identifier.make() } != seeded[0])
        #expect(!seeded.contains(Identifier.make()), "random again")
    }
}
