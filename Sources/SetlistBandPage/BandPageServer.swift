import FlyingSocks
import Foundation

/// Serves the band page while stage mode runs: the page, the band's view as JSON, a stream of
/// server-sent events that follows ``BandBroadcast``, and the laptop's clock (``BandClock``). Read-only: nothing a request carries
/// changes anything. Every path starts with a random token; a request without it gets 403.
///
/// One thread, the door (``BandPageGate``), accepts on every address and reads each request head,
/// under a short deadline and limits per address, without a thread or a follower's place for it:
/// only a request that carries the token gets a thread of its own, at most
/// ``maximumConnections`` at once, so that nobody without the token can keep the band out. A
/// follower that is gone gives its place back at once when it closed (a reload, a locked
/// screen), and when the heartbeat it was last sent goes unacknowledged for ``deadPeerTimeout``
/// when it vanished without closing (out of the Wi-Fi's reach).
public final class BandPageServer: @unchecked Sendable {
    /// The most connections with the token served at once; more are answered 503.
    public static let maximumConnections = 64
    /// How often an idle event stream gets a `heartbeat` event: the page expects one every few
    /// seconds and starts anew when none came (iPhone Safari drops a stream when the screen locks
    /// and says nothing), and the server notices a dead connection.
    public static let heartbeat: TimeInterval = 3
    /// How long data sent to a follower may go unacknowledged before its connection is given up
    /// (`TCP_USER_TIMEOUT`): a phone that left the Wi-Fi without closing.
    static let deadPeerTimeout: TimeInterval = 5
    /// How often a waiting event stream looks whether its follower closed.
    static let closedCheck: TimeInterval = 1

    /// The secret first part of every path (22 characters of base64url: 128 random bits).
    public let token: String
    /// The port served on, on every address.
    public let port: Int
    /// The addresses listened on.
    public let addresses: [String]

    private let broadcast: BandBroadcast
    private let page: Data
    private var listeners: [Socket] = []
    private let wake: (read: Int32, write: Int32)
    // Guarded by `lock`.
    private let lock = NSLock()
    private var open: Set<Int32> = []
    private var stopped = false
    private let running = DispatchGroup()

    /// Listens on `addresses` (IPv4 or IPv6 literals) at `port` (0: one the system picks, the
    /// same on every address) and starts serving `page` and `broadcast`.
    public init(broadcast: BandBroadcast, page: String, addresses: [String], port: Int, token: String = BandPageServer.newToken())
        throws(BandPageError)
    {
        self.broadcast = broadcast
        self.page = Data(page.utf8)
        self.token = token
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw .system("pipe: " + String(cString: strerror(errno))) }
        wake = (pipeEnds[0], pipeEnds[1])
        var chosen = port
        do {
            for address in addresses {
                let socket = try Self.listen(on: address, port: chosen)
                listeners.append(socket)
                // Port 0: the system's pick on the first address is the port of every other.
                if chosen == 0, let bound = try? socket.sockname() {
                    switch bound {
                    case .ip4(_, let picked), .ip6(_, let picked): chosen = Int(picked)
                    case .unix: break
                    }
                }
            }
        } catch {
            for socket in listeners { try? socket.close() }
            close(wake.read)
            close(wake.write)
            throw error
        }
        self.port = chosen
        self.addresses = addresses
        let gate = BandPageGate(listeners: listeners, wake: wake.read, token: token) { [unowned self] head, connection in
            admit(head, connection)
        }
        running.enter()
        Thread.detachNewThread { [self] in
            gate.run()
            running.leave()
        }
    }

    /// "http://192.168.1.20:8765/TOKEN/" for `address`.
    public func url(for address: String) -> String {
        let host = address.contains(":") ? "[\(address)]" : address
        return "http://\(host):\(port)/\(token)/"
    }

    /// Closes every listening socket and connection; returns once no thread of the server runs
    /// (or after two seconds, if one is stuck in the system).
    public func stop() {
        lock.lock()
        let already = stopped
        stopped = true
        lock.unlock()
        guard !already else { return }
        // The streams say "end" (the page then stops reconnecting); whatever is still open a
        // moment later is cut.
        broadcast.close()
        _ = write(wake.write, "x", 1)
        if running.wait(timeout: .now() + 0.3) == .timedOut {
            lock.lock()
            for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
            lock.unlock()
            _ = running.wait(timeout: .now() + 2)
        }
        for socket in listeners { try? socket.close() }
        close(wake.read)
        close(wake.write)
    }

    deinit { stop() }

    /// A new token: 128 random bits in base64url.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func listen(on address: String, port: Int) throws(BandPageError) -> Socket {
        let isIPv6 = address.contains(":")
        do {
            let socket = try Socket(domain: isIPv6 ? AF_INET6 : AF_INET, type: .stream)
            try socket.setValue(true, for: .localAddressReuse)
            do {
                if isIPv6 {
                    try socket.bind(to: sockaddr_in6.inet6(ip6: address, port: UInt16(port)))
                } else {
                    try socket.bind(to: sockaddr_in.inet(ip4: address, port: UInt16(port)))
                }
            } catch SocketError.failed(type: "Bind", errno: let code, message: let message) {
                try? socket.close()
                if code == EADDRINUSE { throw BandPageError.portInUse(port: port, address: address) }
                throw BandPageError.cannotBind(address: address, reason: message)
            } catch {
                try? socket.close()
                throw BandPageError.notAnAddress(address)
            }
            // Room for a burst of strangers' connections: the door takes them off the queue fast.
            try socket.listen(maxPendingConnection: 1024)
            return socket
        } catch let error as BandPageError {
            throw error
        } catch {
            throw .system("\(address): \(error)")
        }
    }

    /// Serves a request with the token on a thread of its own; false when
    /// ``maximumConnections`` are served already (the door answers 503).
    private func admit(_ head: RequestHead, _ connection: Socket) -> Bool {
        let descriptor = connection.file.rawValue
        lock.lock()
        let admitted = !stopped && open.count < Self.maximumConnections
        if admitted { open.insert(descriptor) }
        lock.unlock()
        guard admitted else { return false }
        Self.setTimeout(descriptor, SO_SNDTIMEO, seconds: 5)
        var timeout = UInt32(Self.deadPeerTimeout * 1000)
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_USER_TIMEOUT, &timeout, socklen_t(MemoryLayout<UInt32>.size))
        running.enter()
        Thread.detachNewThread { [self] in
            route(head, on: connection)
            lock.lock()
            open.remove(descriptor)
            lock.unlock()
            try? connection.close()
            running.leave()
        }
        return true
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Answers a request whose path starts with the token (the door saw to it).
    private func route(_ head: RequestHead, on connection: Socket) {
        let prefix = "/" + token
        guard head.method == "GET" || head.method == "HEAD" else {
            return Self.answer(
                Self.response(405, "text/plain; charset=utf-8", Data("Only GET.\n".utf8), extra: "Allow: GET, HEAD\r\n"), on: connection)
        }
        let body = head.method == "GET"
        switch head.path.dropFirst(prefix.count) {
        case "":
            Self.send(Self.response(301, "text/plain; charset=utf-8", Data(), extra: "Location: \(prefix)/\r\n"), on: connection)
        case "/":
            Self.send(Self.response(200, "text/html; charset=utf-8", page, body: body), on: connection)
        case "/state":
            let json = broadcast.current?.json() ?? Data("null".utf8)
            Self.send(Self.response(200, "application/json", json, body: body), on: connection)
        case "/clock":
            // Stamped as late as can be: the phone takes the laptop's time to lie halfway.
            Self.send(Self.response(200, "application/json", BandClock.answer(), body: body), on: connection)
        case "/events" where body:
            stream(to: connection)
        case "/events":
            Self.send(Data(Self.streamHead.utf8), on: connection)
        default:
            Self.send(Self.response(404, "text/plain; charset=utf-8", Data("Not found.\n".utf8)), on: connection)
        }
    }

    /// Server-sent events: the head and `retry` at once (Safari reports a stream open only once
    /// bytes came), the view now, then every newer one, each written as soon as it is published
    /// (no buffering between: every write is one send), and a heartbeat when nothing else went.
    private func stream(to connection: Socket) {
        guard Self.send(Data((Self.streamHead + "retry: 1500\n\n").utf8), on: connection) else { return }
        var sequence: Int?
        var ping = Date().addingTimeInterval(Self.heartbeat)
        while true {
            switch broadcast.next(after: sequence, until: min(ping, Date().addingTimeInterval(Self.closedCheck))) {
            case .view(let number, let json):
                sequence = number
                ping = Date().addingTimeInterval(Self.heartbeat)
                guard Self.send(Data("id: \(number)\nevent: view\ndata: ".utf8) + json + Data("\n\n".utf8), on: connection) else { return }
            case .quiet:
                // Gone: its place is given back now, not at the next write.
                if Self.isGone(connection) { return }
                guard Date() >= ping else { continue }
                ping = Date().addingTimeInterval(Self.heartbeat)
                guard Self.send(Data("event: heartbeat\ndata: \n\n".utf8), on: connection) else { return }
            case .closed:
                _ = Self.send(Data("event: end\ndata: {}\n\n".utf8), on: connection)
                return
            }
        }
    }

    /// What a follower gets when every place is taken: not an HTTP error (a browser's event source
    /// then gives up for good) but a stream that ends at once and says to come back in a moment.
    static let comeBackSoon = streamHead + "retry: 2000\n\n"

    /// The head of an event stream (what `HEAD` on it gets).
    static let streamHead =
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nCache-Control: no-store\r\n"
        + "Connection: close\r\nX-Accel-Buffering: no\r\n\r\n"

    static func response(_ status: Int, _ type: String, _ content: Data, body: Bool = true, extra: String = "") -> Data {
        let reason =
            [
                200: "OK", 301: "Moved Permanently", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
                431: "Request Header Fields Too Large", 503: "Service Unavailable",
            ][status] ?? "Error"
        // no-referrer: the token in the address never leaves in a Referer; the policy keeps the
        // page from loading anything from elsewhere.
        let head =
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(type)\r\nContent-Length: \(content.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
            + "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'\r\n"
            + extra + "\r\n"
        return Data(head.utf8) + (body ? content : Data())
    }

    /// Writes a whole response and nothing more.
    static func answer(_ response: Data, on connection: Socket) {
        send(response, on: connection)
    }

    /// Writes all of `data`; false when the connection is gone or stalled past its send timeout.
    @discardableResult
    static func send(_ data: Data, on connection: Socket) -> Bool {
        var index = data.startIndex
        while index < data.endIndex {
            guard let next = try? connection.write(data, from: index) else { return false }
            index = next
        }
        return true
    }

    /// Whether the follower at the other end closed (or reset) its connection, or the system
    /// gave it up (``deadPeerTimeout``). An event stream's client sends nothing after its request,
    /// so anything readable means it ended.
    static func isGone(_ connection: Socket) -> Bool {
        // POLLRDHUP (Linux, 0x2000): the other end shut down its writing side.
        var polled = pollfd(fd: connection.file.rawValue, events: Int16(POLLIN) | 0x2000, revents: 0)
        return poll(&polled, 1, 0) > 0 && polled.revents != 0
    }

    static func setTimeout(_ descriptor: Int32, _ option: Int32, seconds: Int) {
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, option, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Whether `path` starts with `prefix`, in a time that does not tell how much of it matched.
    static func constantTimeHasPrefix(_ path: String, _ prefix: String) -> Bool {
        let given = Array(path.utf8), wanted = Array(prefix.utf8)
        var difference = UInt8(given.count >= wanted.count ? 0 : 1)
        for index in wanted.indices { difference |= wanted[index] ^ (index < given.count ? given[index] : 0) }
        return difference == 0 && (given.count == wanted.count || given[wanted.count] == UInt8(ascii: "/"))
    }
}
