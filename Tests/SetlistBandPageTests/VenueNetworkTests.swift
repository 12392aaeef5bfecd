import Foundation
import LossyNetwork
import SeededRandom
import Testing

@testable import SetlistBandPage

/// A venue's lossy, jittery Wi-Fi between the followers and the laptop (this machine's kernel has
/// no netem: the tests' own proxy, LossyNetwork, holds each chunk 100 ± 50 ms, stalls a
/// connection now and then for up to a second, and forwards nothing for one 10 s outage).
@Suite(.serialized) struct VenueNetworkTests {
    @Test func twentyFollowersEndOnTheRightSongAndSeeEveryMessageSoonAfterAnOutage() throws {
        let broadcast = BandBroadcast()
        broadcast.publish(BandView(playlist: BandPageFixtures.concert, position: 1, notation: .english))
        let server = try BandPageServer(broadcast: broadcast, page: BandPageDocument.html, addresses: ["127.0.0.1"], port: 0)
        defer { server.stop() }
        var random = seededGenerator(for: "venueNetwork")
        let wifi = try LossyNetwork(to: server.port, conditions: .venue, random: random)
        defer { wifi.stop() }
        let followers = try (0..<20).map { _ in try Follower.events(token: server.token, port: wifi.port, timeout: 15) }
        for follower in followers { #expect(follower.nextView()?.position == 1) }
        let outage: TimeInterval = 10
        wifi.outage(seconds: outage)
        let cut = Date()
        var messages: Set<String> = []
        for step in 1...30 {
            let message = step % 5 == 0 ? "Message \(step)" : nil
            if let message { messages.insert(message) }
            broadcast.publish(
                BandView(
                    playlist: BandPageFixtures.concert, position: Int.random(in: 1...5, using: &random), notation: .english,
                    message: message))
            usleep(50_000)
        }
        let last = try #require(broadcast.current)
        let finished = Finished(), every = messages
        nonisolated(unsafe) let readers = followers
        DispatchQueue.concurrentPerform(iterations: readers.count) { index in
            var seen: Set<String> = [], position = 0, sequence = 0
            while sequence < last.sequence, let view = readers[index].nextView() {
                (position, sequence) = (view.position, view.sequence)
                if let message = view.message { seen.insert(message) }
            }
            finished.add(index, Date(), position == last.position && sequence == last.sequence && seen == every)
        }
        let back = cut.addingTimeInterval(outage)
        #expect(finished.all.count == followers.count)
        for (index, (time, right)) in finished.all {
            #expect(right, "follower \(index) ended on the band's song, every message seen")
            #expect(time.timeIntervalSince(back) < 2, "follower \(index): \(time.timeIntervalSince(back)) s after the network came back")
        }
    }

    final class Finished: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var all: [Int: (Date, Bool)] = [:]
        func add(_ index: Int, _ time: Date, _ right: Bool) { lock.withLock { all[index] = (time, right) } }
    }
}
