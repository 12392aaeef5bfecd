import SetlistLive
import SetlistModel
import Testing

@testable import SetlistStage

/// The screen that tells the band where to point their phones.
struct AddressScreenTests {
    @Test(arguments: [40, 50, 80])
    func theAddressIsNeverCutAndNoLineIsTooWide(columns: Int) {
        let url = "http://192.168.100.200:8765/\(FollowServer.newToken())/"
        let screen = AddressScreen(urls: [url])
        let lines = screen.lines(size: TerminalSize(columns: columns, rows: 24), appearance: .plain)
        #expect(lines.allSatisfy { Cells.width($0) <= columns }, "\(lines)")
        let pieces = lines.dropFirst().prefix { $0.hasPrefix("  ") }
        #expect(pieces.map { $0.trimmingCharacters(in: .whitespaces) }.joined() == url, "\(lines)")
    }
}
