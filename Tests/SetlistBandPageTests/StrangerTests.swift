import FlyingSocks
import Foundation
import SeededRandom
import SetlistModel
import Testing

@testable import SetlistBandPage

/// A stranger on the venue's Wi-Fi (here other loopback addresses, 127.0.0.2 and up, stand for
/// other devices) must not keep the band out: idle connections, half requests and wrong tokens
/// hold no follower's place, and the band's phones join, come back and follow every step.
@Suite(.serialized) struct StrangerTests {
    let broadcast = BandBroadcast()
    let server: BandPageServer

    init() throws {
        server = try BandPageServer(broadcast: broadcast, page: BandPageDocument.html, addresses: ["127.0.0.1"], port: 0)
        broadcast.publish(BandView(playlist: BandPageFixtures.concert, position: 1, notation: .english))
    }

    /// A stranger that opens connections from `addresses` until `stop` and keeps them: idle ones,
    /// half heads and wrong tokens, reopened as the server closes them.
    final class Stranger: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        private var held: [Follower] = []
        private(set) var attempts = 0
        private let done = DispatchGroup()

        init(port: Int, addresses: [String], idle: Int, seed: String) {
            // The idle ones first, all at once: 500 from the addresses given.
            for index in 0..<idle {
                if let connection = try? Follower(port: port, from: addresses[index % addresses.count], timeout: 1) {
                    held.append(connection)
                }
            }
            done.enter()
            Thread.detachNewThread { [self] in
                var random = seededGenerator(for: seed)
                var round = 0
                while !isStopped {
                    round += 1
                    let address = addresses[round % addresses.count]
                    guard let connection = try? Follower(port: port, from: address, timeout: 1) else { continue }
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: break // idle
                    case 1: try? connection.send("GET /\(BandPageServer.newToken())/events HTTP/1.1\r\nHost: x\r\n") // half a head
                    default: try? connection.send("GET /\(BandPageServer.newToken())/events HTTP/1.1\r\nHost: x\r\n\r\n") // a wrong token
                    }
                    // A thousand a second at most: the stranger is another machine, and this
                    // process's other tests (another stranger among them) need the two cores too.
                    usleep(1000)
                    lock.lock()
                    attempts += 1
                    held.append(connection)
                    if held.count > 600 {
                        held.prefix(100).forEach { $0.close() }
                        held.removeFirst(100)
                    }
                    lock.unlock()
                }
                done.leave()
            }
        }

        private var isStopped: Bool {
            lock.lock()
            defer { lock.unlock() }
            return stopped
        }

        func stop() {
            lock.lock()
            stopped = true
            lock.unlock()
            done.wait()
            lock.lock()
            held.forEach { $0.close() }
            held = []
            lock.unlock()
        }
    }

    /// Publishes `count` steps and checks that every follower gets each, in order.
    func stepAndCheck(_ followers: [Follower], count: Int, round: Int) {
        let first = (broadcast.current?.sequence ?? 0) + 1
        for step in 0..<count {
            broadcast.publish(BandView(playlist: BandPageFixtures.concert, position: (round + step) % 5 + 1, notation: .english))
        }
        let last = first + count - 1
        for (index, follower) in followers.enumerated() {
            var seen: [Int] = []
            while seen.last ?? 0 < last, let view = follower.nextView() { seen.append(view.sequence) }
            #expect(seen == Array(first...last), "follower \(index), round \(round)")
        }
    }

    /// While a stranger holds 500 idle connections and keeps flooding idle ones, half heads and
    /// wrong tokens from ten addresses, 20 followers with the token join, come back three times
    /// (a locked screen, a reload) and get every step.
    @Test func aStrangersFloodKeepsNoFollowerOut() throws {
        let addresses = (2...11).map { "127.0.0.\($0)" }
        let stranger = Stranger(port: server.port, addresses: addresses, idle: 500, seed: "stranger flood")
        defer { stranger.stop() }
        for round in 0..<3 {
            var followers: [Follower] = []
            for index in 0..<20 {
                // Read with time to spare: on a loaded machine the floods of two tests share two cores.
                let follower = try Follower.events(token: server.token, port: server.port, timeout: 15)
                let view = follower.nextView()
                #expect(view?.sequence == broadcast.current?.sequence, "follower \(index) of round \(round) got in at once")
                followers.append(follower)
            }
            stepAndCheck(followers, count: 30, round: round)
            followers.forEach { $0.close() }
        }
        #expect(stranger.attempts > 100, "the stranger kept at it (\(stranger.attempts) connections)")
    }

    /// One address has at most a few connections waiting for their heads (a new one closes the
    /// one waiting longest), and a connection that sends no head is closed after a few seconds.
    @Test func connectionsWithoutAHeadAreFewAndShortLived() throws {
        let idle = try (0..<20).map { _ in try Follower(port: server.port, from: "127.0.0.3", timeout: 1) }
        Thread.sleep(forTimeInterval: 0.3)
        let closed = idle.map { $0.closedNow() }
        let kept = BandPageGate.waitingPerAddress
        #expect(closed == Array(repeating: true, count: 20 - kept) + Array(repeating: false, count: kept), "the newest \(kept) wait")
        let slow = try Follower(port: server.port, from: "127.0.0.4", timeout: 8)
        try slow.send("GET /\(server.token)/events HTTP/1.1\r\n")
        let started = Date()
        _ = slow.readAll()
        #expect(slow.isClosed && Date().timeIntervalSince(started) < BandPageGate.headDeadline + 1.5, "closed after the head's deadline")
    }

    /// A wrong token is answered 403 and closed at once; the client is not kept waiting.
    @Test func aWrongTokenIsClosedAtOnce() throws {
        let stranger = try Follower(port: server.port, from: "127.0.0.5", timeout: 3)
        try stranger.send("GET /\(BandPageServer.newToken())/events HTTP/1.1\r\nHost: x\r\n\r\n")
        let started = Date()
        #expect(stranger.readAll().hasPrefix("HTTP/1.1 403"))
        #expect(stranger.isClosed && Date().timeIntervalSince(started) < 1)
    }

    /// With every follower's place taken, one more follower gets an event stream that ends at once
    /// and says when to come back (an HTTP error would make a browser give up for good), a page
    /// request a 503 it can read (not a reset), and a follower comes in as soon as one leaves;
    /// followers that closed (reloaded) give their places back at once.
    @Test func placesAreAnsweredWhenFullAndGivenBackAtOnce() throws {
        let followers = try (0..<BandPageServer.maximumConnections).map { _ in try Follower.events(token: server.token, port: server.port) }
        for follower in followers { #expect(follower.nextView() != nil) }
        let extra = try Follower.events(token: server.token, port: server.port)
        let answer = extra.readAll()
        #expect(
            answer.hasPrefix("HTTP/1.1 200 OK") && answer.contains("text/event-stream") && answer.hasSuffix("retry: 2000\n\n"), "\(answer)")
        let page = try Follower(port: server.port)
        try page.send("GET /\(server.token)/ HTTP/1.1\r\n\r\n")
        let refused = page.readAll()
        #expect(refused.hasPrefix("HTTP/1.1 503") && refused.contains("Retry-After:"), "\(refused)")
        followers.forEach { $0.close() }
        Thread.sleep(forTimeInterval: BandPageServer.closedCheck + 0.5)
        let again = try (0..<BandPageServer.maximumConnections).map { _ in try Follower.events(token: server.token, port: server.port) }
        for (index, follower) in again.enumerated() { #expect(follower.nextView() != nil, "follower \(index) is back") }
    }

    /// A head too large is answered 431 after the request was read, so the client reads the
    /// status rather than a reset.
    @Test func aHugeHeadReadsItsAnswer() throws {
        let huge = try Follower(port: server.port, from: "127.0.0.6")
        try huge.send("GET /\(server.token)/ HTTP/1.1\r\nX: " + String(repeating: "a", count: 100_000) + "\r\n\r\n")
        #expect(huge.readAll().hasPrefix("HTTP/1.1 431"))
    }

    /// Over IPv6 one device is its /64 (its temporary addresses share it), and a follower gets in
    /// as over IPv4.
    @Test func ipv6CountsADeviceByItsPrefix() throws {
        let first = try sockaddr_in6.inet6(ip6: "2001:db8:1:2::5", port: 1)
        let second = try sockaddr_in6.inet6(ip6: "2001:db8:1:2:aaaa::9", port: 2)
        let other = try sockaddr_in6.inet6(ip6: "2001:db8:1:3::5", port: 1)
        let mapped = try sockaddr_in6.inet6(ip6: "::ffff:192.168.1.20", port: 1)
        func key(_ address: sockaddr_in6) -> [UInt8] {
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) { raw in withUnsafeBytes(of: address) { raw.copyMemory(from: $0) } }
            return BandPageGate.addressKey(storage)
        }
        #expect(key(first) == key(second) && key(first) != key(other))
        #expect(key(mapped) == [192, 168, 1, 20])
        let server = try BandPageServer(broadcast: broadcast, page: BandPageDocument.html, addresses: ["::1"], port: 0)
        defer { server.stop() }
        let socket = try Socket(domain: AF_INET6, type: .stream)
        defer { try? socket.close() }
        try socket.connect(to: sockaddr_in6.inet6(ip6: "::1", port: UInt16(server.port)))
        let request = Data("GET /\(server.token)/state HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        _ = try socket.write(request)
        var answer: [UInt8] = []
        while let more = try? socket.read(atMost: 65536) { answer += more }
        #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
    }
}
