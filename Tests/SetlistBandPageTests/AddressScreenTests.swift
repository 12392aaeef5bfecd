import SetlistModel
import SetlistStageMode
import Testing

@testable import SetlistBandPage

/// The screen that tells the band where to point their phones.
struct AddressScreenTests {
    @Test(arguments: [40, 50, 80])
    func theAddressIsNeverCutAndNoLineIsTooWide(columns: Int) {
        let url = "http://192.168.100.200:8765/\(BandPageServer.newToken())/"
        let screen = AddressScreen(urls: [url])
        let lines = screen.lines(size: TerminalSize(columns: columns, rows: 24), appearance: .plain)
        #expect(lines.allSatisfy { Cells.width($0) <= columns }, "\(lines)")
        let pieces = lines.dropFirst().prefix { $0.hasPrefix("  ") }
        #expect(pieces.map { $0.trimmingCharacters(in: .whitespaces) }.joined() == url, "\(lines)")
    }

    /// Before the show the first key only puts the screen away: the screen says so, so that the
    /// leader's first → is not lost unseen; on w during the show, any key goes back to the song.
    @Test func theFirstScreenSaysAnyKeyStartsTheShow() {
        let screen = AddressScreen(urls: ["http://192.168.1.20:8765/\(BandPageServer.newToken())/"])
        for rows in [8, 24] {
            let start = screen.lines(size: TerminalSize(columns: 80, rows: rows), appearance: .plain, moment: .start)
            #expect(start.contains { $0.contains("Press any key to start (it only puts this screen away) · q quit") }, "\(start)")
            let during = screen.lines(size: TerminalSize(columns: 80, rows: rows), appearance: .plain, moment: .during)
            #expect(during.contains { $0.contains("any key: back to the song · q quit") } && !during.joined().contains("to start"))
        }
    }
}
