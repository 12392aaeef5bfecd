import Foundation
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

    @Test func newIdsAreThirtyTwoLowercaseHexDigitsAndDiffer() {
        let ids = (0..<500).map { _ in Identifier.make() }
        #expect(ids.allSatisfy { $0.utf8.count == 32 && $0.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) } })
        #expect(Set(ids).count == ids.count)
    }
}
