import FlyingSocks
import Foundation
import SetlistBandPage
import SetlistModel

/// What a stranger on the venue's Wi-Fi does to the band joining `live --serve`: the time from a
/// phone's connection to its first view, for 20 followers joining at once, five times over, alone
/// and while a stranger (other loopback addresses, 127.0.0.2 to .11) holds 500 idle connections
/// and reopens, each second, each one the server closed. Run in a child process (`--strangers`), as the
/// followers' benchmark is.
struct StrangerFigures: Codable {
    var followers: Int
    var rounds: Int
    /// Connections the stranger opened in all (the 500 and those reopened).
    var strangerConnections: Int
    var joinedAlone: Int
    var joinedWithStranger: Int
    /// Nil when none joined.
    var p50AloneMilliseconds: Double?
    var p99AloneMilliseconds: Double?
    var p50WithStrangerMilliseconds: Double?
    var p99WithStrangerMilliseconds: Double?

    /// Goal: no change. Every follower joins, and the slowest joins no more than 10 ms later (the
    /// scheduling noise of a busy 2-core machine).
    var met: Bool {
        joinedAlone == followers * rounds && joinedWithStranger == followers * rounds
            && (p99WithStrangerMilliseconds ?? .infinity) <= (p99AloneMilliseconds ?? 0) + 10
    }

    func table() -> String {
        let n = { (value: Double?) in value.map { Report.number($0) } ?? "—" }
        let attempts = followers * rounds
        return """

            live --serve: \(followers) followers joining at once (\(rounds) times) while a stranger holds 500 idle connections: no change

            \(Report.markdown([
                ["", "joined", "p50 ms", "p99 ms", ""],
                ["alone", "\(joinedAlone) of \(attempts)", n(p50AloneMilliseconds), n(p99AloneMilliseconds), ""],
                ["with the stranger (\(strangerConnections) connections)", "\(joinedWithStranger) of \(attempts)",
                 n(p50WithStrangerMilliseconds), n(p99WithStrangerMilliseconds), met ? "met" : "MISSED"],
            ]))
            """
    }

    static func measure(playlist: Playlist, followers count: Int = 20, rounds: Int = 5) throws -> StrangerFigures {
        let broadcast = BandBroadcast()
        broadcast.publish(BandView(playlist: playlist, position: 1, notation: .english))
        let server = try BandPageServer(broadcast: broadcast, page: BandPageDocument.html, addresses: ["127.0.0.1"], port: 0)
        defer { server.stop() }
        let alone = joins(count, rounds: rounds, server: server)
        let stranger = IdleStranger(port: server.port, addresses: (2...11).map { "127.0.0.\($0)" }, connections: 500)
        let crowded = joins(count, rounds: rounds, server: server)
        let opened = stranger.stop()
        func percentile(_ times: [Double], _ p: Double) -> Double? {
            times.isEmpty ? nil : times.sorted()[min(times.count - 1, Int(Double(times.count) * p))]
        }
        return StrangerFigures(
            followers: count, rounds: rounds, strangerConnections: opened, joinedAlone: alone.count, joinedWithStranger: crowded.count,
            p50AloneMilliseconds: percentile(alone, 0.5), p99AloneMilliseconds: percentile(alone, 0.99),
            p50WithStrangerMilliseconds: percentile(crowded, 0.5), p99WithStrangerMilliseconds: percentile(crowded, 0.99))
    }

    /// `count` followers joining at once, `rounds` times: each one's time to its first view, in ms
    /// (those that did not get one within 5 s are left out).
    static func joins(_ count: Int, rounds: Int, server: BandPageServer) -> [Double] {
        let joined = Joined()
        for _ in 0..<rounds {
            let group = DispatchGroup()
            for _ in 0..<count {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    let start = Date()
                    guard let reader = try? EventReader(port: server.port, token: server.token, timeout: 5) else { return }
                    reader.read(until: 1)
                    joined.add(reader, time: reader.arrivals[1] == nil ? nil : Date().timeIntervalSince(start) * 1000)
                }
            }
            group.wait()
            joined.closeAll()
            // The followers' places are given back within a second of their closing.
            Thread.sleep(forTimeInterval: 1.2)
        }
        return joined.times
    }
}

/// The followers that joined and their times, from the threads that joined them.
final class Joined: @unchecked Sendable {
    private let lock = NSLock()
    private var readers: [EventReader] = []
    private(set) var times: [Double] = []

    func add(_ reader: EventReader, time: Double?) {
        lock.lock()
        readers.append(reader)
        if let time { times.append(time) }
        lock.unlock()
    }

    /// Lets every follower go (each closes as it is freed).
    func closeAll() {
        lock.lock()
        readers = []
        lock.unlock()
    }
}

/// A stranger that holds `connections` idle connections from `addresses` and, each second, opens
/// a new one for each the server closed, until stopped.
final class IdleStranger: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var opened = 0
    private let done = DispatchGroup()

    init(port: Int, addresses: [String], connections: Int) {
        done.enter()
        Thread.detachNewThread { [self] in
            var held: [Socket] = []
            while !isStopped {
                while held.count < connections {
                    let address = addresses[opened % addresses.count]
                    guard let socket = try? Socket(domain: AF_INET, type: .stream) else { break }
                    do {
                        try socket.bind(to: sockaddr_in.inet(ip4: address, port: 0))
                        try socket.connect(to: sockaddr_in.inet(ip4: "127.0.0.1", port: UInt16(port)))
                        held.append(socket)
                    } catch {
                        try? socket.close()
                    }
                    lock.lock()
                    opened += 1
                    lock.unlock()
                }
                // The ones the server closed are reopened, once a second.
                let round = Date().addingTimeInterval(1)
                while Date() < round, !isStopped {
                    var polled = held.map { pollfd(fd: $0.file.rawValue, events: Int16(POLLIN), revents: 0) }
                    _ = poll(&polled, nfds_t(polled.count), 100)
                    for index in polled.indices.reversed() where polled[index].revents != 0 {
                        try? held[index].close()
                        held.remove(at: index)
                    }
                }
            }
            for socket in held { try? socket.close() }
            done.leave()
        }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Stops and closes every connection; returns how many were opened in all.
    func stop() -> Int {
        lock.lock()
        stopped = true
        lock.unlock()
        done.wait()
        return opened
    }
}
