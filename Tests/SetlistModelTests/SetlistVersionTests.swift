import SetlistModel
import Testing

@Suite struct SetlistVersionTests {
    @Test func isThreeNumbers() {
        let parts = SetlistVersion.current.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    }

    @Test func generatorNamesTheProgram() {
        #expect(SetlistVersion.generator == "setlist \(SetlistVersion.current)")
    }
}
