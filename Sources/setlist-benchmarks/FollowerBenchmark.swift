import FlyingSocks
import Foundation
import LossyNetwork
import SetlistBandPage
import SetlistModel

/// What the band page of `live --serve` costs: the time from the leader's step to each
/// follower's event, over loopback with 20 followers and through a venue's Wi-Fi (the tests'
/// jitter proxy, LossyNetwork: each chunk held 100 ± 50 ms, a stall of up to a second now and
/// then); the page's weight; and the memory the server and its followers take above stage mode alone. Run in a child process (`--followers`), so that
/// its memory is its own.
struct FollowerFigures: Codable {
    var followers: Int
    var steps: Int
    var p50Milliseconds: Double
    var p99Milliseconds: Double
    var maximumMilliseconds: Double
    /// Every event every follower was sent arrived.
    var eventsMissed: Int
    var pageBytes: Int
    var megabytesAboveStageMode: Double
    /// Through the venue's Wi-Fi: the same, over fewer steps.
    var venueSteps: Int
    var venueP50Milliseconds: Double
    var venueP99Milliseconds: Double
    var venueMaximumMilliseconds: Double
    var venueEventsMissed: Int

    /// Goals: p99 < 50 ms on loopback, a page < 60 KB in one request, < 30 MB above stage mode,
    /// and every event through the venue's Wi-Fi too (its delays are the network's).
    var met: Bool {
        p99Milliseconds < 50 && pageBytes < 60 * 1024 && megabytesAboveStageMode < 30 && eventsMissed == 0 && venueEventsMissed == 0
    }

    func table() -> String {
        let n = { (value: Double) in Report.number(value) }
        return """

            live --serve: \(followers) followers on loopback, \(steps) steps of the leader: p99 < 50 ms, page < 60 KB, < 30 MB above stage mode

            \(Report.markdown([
                ["p50 ms", "p99 ms", "max ms", "events missed", "page KB", "MB above stage mode", ""],
                [n(p50Milliseconds), n(p99Milliseconds), n(maximumMilliseconds), "\(eventsMissed)", n(Double(pageBytes) / 1024),
                 n(megabytesAboveStageMode), met ? "met" : "MISSED"],
            ]))

            The same followers through a venue's Wi-Fi (each chunk held 100 ± 50 ms, stalls up to 1 s), \(venueSteps) steps

            \(Report.markdown([
                ["network", "p50 ms", "p99 ms", "max ms", "events missed"],
                ["loopback", n(p50Milliseconds), n(p99Milliseconds), n(maximumMilliseconds), "\(eventsMissed)"],
                ["venue Wi-Fi", n(venueP50Milliseconds), n(venueP99Milliseconds), n(venueMaximumMilliseconds), "\(venueEventsMissed)"],
            ]))
            """
    }

    /// Serves `playlist` to `followers` followers and steps `steps` times, a step every 10 ms
    /// (faster than any leader); then again through the venue's Wi-Fi.
    static func measure(playlist: Playlist, followers count: Int = 20, steps: Int = 1000, venueSteps: Int = 300) throws -> FollowerFigures {
        let before = residentMegabytes()
        let loopback = try latencies(playlist: playlist, followers: count, steps: steps, network: nil)
        let after = residentMegabytes()
        let venue = try latencies(playlist: playlist, followers: count, steps: venueSteps, network: .venue)
        return FollowerFigures(
            followers: count, steps: steps, p50Milliseconds: loopback.percentile(0.5), p99Milliseconds: loopback.percentile(0.99),
            maximumMilliseconds: loopback.times.last ?? .infinity, eventsMissed: loopback.missed,
            pageBytes: BandPageDocument.html.utf8.count,
            megabytesAboveStageMode: after - before, venueSteps: venueSteps, venueP50Milliseconds: venue.percentile(0.5),
            venueP99Milliseconds: venue.percentile(0.99), venueMaximumMilliseconds: venue.times.last ?? .infinity,
            venueEventsMissed: venue.missed)
    }

    /// Each step's time to each follower, in milliseconds and sorted, and how many never came;
    /// through `network` when one is given.
    static func latencies(playlist: Playlist, followers count: Int, steps: Int, network: LossyNetwork.Conditions?) throws -> Latencies {
        let broadcast = BandBroadcast()
        broadcast.publish(BandView(playlist: playlist, position: 1, notation: .english))
        let server = try BandPageServer(broadcast: broadcast, page: BandPageDocument.html, addresses: ["127.0.0.1"], port: 0)
        defer { server.stop() }
        let proxy = try network.map { try LossyNetwork(to: server.port, conditions: $0, random: SystemRandomNumberGenerator()) }
        defer { proxy?.stop() }
        let followers = try (0..<count).map { _ in try EventReader(port: proxy?.port ?? server.port, token: server.token) }
        // Every follower is on the stream before the first step (through the Wi-Fi, joining takes
        // a while): a step before that would reach it only as part of a later view.
        for follower in followers { follower.read(until: 1) }
        let sent = Clock(count: steps + 2)
        let group = DispatchGroup()
        for follower in followers {
            group.enter()
            Thread.detachNewThread {
                follower.read(until: steps + 1)
                group.leave()
            }
        }
        for step in 1...steps {
            let position = step % playlist.copies.count + 1
            sent.mark(step + 1)
            broadcast.publish(BandView(playlist: playlist, position: position, notation: .english, message: step % 10 == 0 ? "Stop" : nil))
            usleep(10_000)
        }
        _ = group.wait(timeout: .now() + 10)
        var result = Latencies()
        for follower in followers {
            for sequence in 2...(steps + 1) {
                guard let arrived = follower.arrivals[sequence], let start = sent.times[sequence] else {
                    result.missed += 1
                    continue
                }
                result.times.append((arrived - start) * 1000)
            }
        }
        result.times.sort()
        return result
    }

    struct Latencies {
        var times: [Double] = []
        var missed = 0
        func percentile(_ p: Double) -> Double { times.isEmpty ? .infinity : times[min(times.count - 1, Int(Double(times.count) * p))] }
    }

    /// The process's resident memory now, from /proc/self/statm.
    static func residentMegabytes() -> Double {
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
        let pages = fields.count > 1 ? Double(fields[1]) ?? 0 : 0
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

/// When each step was published, by sequence number.
final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var times: [Int: Double] = [:]
    init(count: Int) { times.reserveCapacity(count) }
    func mark(_ sequence: Int) {
        let now = Date().timeIntervalSince1970
        lock.lock()
        times[sequence] = now
        lock.unlock()
    }
}

/// A follower: the event stream read as it arrives, each view's arrival time kept by its number.
final class EventReader: @unchecked Sendable {
    private let socket: Socket
    private(set) var arrivals: [Int: Double] = [:]

    /// Connected to the server at `port`; with `timeout`, a read gives up after that many seconds.
    init(port: Int, token: String, timeout: Int? = nil) throws {
        socket = try Socket(domain: AF_INET, type: .stream)
        if let timeout {
            var time = timeval(tv_sec: timeout, tv_usec: 0)
            _ = setsockopt(socket.file.rawValue, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        }
        try socket.connect(to: sockaddr_in.inet(ip4: "127.0.0.1", port: UInt16(port)))
        var index = 0
        let request = Data("GET /\(token)/events HTTP/1.1\r\nHost: bench\r\n\r\n".utf8)
        while index < request.count { index = try socket.write(request, from: index) }
    }

    deinit { try? socket.close() }

    /// Reads events until the one numbered `last` (or the stream ends).
    func read(until last: Int) {
        var pending: [UInt8] = []
        while arrivals[last] == nil, let bytes = try? socket.read(atMost: 65536) {
            let now = Date().timeIntervalSince1970
            let searchFrom = max(0, pending.count - 1)
            pending += bytes
            // Events end with an empty line; each starts "id: N" (the head and pings do not).
            var start = 0, index = searchFrom
            while index + 1 < pending.count {
                if pending[index] == 10, pending[index + 1] == 10 {
                    if pending[start...].starts(with: Array("id: ".utf8)), let end = pending[start...].firstIndex(of: 10),
                        let number = Int(String(decoding: pending[(start + 4)..<end], as: UTF8.self))
                    {
                        arrivals[number] = now
                    }
                    start = index + 2
                    index += 2
                } else {
                    index += 1
                }
            }
            pending.removeSubrange(..<start)
        }
    }
}
