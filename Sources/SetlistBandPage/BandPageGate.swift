import FlyingSocks
import Foundation

/// The door of ``BandPageServer``: one thread that accepts every connection and reads its request
/// head, without a thread or a follower's place for any of them, and hands on only the requests
/// that carry the token. So no client without the token (a stranger's laptop on the venue's Wi-Fi
/// opening hundreds of idle connections, half requests, wrong tokens) can keep the band out:
///
/// - a head must come whole within ``headDeadline``; a connection still without one is closed;
/// - one address has at most ``waitingPerAddress`` connections waiting here, and all addresses
///   together ``waitingLimit``; past either, the one waiting longest is closed (a phone sends its
///   head as soon as it connects, so it is never the one waiting longest);
/// - a head whose path lacks the token is answered 403 and closed at once;
/// - what is refused after its head was read (too large: 431, not HTTP: 400, no place left: 503)
///   gets its answer, and the connection is closed only after what the client still sends was
///   read (for at most ``lingerTime``), so that it reads the status rather than a reset.
final class BandPageGate: @unchecked Sendable {
    /// How long a client has to send its whole request head: short, yet room for a head sent
    /// again twice over a venue's lossy Wi-Fi (a waiting connection holds no follower's place).
    static let headDeadline: TimeInterval = 5
    /// The most connections one address may have waiting for their heads (a browser opens six at most).
    static let waitingPerAddress = 8
    /// The most connections waiting for their heads from all addresses.
    static let waitingLimit = 256
    /// How long an answered refusal is read from before it is closed.
    static let lingerTime: TimeInterval = 1
    /// The most bytes read from an answered refusal before it is closed.
    static let lingerBytes = 1 << 20

    /// A connection at the door.
    private struct Visitor {
        var socket: Socket
        var address: [UInt8]
        var since: Date
        var deadline: Date
        var bytes: [UInt8] = []
        /// Answered and half closed: read until the client closes too, then closed.
        var lingering = false
        var drained = 0
    }

    private let listeners: [Socket]
    private let wake: Int32
    private let token: String
    /// Takes a request with the token; false when no follower's place is free.
    private let admit: (RequestHead, Socket) -> Bool
    private var visitors: [Int32: Visitor] = [:]
    private var perAddress: [[UInt8]: Int] = [:]
    /// Accepting waits until then after the process ran out of descriptors.
    private var acceptPausedUntil = Date.distantPast

    init(listeners: [Socket], wake: Int32, token: String, admit: @escaping (RequestHead, Socket) -> Bool) {
        self.listeners = listeners
        self.wake = wake
        self.token = token
        self.admit = admit
        for listener in listeners { try? listener.setFlags(.nonBlocking) }
    }

    /// Serves the door until the wake descriptor becomes readable; then closes every connection
    /// still at it.
    func run() {
        defer {
            for descriptor in Array(visitors.keys) { drop(descriptor) }
        }
        while true {
            let now = Date()
            let accepting = now >= acceptPausedUntil
            var polled = (accepting ? listeners : []).map { pollfd(fd: $0.file.rawValue, events: Int16(POLLIN), revents: 0) }
            polled.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0))
            let waiting = Array(visitors.keys)
            polled += waiting.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            var next = visitors.values.map(\.deadline).min()
            if !accepting { next = min(next ?? acceptPausedUntil, acceptPausedUntil) }
            let timeout = next.map { Int32(max(0, min(1000, $0.timeIntervalSince(now) * 1000 + 1))) } ?? -1
            guard poll(&polled, nfds_t(polled.count), timeout) >= 0 || errno == EINTR else { return }
            let listened = accepting ? listeners.count : 0
            if polled[listened].revents != 0 { return }
            for index in 0..<listened where polled[index].revents != 0 { acceptAll(from: listeners[index]) }
            for (offset, descriptor) in waiting.enumerated() where polled[listened + 1 + offset].revents != 0 {
                read(descriptor)
            }
            let late = Date()
            for (descriptor, visitor) in visitors where visitor.deadline <= late { drop(descriptor) }
        }
    }

    /// Accepts what is waiting on `listener` (a few hundred at most a round, so that the heads
    /// already here are read too).
    private func acceptAll(from listener: Socket) {
        for _ in 0..<256 {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let descriptor = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener.file.rawValue, $0, &length) }
            }
            guard descriptor >= 0 else {
                if errno == EMFILE || errno == ENFILE {
                    // Out of descriptors: the oldest waiting goes, and accepting rests a moment
                    // rather than spinning on a listener it cannot take from.
                    if let oldest = visitors.min(by: { $0.value.since < $1.value.since })?.key { drop(oldest) }
                    acceptPausedUntil = Date().addingTimeInterval(0.05)
                }
                return
            }
            let address = Self.addressKey(storage)
            // Past a limit, the connection waiting longest goes: a client that sends its head as
            // it connects is never that one.
            if perAddress[address, default: 0] >= Self.waitingPerAddress,
                let oldest = visitors.filter({ $0.value.address == address }).min(by: { $0.value.since < $1.value.since })?.key
            {
                drop(oldest)
            }
            if visitors.count >= Self.waitingLimit, let oldest = visitors.min(by: { $0.value.since < $1.value.since })?.key {
                drop(oldest)
            }
            // Not inherited by any program this process starts.
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            let socket = Socket(file: .init(rawValue: descriptor))
            try? socket.setFlags(Socket.Flags.nonBlocking)
            let now = Date()
            visitors[descriptor] = Visitor(
                socket: socket, address: address, since: now, deadline: now.addingTimeInterval(Self.headDeadline))
            perAddress[address, default: 0] += 1
            // A browser's head is usually here already.
            read(descriptor)
        }
    }

    /// Reads what came on `descriptor`: more of its head (then what the head asks), or what a
    /// refused client still sends.
    private func read(_ descriptor: Int32) {
        guard var visitor = visitors[descriptor] else { return }
        let chunk: [UInt8]
        do {
            chunk = try visitor.socket.read(atMost: 4096)
        } catch SocketError.blocked {
            return
        } catch {
            return drop(descriptor)
        }
        if visitor.lingering {
            visitor.drained += chunk.count
            if visitor.drained >= Self.lingerBytes { return drop(descriptor) }
            visitors[descriptor] = visitor
            return
        }
        visitor.bytes += chunk
        visitors[descriptor] = visitor
        do {
            let head = try RequestHead(parsing: visitor.bytes)
            guard BandPageServer.constantTimeHasPrefix(head.path, "/" + token) else {
                // A stranger, or a phone with an address of another run: answered and gone at once.
                send(BandPageServer.response(403, "text/plain; charset=utf-8", Data("Forbidden.\n".utf8)), to: visitor.socket)
                return drop(descriptor)
            }
            hand(descriptor, head)
        } catch .incomplete {
            return
        } catch .tooLarge {
            refuse(descriptor, BandPageServer.response(431, "text/plain; charset=utf-8", Data("Request head too large.\n".utf8)))
        } catch {
            refuse(descriptor, BandPageServer.response(400, "text/plain; charset=utf-8", Data("Bad request.\n".utf8)))
        }
    }

    /// Hands a request with the token to the server; when no follower's place is free, answers 503,
    /// or to the event stream an empty stream that says when to come back (never an HTTP error to
    /// a follower: a browser's event source stops retrying after one).
    private func hand(_ descriptor: Int32, _ head: RequestHead) {
        guard let visitor = visitors.removeValue(forKey: descriptor) else { return }
        forget(visitor.address)
        // Blocking again: the follower's thread writes with a timeout of its own.
        try? visitor.socket.setFlags([])
        if admit(head, visitor.socket) { return }
        try? visitor.socket.setFlags(.nonBlocking)
        visitors[descriptor] = visitor
        perAddress[visitor.address, default: 0] += 1
        let follower = head.path == "/" + token + "/events" && head.method == "GET"
        refuse(
            descriptor,
            follower
                ? Data(BandPageServer.comeBackSoon.utf8)
                : BandPageServer.response(
                    503, "text/plain; charset=utf-8", Data("Too many connections; try again.\n".utf8), extra: "Retry-After: 2\r\n"))
    }

    /// Answers `response`, half closes, and reads what the client still sends until it closes or
    /// ``lingerTime`` passes, so that it reads the answer rather than a reset.
    private func refuse(_ descriptor: Int32, _ response: Data) {
        guard var visitor = visitors[descriptor] else { return }
        send(response, to: visitor.socket)
        shutdown(descriptor, Int32(SHUT_WR))
        visitor.lingering = true
        visitor.deadline = Date().addingTimeInterval(Self.lingerTime)
        visitors[descriptor] = visitor
    }

    /// Writes what the socket takes now of a short answer (it fits an empty send buffer).
    private func send(_ data: Data, to socket: Socket) {
        var index = data.startIndex
        while index < data.endIndex, let next = try? socket.write(data, from: index) { index = next }
    }

    private func drop(_ descriptor: Int32) {
        guard let visitor = visitors.removeValue(forKey: descriptor) else { return }
        forget(visitor.address)
        try? visitor.socket.close()
    }

    private func forget(_ address: [UInt8]) {
        let left = perAddress[address, default: 1] - 1
        perAddress[address] = left > 0 ? left : nil
    }

    /// What counts as one address: an IPv4 address; for IPv6 its /64, which one device's
    /// temporary addresses share (an IPv4 address mapped into IPv6 counts as itself).
    static func addressKey(_ storage: sockaddr_storage) -> [UInt8] {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafeBytes(of: &storage) { raw in
                Array(raw.load(as: sockaddr_in.self).sin_addr.s_addr.bigEndian.bytes)
            }
        case AF_INET6:
            let bytes = withUnsafeBytes(of: &storage) { raw in
                withUnsafeBytes(of: raw.load(as: sockaddr_in6.self).sin6_addr) { Array($0) }
            }
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return Array(bytes[12...]) }
            return Array(bytes[0..<8])
        default:
            return []
        }
    }
}

extension UInt32 {
    /// The four bytes, most significant first.
    fileprivate var bytes: [UInt8] { [UInt8(self >> 24), UInt8((self >> 16) & 0xFF), UInt8((self >> 8) & 0xFF), UInt8(self & 0xFF)] }
}
