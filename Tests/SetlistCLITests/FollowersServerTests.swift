import Foundation
import SetlistLive
import SetlistStage
import Testing

@testable import SetlistCLI

/// The address screen of `live --serve` says when no phone can reach it.
@Suite struct FollowersServerTests {
    @Test func aLoopbackBindIsSaidToReachNoPhone() throws {
        let server = try FollowersServer(port: 0, bind: ["127.0.0.1"], token: FollowServer.newToken(), appearance: .plain, zone: .current)
        defer { server.stop() }
        let screen = server.band.addressScreen(TerminalSize(columns: 120, rows: 30), .start)
        #expect(screen.contains { $0.contains("Only this computer can open these (--bind names no network address)") }, "\(screen)")
    }
}
