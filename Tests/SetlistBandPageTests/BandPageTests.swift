import Foundation
import SetlistStageMode
import Testing

@testable import SetlistBandPage

/// The address screen of `live --serve` says when no phone can reach it, and shows addresses a
/// phone can open.
@Suite struct BandPageTests {
    /// `--bind 0.0.0.0` (or `::`) listens everywhere and shows the network's addresses, as no
    /// `--bind` does; no phone can open `http://0.0.0.0:…`.
    @Test(arguments: ["0.0.0.0", "::"])
    func aWildcardBindShowsTheMachinesAddresses(wildcard: String) throws {
        let plan = try ServeAddresses(bind: [wildcard], network: ["192.168.1.20", "10.0.0.5"])
        #expect(plan.listen == [wildcard] && plan.shown == ["192.168.1.20", "10.0.0.5"] && plan.servesEveryAddress)
        let alone = try ServeAddresses(bind: [wildcard], network: [])
        #expect(alone.shown == ["127.0.0.1"])
        let page = try BandPage(port: 0, bind: [wildcard], token: BandPageServer.newToken(), appearance: .plain, zone: .current)
        defer { page.stop() }
        let screen = page.link.addressScreen(TerminalSize(columns: 120, rows: 60), .start).joined(separator: "\n")
        #expect(!screen.contains("0.0.0.0") && !screen.contains("[::]"), "\(screen)")
        let shown = NetworkAddresses.local().first ?? "127.0.0.1"
        #expect(screen.contains("http://\(shown):\(page.server.port)/"), "\(screen)")
        #expect(page.server.addresses == [wildcard])
    }

    @Test func anAddressBoundTwiceSaysWhatIsWrong() throws {
        #expect(throws: BandPageError.boundTwice(first: "127.0.0.1", again: "127.0.0.1")) {
            try ServeAddresses(bind: ["127.0.0.1", "127.0.0.1"], network: [])
        }
        #expect(throws: BandPageError.boundTwice(first: "::1", again: "0::1")) { try ServeAddresses(bind: ["::1", "0::1"], network: []) }
        #expect(throws: BandPageError.coveredByWildcard(address: "127.0.0.1", wildcard: "0.0.0.0")) {
            try ServeAddresses(bind: ["0.0.0.0", "127.0.0.1"], network: [])
        }
        #expect(throws: BandPageError.coveredByWildcard(address: "0.0.0.0", wildcard: "::")) {
            try ServeAddresses(bind: ["0.0.0.0", "::"], network: [])
        }
        #expect(throws: BandPageError.notAnAddress("pepa")) { try ServeAddresses(bind: ["pepa"], network: []) }
        let message = BandPageError.boundTwice(first: "127.0.0.1", again: "127.0.0.1").description
        #expect(message == "--bind 127.0.0.1 is given twice: name each address once.")
        // Through the page, as `live --serve --bind X --bind X` meets it: not "the port is in use".
        #expect(throws: BandPageError.boundTwice(first: "127.0.0.1", again: "127.0.0.1")) {
            try BandPage(port: 0, bind: ["127.0.0.1", "127.0.0.1"], token: BandPageServer.newToken(), appearance: .plain, zone: .current)
        }
    }

    /// A count-in reaches the phones with its first beat on the laptop's clock (``BandClock``),
    /// worked out once: the view stays the same while it counts, and goes when it is over.
    @Test func aCountInIsSentOnTheLaptopsClock() throws {
        let page = try BandPage(port: 0, bind: ["127.0.0.1"], token: BandPageServer.newToken(), appearance: .plain, zone: .current)
        defer { page.stop() }
        func state() throws -> BandView {
            try JSONDecoder().decode(
                BandView.self, from: Data(Follower.get("/\(page.server.token)/state", port: page.server.port).body.utf8))
        }
        let countIn = CountIn(position: 1, start: Date().addingTimeInterval(1.5), bpm: 116, beats: 3)
        let expected = BandClock.milliseconds(at: countIn.start)
        page.link.publish(BandCue(playlist: BandPageFixtures.concert, position: 1, message: nil, notation: .english, countIn: countIn))
        let sent = try state()
        let counted = try #require(sent.countIn)
        #expect(abs(counted.start - expected) < 20 && counted.bpm == 116 && counted.beats == 3, "\(counted) \(expected)")
        Thread.sleep(forTimeInterval: 0.05)
        page.link.publish(BandCue(playlist: BandPageFixtures.concert, position: 1, message: nil, notation: .english, countIn: countIn))
        #expect(try state().sequence == sent.sequence, "the same count-in is not sent again")
        page.link.publish(BandCue(playlist: BandPageFixtures.concert, position: 1, message: nil, notation: .english))
        #expect(try state().countIn == nil)
    }

    @Test func aLoopbackBindIsSaidToReachNoPhone() throws {
        let page = try BandPage(port: 0, bind: ["127.0.0.1"], token: BandPageServer.newToken(), appearance: .plain, zone: .current)
        defer { page.stop() }
        let screen = page.link.addressScreen(TerminalSize(columns: 120, rows: 30), .start)
        #expect(screen.contains { $0.contains("Only this computer can open these (--bind names no network address)") }, "\(screen)")
    }
}
