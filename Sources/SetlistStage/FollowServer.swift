import FlyingSocks
import Foundation

/// Serves the band's page while stage mode runs: the page, the stage view as JSON, and a stream of
/// server-sent events that follows ``StageBroadcast``. Read-only: nothing a request carries
/// changes anything. Every path starts with a random token; a request without it gets 403.
///
/// One thread accepts on every address; each connection has a thread of its own, so a slow or
/// hostile one (a huge head, a slowloris, random bytes) blocks nobody else. Heads are read within
/// ``headDeadline`` and ``RequestHead/limit``; at most ``maximumConnections`` are served at once.
public final class FollowServer: @unchecked Sendable {
    /// The most connections served at once; more are answered 503 and closed.
    public static let maximumConnections = 64
    /// How long a client has to send its request head.
    static let headDeadline: TimeInterval = 10
    /// How often an idle event stream gets a comment, so that a phone and the server both notice a
    /// dead connection.
    static let keepAlive: TimeInterval = 10

    /// The secret first part of every path (22 characters of base64url: 128 random bits).
    public let token: String
    /// The port served on, on every address.
    public let port: Int
    /// The addresses listened on.
    public let addresses: [String]

    private let broadcast: StageBroadcast
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
    public init(broadcast: StageBroadcast, page: String, addresses: [String], port: Int, token: String = FollowServer.newToken())
        throws(StageError)
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
        running.enter()
        Thread.detachNewThread { [self] in
            acceptLoop()
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

    private static func listen(on address: String, port: Int) throws(StageError) -> Socket {
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
                if code == EADDRINUSE { throw StageError.portInUse(port: port, address: address) }
                throw StageError.cannotBind(address: address, reason: message)
            } catch {
                try? socket.close()
                throw StageError.notAnAddress(address)
            }
            try socket.listen(maxPendingConnection: 64)
            return socket
        } catch let error as StageError {
            throw error
        } catch {
            throw .system("\(address): \(error)")
        }
    }

    private func acceptLoop() {
        var polled = listeners.map { pollfd(fd: $0.file.rawValue, events: Int16(POLLIN), revents: 0) }
        polled.append(pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0))
        while true {
            guard poll(&polled, nfds_t(polled.count), -1) >= 0 || errno == EINTR else { return }
            if polled.last!.revents != 0 { return }
            for index in listeners.indices where polled[index].revents != 0 {
                guard let (file, _) = try? listeners[index].accept() else { continue }
                admit(file.rawValue)
            }
        }
    }

    /// Serves a new connection on a thread of its own, or answers 503 when too many are open.
    private func admit(_ descriptor: Int32) {
        lock.lock()
        let admitted = !stopped && open.count < Self.maximumConnections
        if admitted { open.insert(descriptor) }
        lock.unlock()
        let connection = Socket(file: .init(rawValue: descriptor))
        Self.setTimeout(descriptor, SO_SNDTIMEO, seconds: 5)
        guard admitted else {
            Self.send(Self.response(503, "text/plain; charset=utf-8", Data("Too many connections; try again.\n".utf8)), on: connection)
            try? connection.close()
            return
        }
        running.enter()
        Thread.detachNewThread { [self] in
            serve(connection)
            lock.lock()
            open.remove(descriptor)
            lock.unlock()
            try? connection.close()
            running.leave()
        }
    }

    private func serve(_ connection: Socket) {
        Self.setTimeout(connection.file.rawValue, SO_RCVTIMEO, seconds: 1)
        let deadline = Date().addingTimeInterval(Self.headDeadline)
        var bytes: [UInt8] = []
        var head: RequestHead?
        while head == nil {
            do {
                head = try RequestHead(parsing: bytes)
            } catch .incomplete {
                guard Date() < deadline, !isStopped else { return }
                do {
                    bytes += try connection.read(atMost: 4096)
                } catch SocketError.blocked {
                    continue
                } catch {
                    return
                }
            } catch .tooLarge {
                return Self.answer(Self.response(431, "text/plain; charset=utf-8", Data("Request head too large.\n".utf8)), on: connection)
            } catch {
                return Self.answer(Self.response(400, "text/plain; charset=utf-8", Data("Bad request.\n".utf8)), on: connection)
            }
        }
        route(head!, on: connection)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func route(_ head: RequestHead, on connection: Socket) {
        let prefix = "/" + token
        guard Self.constantTimeHasPrefix(head.path, prefix) else {
            return Self.answer(Self.response(403, "text/plain; charset=utf-8", Data("Forbidden.\n".utf8)), on: connection)
        }
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
        case "/events" where body:
            stream(to: connection)
        default:
            Self.send(Self.response(404, "text/plain; charset=utf-8", Data("Not found.\n".utf8)), on: connection)
        }
    }

    /// Server-sent events: the view now at once, then every newer one, each written as soon as it
    /// is published (no buffering between: every write is one send).
    private func stream(to connection: Socket) {
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nCache-Control: no-store\r\n"
            + "Connection: close\r\nX-Accel-Buffering: no\r\n\r\nretry: 1500\n\n"
        guard Self.send(Data(head.utf8), on: connection) else { return }
        var sequence: Int?
        while true {
            switch broadcast.next(after: sequence, until: Date().addingTimeInterval(Self.keepAlive)) {
            case .view(let number, let json):
                sequence = number
                guard Self.send(Data("id: \(number)\nevent: view\ndata: ".utf8) + json + Data("\n\n".utf8), on: connection) else { return }
            case .quiet:
                guard Self.send(Data("event: ping\ndata: \n\n".utf8), on: connection) else { return }
            case .closed:
                _ = Self.send(Data("event: end\ndata: {}\n\n".utf8), on: connection)
                return
            }
        }
    }

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
