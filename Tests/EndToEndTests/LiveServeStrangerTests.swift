import BrowserTestSupport
import CLITestSupport
import FlyingSocks
import Foundation
import TestLevels
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `setlist live --serve` while a stranger on the venue's Wi-Fi (other loopback addresses stand
/// for other devices) holds hundreds of idle and half-open connections and floods wrong tokens:
/// the band's phones join, come back and follow every step of the leader in tmux.
@Suite(.serialized, .tags(.endToEnd, .browser), .needs("tmux", "python3", "chromium", "chromedriver")) struct LiveServeStrangerTests {
    /// A connection of the test: an event stream read view by view, or a stranger's.
    final class Client {
        let socket: Socket
        private var buffer: [UInt8] = []

        init(port: UInt16, from source: String, timeout: Int = 5) throws {
            socket = try Socket(domain: AF_INET, type: .stream)
            var time = timeval(tv_sec: timeout, tv_usec: 0)
            _ = setsockopt(socket.file.rawValue, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            do {
                try socket.bind(to: sockaddr_in.inet(ip4: source, port: 0))
                try socket.connect(to: sockaddr_in.inet(ip4: "127.0.0.1", port: port))
            } catch {
                // Through close(): deinit runs after a throwing init too, and must not close again.
                close()
                throw error
            }
        }

        private var closed = false

        deinit { close() }

        /// Closes the connection once: a second close would close whatever file took its number
        /// meanwhile (the browser's pipe, in one run: the test process crashed reading it).
        func close() {
            guard !closed else { return }
            closed = true
            try? socket.close()
        }

        func send(_ text: String) {
            let data = Data(text.utf8)
            var index = 0
            while index < data.count, let next = try? socket.write(data, from: index) { index = next }
        }

        /// The position of the next view event; nil when the stream ended or nothing came in time.
        func nextPosition() -> Int? {
            while true {
                if let end = buffer.indices.dropLast().first(where: { buffer[$0] == 10 && buffer[$0 + 1] == 10 }) {
                    let block = String(decoding: buffer[..<end], as: UTF8.self)
                    buffer.removeFirst(end + 2)
                    guard block.contains("event: view"), let data = block.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }),
                        let view = try? JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8)) as? [String: Any]
                    else { continue }
                    return view["position"] as? Int
                }
                guard let more = try? socket.read(atMost: 65536) else { return nil }
                buffer += more
            }
        }
    }

    /// Idle connections, half heads and wrong tokens from `addresses`, reopened until `stop`.
    final class Stranger: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        private var opened = 0
        private let done = DispatchGroup()

        init(port: UInt16, addresses: [String]) {
            done.enter()
            Thread.detachNewThread { [self] in
                // 500 idle connections at once, then the flood.
                var held = (0..<500).compactMap { try? Client(port: port, from: addresses[$0 % addresses.count], timeout: 1) }
                lock.lock()
                opened = 500
                lock.unlock()
                var round = 0
                while !isStopped {
                    round += 1
                    guard let client = try? Client(port: port, from: addresses[round % addresses.count], timeout: 1) else { continue }
                    switch round % 3 {
                    case 0: break
                    case 1: client.send("GET /\(String(repeating: "x", count: 22))/events HTTP/1.1\r\nHost: x\r\n")
                    default: client.send("GET /\(String(repeating: "y", count: 22))/ HTTP/1.1\r\nHost: x\r\n\r\n")
                    }
                    held.append(client)
                    if held.count > 600 { held.removeFirst(100) }
                    // A thousand a second at most: the stranger is another machine, and the tests
                    // beside this one (another stranger among them) need the two cores too.
                    usleep(1000)
                    lock.lock()
                    opened += 1
                    lock.unlock()
                }
                held = []
                done.leave()
            }
        }

        /// How many connections it has opened so far.
        var connections: Int {
            lock.lock()
            defer { lock.unlock() }
            return opened
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
        }
    }

    @Test func aStrangerOnTheWiFiKeepsNoPhoneOut() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let tmux = try Tmux(columns: 100, rows: 30)
        defer { tmux.kill() }
        let url = try LiveServeTests().startLeader(tmux, lib)
        let parts = url.split(separator: "/")
        let port = try #require(UInt16(parts[1].split(separator: ":")[1])), token = String(parts[2])
        let stranger = Stranger(port: port, addresses: (2...11).map { "127.0.0.\($0)" })
        defer { stranger.stop() }
        while stranger.connections < 500 { Thread.sleep(forTimeInterval: 0.01) }
        let phone = try Browser(url)
        defer { phone.close() }
        #expect(phone.send("title Highway to Hell") == "ok")
        try tmux.keys("x") // starts the show
        _ = try tmux.waitFor { $0.contains("1/4 · Set 1") }
        var position = 1
        for round in 0..<3 {
            // The band joins (or comes back: a locked screen, a reload) while the stranger goes on.
            // Read with time to spare: on a loaded machine the floods of two tests share two cores.
            // Each sends its request as it connects, as a browser does (all 20 come from one
            // address here, which may have only 8 connections waiting for their requests).
            let followers = try (0..<20).map { _ in
                let follower = try Client(port: port, from: "127.0.0.1", timeout: 15)
                follower.send("GET /\(token)/events HTTP/1.1\r\nHost: band\r\n\r\n")
                return follower
            }
            for (index, follower) in followers.enumerated() {
                #expect(follower.nextPosition() == position, "follower \(index) joined in round \(round)")
            }
            for key in ["Right", "Left", "Right"] {
                try tmux.keys(key)
                position += key == "Right" ? 1 : -1
                for (index, follower) in followers.enumerated() {
                    #expect(follower.nextPosition() == position, "follower \(index), round \(round), step to \(position)")
                }
            }
        }
        try tmux.keys("End")
        #expect(phone.send("title Under the Bridge") == "ok")
        #expect(phone.send("reload") == "ok")
        #expect(phone.send("title Under the Bridge") == "ok", "the phone came back")
        #expect(stranger.connections > 600, "the stranger kept at it (\(stranger.connections) connections)")
        try tmux.keys("q")
        _ = try tmux.waitFor { $0.contains("EXIT=0") }
    }
}
