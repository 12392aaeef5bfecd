import Foundation

/// A venue's Wi-Fi between the band's phones and the laptop, for the tests and the benchmarks:
/// a TCP proxy on loopback that forwards to a port and can hold each chunk a while (jitter),
/// stall a connection now and then (what TCP does under loss), forward nothing for a while (an
/// outage: held data goes on afterwards), and leave the connections open now silent for good
/// (a phone's screen locked, or its Wi-Fi gone: nothing closes, nothing comes). This machine's
/// kernel has no `netem`, so the network is emulated here.
public final class LossyNetwork: @unchecked Sendable {
    /// How the network treats what it carries.
    public struct Conditions: Sendable {
        /// Each chunk is held this long, in seconds, drawn evenly (order is kept).
        public var delay: ClosedRange<Double>
        /// How often a connection stalls, on average, in seconds between stalls (0: never), and
        /// for how long at most: a stall holds the chunk that meets it and everything after it.
        public var stallEvery: Double
        public var stallLongest: Double

        public init(delay: ClosedRange<Double> = 0...0, stallEvery: Double = 0, stallLongest: Double = 0) {
            (self.delay, self.stallEvery, self.stallLongest) = (delay, stallEvery, stallLongest)
        }

        /// Loopback as it is.
        public static let perfect = Conditions()
        /// A venue's Wi-Fi: each chunk held 100 ± 50 ms, and a stall of up to a second every 5
        /// seconds or so.
        public static let venue = Conditions(delay: 0.05...0.15, stallEvery: 5, stallLongest: 1)
    }

    /// The port phones connect to, on 127.0.0.1.
    public let port: Int
    private let target: Int
    private let conditions: Conditions
    private let listener: Int32
    // Guarded by `lock`.
    private let lock = NSLock()
    private var random: Drawn
    private var sockets: [Int32] = []
    private var silenced: Set<Int32> = []
    /// Whether the Wi-Fi is dead now: nothing is carried on any connection.
    private var wifiDead = false
    /// Whether the next request for `marker` is lost (``loseNextRequest(for:)``).
    private var lostRequest: [UInt8]?
    private var outageUntil = Date.distantPast
    private var stopped = false
    private var carriedUp = 0

    /// Listens on a free port of 127.0.0.1 and forwards to `port` there under `conditions`,
    /// drawing from `random`.
    public init(to port: Int, conditions: Conditions = .perfect, random: some RandomNumberGenerator) throws {
        target = port
        self.conditions = conditions
        self.random = Drawn(random)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 256) == 0 else {
            close(listener)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        self.port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in accept() }
    }

    deinit { stop() }

    /// The bytes the phones sent so far (their requests): what the laptop heard from them.
    public var bytesFromPhones: Int { lock.withLock { carriedUp } }

    /// Forwards nothing, either way, for `seconds`; what was held or sent meanwhile goes on after.
    public func outage(seconds: TimeInterval) {
        lock.withLock { outageUntil = Date().addingTimeInterval(seconds) }
    }

    /// The Wi-Fi goes dead: the connections open now carry nothing more for good, and none is
    /// closed (what a phone whose screen locked leaves behind); those made until ``resume()`` carry
    /// nothing until then (a browser opens spare connections ahead: once the Wi-Fi is back, they
    /// work, as TCP's retries would make them).
    public func goDead() {
        lock.withLock {
            wifiDead = true
            silenced.formUnion(sockets)
        }
    }

    /// The Wi-Fi is back: connections made since it went dead, and new ones, are carried (the dead
    /// ones stay dead).
    public func resume() { lock.withLock { wifiDead = false } }

    /// The next request whose first bytes hold `marker` (a path, say) goes onto a connection that
    /// carries nothing for good, either way: what happens when a browser sends a request on a
    /// connection it opened ahead of time and the dead Wi-Fi left behind. The browser is told
    /// nothing and waits for an answer that never comes.
    public func loseNextRequest(for marker: String) {
        lock.withLock { lostRequest = Array(marker.utf8) }
    }

    /// Closes every connection and the port.
    public func stop() {
        // Under the lock: a pump closes its sockets under it too, so no number shut down here
        // can be another's that took it meanwhile.
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            for descriptor in sockets + [listener] { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
        // The pumps close their sockets as they end; the listener is the accept thread's.
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private func accept() {
        var count = 0
        while true {
            let phone = Glibc.accept(listener, nil, nil)
            guard phone >= 0 else {
                // Only stop() ends the loop (it shut the listener down; it touches it no more).
                if lock.withLock({ stopped }) { break }
                usleep(10_000)
                continue
            }
            let laptop = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            // Each connection from a loopback address of its own, as each phone has its own: the
            // server limits what one address may hold waiting.
            count += 1
            var source = Self.loopback(port: 0)
            source.sin_addr.s_addr = inet_addr("127.0.\(1 + count / 250 % 250).\(1 + count % 250)")
            _ = withUnsafePointer(to: &source) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(laptop, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            var address = Self.loopback(port: target)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(laptop, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            var on: Int32 = 1
            for descriptor in [phone, laptop] {
                setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            }
            let admitted = lock.withLock { () -> Bool in
                guard !stopped, connected == 0 else { return false }
                sockets += [phone, laptop]
                return true
            }
            guard admitted else {
                close(phone)
                close(laptop)
                continue
            }
            let ends = Ends()
            Thread.detachNewThread { [self] in pump(from: phone, to: laptop, ends, asking: true) }
            Thread.detachNewThread { [self] in pump(from: laptop, to: phone, ends, asking: false) }
        }
        close(listener)
    }

    /// A generator of any type, kept as a value (the network draws from it under its lock).
    private struct Drawn: RandomNumberGenerator {
        var generator: any RandomNumberGenerator
        init(_ generator: some RandomNumberGenerator) { self.generator = generator }
        mutating func next() -> UInt64 { generator.next() }
    }

    /// Both directions of a connection: the last pump to end closes both sockets.
    private final class Ends: @unchecked Sendable {
        let lock = NSLock()
        var running = 2
    }

    /// Carries one direction: reads what comes, holds each chunk until its time, writes it.
    /// `asking`: from the phone, whose first chunk is its request.
    private func pump(from source: Int32, to destination: Int32, _ ends: Ends, asking: Bool) {
        var firstChunk = asking
        var held: [(due: Date, bytes: [UInt8])] = []
        var lastDue = Date.distantPast, lastChunk = Date()
        var readOpen = true
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        loop: while true {
            let (dead, outage, stop) = lock.withLock { (silenced.contains(source) || wifiDead, outageUntil, stopped) }
            if stop { break }
            let now = Date()
            // Due chunks go on, unless the network is out or this connection is dead.
            if !dead, now >= outage {
                while let first = held.first, first.due <= now {
                    held.removeFirst()
                    var offset = 0
                    while offset < first.bytes.count {
                        let written = first.bytes[offset...].withUnsafeBytes {
                            send(destination, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                        }
                        guard written > 0 else { break loop }
                        offset += written
                    }
                }
                if !readOpen && held.isEmpty {
                    shutdown(destination, Int32(SHUT_WR))
                    break
                }
            }
            let wait = held.first.map { max(0, min(50, Int($0.due.timeIntervalSince(now) * 1000) + 1)) } ?? 50
            var polled = pollfd(fd: source, events: Int16(POLLIN), revents: 0)
            guard readOpen, poll(&polled, 1, Int32(wait)) > 0 else {
                if !readOpen { usleep(UInt32(wait) * 1000) }
                continue
            }
            let count = recv(source, &buffer, buffer.count, 0)
            if count <= 0 {
                readOpen = false
                continue
            }
            if firstChunk {
                firstChunk = false
                let request = buffer[..<count]
                lock.withLock {
                    guard let marker = lostRequest, request.firstRange(of: marker) != nil else { return }
                    lostRequest = nil
                    silenced.formUnion([source, destination])
                }
            }
            let arrived = Date()
            let due = lock.withLock { () -> Date in
                if asking { carriedUp += count }
                var delay = Double.random(in: conditions.delay, using: &random)
                // A stall comes with the time that passed, not with the number of chunks.
                let chance = conditions.stallEvery > 0 ? arrived.timeIntervalSince(lastChunk) / conditions.stallEvery : 0
                if Double.random(in: 0..<1, using: &random) < chance {
                    delay += Double.random(in: 0...conditions.stallLongest, using: &random)
                }
                return arrived.addingTimeInterval(delay)
            }
            lastChunk = arrived
            lastDue = max(lastDue, due)
            held.append((lastDue, Array(buffer[..<count])))
        }
        let last = ends.lock.withLock { () -> Bool in
            ends.running -= 1
            return ends.running == 0
        }
        guard last else { return }
        // A dead connection stays open until the network stops: nothing closes it, as on a phone.
        while lock.withLock({ silenced.contains(source) && !stopped }) { usleep(100_000) }
        lock.withLock {
            sockets.removeAll { $0 == source || $0 == destination }
            silenced.subtract([source, destination])
            close(source)
            close(destination)
        }
    }
}
