import FlyingSocks
import Foundation
import LossyNetwork
import SetlistBandPage
import SetlistModel
import SetlistStageMode

/// How close to the laptop's beat the phones count in (`c` in stage mode): 20 simulated phones
/// whose clocks are off by up to 5 seconds each estimate the laptop's clock as the page does
/// (``BandClockEstimate``, the page's `estimateOffset` mirrored in Swift and checked against it
/// in BandPageCountInBrowserTests; the pings are real requests to `clock`, timed from the request's
/// first byte to the answer's first byte, as the page's Resource Timing), get the count-in on
/// their event stream, wait on their own clock for the first beat and note the laptop's clock
/// then. On loopback and through the venue's Wi-Fi (LossyNetwork). Run in a child process
/// (`--count-in`).
struct CountInFigures: Codable {
    var followers: Int
    var rounds: Int
    /// How far each phone's first beat was from the laptop's, in milliseconds: the median and the
    /// worst of every phone in every round.
    var p50Milliseconds: Double
    var maximumMilliseconds: Double
    /// The widest gap between the first and the last phone's first beat in one round.
    var spreadMilliseconds: Double
    /// Phones whose count-in came after its first beat.
    var late: Int
    var venueP50Milliseconds: Double
    var venueMaximumMilliseconds: Double
    var venueSpreadMilliseconds: Double
    var venueLate: Int

    /// Goals: every phone's first beat within ±20 ms of the laptop's on loopback, ±40 ms through
    /// the venue's Wi-Fi, and none late.
    var met: Bool { maximumMilliseconds <= 20 && venueMaximumMilliseconds <= 40 && late == 0 && venueLate == 0 }

    func table() -> String {
        let n = { (value: Double) in Report.number(value) }
        return """

            Count-in: \(followers) phones, clocks off by up to 5 s, \(rounds) count-ins each: first beat within ±20 ms of the laptop's on loopback, ±40 ms through a venue's Wi-Fi

            \(Report.markdown([
                ["network", "p50 ms off", "max ms off", "widest spread ms", "late", ""],
                ["loopback", n(p50Milliseconds), n(maximumMilliseconds), n(spreadMilliseconds), "\(late)",
                 maximumMilliseconds <= 20 && late == 0 ? "met" : "MISSED"],
                ["venue Wi-Fi", n(venueP50Milliseconds), n(venueMaximumMilliseconds), n(venueSpreadMilliseconds), "\(venueLate)",
                 venueMaximumMilliseconds <= 40 && venueLate == 0 ? "met" : "MISSED"],
            ]))
            """
    }

    static func measure(playlist: Playlist, followers count: Int = 20, rounds: Int = 3) throws -> CountInFigures {
        let loopback = try spread(playlist: playlist, followers: count, rounds: rounds, network: nil)
        let venue = try spread(playlist: playlist, followers: count, rounds: rounds, network: .venue)
        return CountInFigures(
            followers: count, rounds: rounds, p50Milliseconds: loopback.percentile(0.5), maximumMilliseconds: loopback.worst,
            spreadMilliseconds: loopback.spread, late: loopback.late, venueP50Milliseconds: venue.percentile(0.5),
            venueMaximumMilliseconds: venue.worst, venueSpreadMilliseconds: venue.spread, venueLate: venue.late)
    }

    struct Errors {
        /// How far each first beat was off, in milliseconds (signed).
        var offsets: [Double] = []
        var spread = 0.0
        var late = 0
        var worst: Double { offsets.map(abs).max() ?? .infinity }
        func percentile(_ p: Double) -> Double { FollowerFigures.Latencies(times: offsets.map(abs).sorted()).percentile(p) }
    }

    static func spread(playlist: Playlist, followers count: Int, rounds: Int, network: LossyNetwork.Conditions?) throws -> Errors {
        let broadcast = BandBroadcast()
        broadcast.publish(BandView(playlist: playlist, position: 1, notation: .english))
        let server = try BandPageServer(broadcast: broadcast, page: BandPageDocument.html, addresses: ["127.0.0.1"], port: 0)
        defer { server.stop() }
        let proxy = try network.map { try LossyNetwork(to: server.port, conditions: $0, random: SystemRandomNumberGenerator()) }
        defer { proxy?.stop() }
        let port = proxy?.port ?? server.port
        // Clocks from 5 s behind the laptop's to 4.5 s ahead of it, each its own.
        let phones = try (0..<count).map { index in
            try CountInPhone(
                skew: Double(index - count / 2) * 10_000 / Double(count) + 0.37 * Double(index), port: port, token: server.token)
        }
        var errors = Errors()
        for _ in 0..<rounds {
            // Every phone estimates anew (as the page does when its stream opens, and every minute),
            // all at once.
            let group = DispatchGroup()
            for phone in phones {
                group.enter()
                Thread.detachNewThread {
                    phone.estimate(port: port, token: server.token)
                    group.leave()
                }
            }
            group.wait()
            var view = BandView(playlist: playlist, position: 1, notation: .english)
            view.countIn = BandView.CountIn(start: BandClock.now + CountIn.lead * 1000, bpm: 120, beats: 4)
            let start = view.countIn!.start
            let beats = Beats(count: count)
            for (index, phone) in phones.enumerated() {
                group.enter()
                Thread.detachNewThread {
                    beats.note(index, phone.firstBeat())
                    group.leave()
                }
            }
            broadcast.publish(view)
            group.wait()
            let shown = beats.times.compactMap { $0 }
            errors.offsets += shown.map { $0 - start }
            errors.late += beats.times.count - shown.count
            errors.spread = max(errors.spread, (shown.max() ?? 0) - (shown.min() ?? 0))
            // The count-in is over: the phones are told.
            broadcast.publish(BandView(playlist: playlist, position: 1, notation: .english))
            Thread.sleep(forTimeInterval: 2.5)
        }
        return errors
    }
}

/// The laptop's clock when each phone showed its first beat (nil: its count-in came late).
private final class Beats: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var times: [Double?]
    init(count: Int) { times = Array(repeating: nil, count: count) }
    func note(_ index: Int, _ time: Double?) { lock.withLock { times[index] = time } }
}

/// One simulated phone: its own clock (the laptop's off by `skew`), its estimate of the laptop's,
/// and its event stream.
private final class CountInPhone: @unchecked Sendable {
    let skew: Double
    private let stream: Socket
    private var pending: [UInt8] = []
    private var offset: Double?

    init(skew: Double, port: Int, token: String) throws {
        self.skew = skew
        stream = try Self.request("GET /\(token)/events HTTP/1.1\r\nHost: bench\r\n\r\n", port: port)
    }

    deinit { try? stream.close() }

    /// The phone's own clock, in milliseconds.
    var clock: Double { BandClock.now + skew }

    /// Pings the laptop's clock as the page does and estimates its offset.
    func estimate(port: Int, token: String) {
        var samples: [ClockSample] = []
        for _ in 0..<BandClockEstimate.pings {
            if let sample = try? ping(port: port, token: token) { samples.append(sample) }
            usleep(30_000)
        }
        offset = BandClockEstimate.offset(samples)
    }

    /// One ping: from the request's first byte to the answer's first byte.
    private func ping(port: Int, token: String) throws -> ClockSample? {
        let socket = try Self.connect(port: port)
        defer { try? socket.close() }
        let sent = clock
        try Self.write("GET /\(token)/clock HTTP/1.1\r\nHost: bench\r\n\r\n", to: socket)
        var answer = try socket.read(atMost: 4096)
        let received = clock
        while let more = try? socket.read(atMost: 4096), !more.isEmpty { answer += more }
        let text = String(decoding: answer, as: UTF8.self)
        guard let body = text.components(separatedBy: "\r\n\r\n").last,
            let time = try? JSONDecoder().decode([String: Double].self, from: Data(body.utf8))["t"]
        else { return nil }
        return ClockSample(sent: sent, laptop: time, received: received)
    }

    /// Waits for the next count-in on the stream, then for its first beat on this phone's clock;
    /// the laptop's clock then, or nil when the count-in came after it.
    func firstBeat() -> Double? {
        guard let countIn = nextCountIn(), let offset else { return nil }
        let due = countIn.start - offset
        if due < clock - 20 { return nil }
        while true {
            let left = due - clock
            if left <= 0 { break }
            usleep(useconds_t(min(left, 1000) * 1000))
        }
        return BandClock.now
    }

    private struct Counted: Decodable {
        struct CountIn: Decodable { var start: Double }
        var countIn: CountIn?
    }

    private func nextCountIn() -> Counted.CountIn? {
        while true {
            while let end = Self.blankLine(in: pending) {
                let block = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeFirst(end + 2)
                guard block.contains("event: view"), let data = block.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }),
                    let countIn = try? JSONDecoder().decode(Counted.self, from: Data(data.dropFirst(6).utf8)).countIn
                else { continue }
                return countIn
            }
            guard let more = try? stream.read(atMost: 65536), !more.isEmpty else { return nil }
            pending += more
        }
    }

    private static func blankLine(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for index in 0..<(bytes.count - 1) where bytes[index] == 10 && bytes[index + 1] == 10 { return index }
        return nil
    }

    private static func connect(port: Int) throws -> Socket {
        let socket = try Socket(domain: AF_INET, type: .stream)
        try socket.connect(to: sockaddr_in.inet(ip4: "127.0.0.1", port: UInt16(port)))
        return socket
    }

    private static func request(_ text: String, port: Int) throws -> Socket {
        let socket = try connect(port: port)
        try write(text, to: socket)
        return socket
    }

    private static func write(_ text: String, to socket: Socket) throws {
        let data = Data(text.utf8)
        var index = 0
        while index < data.count { index = try socket.write(data, from: index) }
    }
}
