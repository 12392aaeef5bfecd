import Foundation
import SetlistStageMode
import Testing

@testable import SetlistBandPage

/// The address screen of `live --serve` says when no phone can reach it.
@Suite struct BandPageTests {
    @Test func aLoopbackBindIsSaidToReachNoPhone() throws {
        let page = try BandPage(port: 0, bind: ["127.0.0.1"], token: BandPageServer.newToken(), appearance: .plain, zone: .current)
        defer { page.stop() }
        let screen = page.link.addressScreen(TerminalSize(columns: 120, rows: 30), .start)
        #expect(screen.contains { $0.contains("Only this computer can open these (--bind names no network address)") }, "\(screen)")
    }
}
