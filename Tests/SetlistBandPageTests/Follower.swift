import FlyingSocks
import Foundation
import SetlistBandPage

/// A test's client of the band page's server: plain requests, and an event stream read event by event.
final class Follower {
    let socket: Socket
    private var buffer: [UInt8] = []

    /// Connected to 127.0.0.1 at `port` from `source` (another loopback address stands for
    /// another device on the Wi-Fi), reads timing out after `timeout` seconds.
    init(port: Int, from source: String = "127.0.0.1", timeout: Int = 5) throws {
        socket = try Socket(domain: AF_INET, type: .stream)
        do {
            try socket.bind(to: sockaddr_in.inet(ip4: source, port: 0))
            try socket.connect(to: sockaddr_in.inet(ip4: "127.0.0.1", port: UInt16(port)))
        } catch {
            // Through close(): deinit runs after a throwing init too, and must not close again.
            close()
            throw error
        }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        _ = setsockopt(socket.file.rawValue, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    private var closed = false

    deinit { close() }

    /// Closes the connection once: a second close would close whatever file took its number
    /// meanwhile, in another test running beside this one.
    func close() {
        guard !closed else { return }
        closed = true
        try? socket.close()
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var index = 0
        let data = Data(bytes)
        while index < data.count { index = try socket.write(data, from: index) }
    }

    /// Whether the last ``readAll()`` ended because the server closed (or reset) the connection,
    /// not because nothing came in time.
    private(set) var isClosed = false

    /// Whether the server has closed the connection by now (without waiting).
    func closedNow() -> Bool {
        var polled = pollfd(fd: socket.file.rawValue, events: Int16(POLLIN), revents: 0)
        guard poll(&polled, 1, 0) > 0 else { return false }
        _ = readAll()
        return isClosed
    }

    /// Everything until the server closes (or the read times out).
    func readAll() -> String {
        while true {
            do {
                buffer += try socket.read(atMost: 65536)
            } catch SocketError.blocked {
                isClosed = false
                break
            } catch {
                isClosed = true
                break
            }
        }
        defer { buffer = [] }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// A whole response to `GET path`: the status and the body.
    static func get(_ path: String, port: Int) throws -> (status: Int, head: String, body: String) {
        let follower = try Follower(port: port)
        try follower.send("GET \(path) HTTP/1.1\r\nHost: test\r\n\r\n")
        let whole = follower.readAll()
        let parts = whole.components(separatedBy: "\r\n\r\n")
        let status = Int(whole.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, parts.first ?? "", parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// Opens the event stream of `token`.
    static func events(token: String, port: Int, from source: String = "127.0.0.1", timeout: Int = 5) throws -> Follower {
        let follower = try Follower(port: port, from: source, timeout: timeout)
        try follower.send("GET /\(token)/events HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n\r\n")
        return follower
    }

    /// The next event: its name and data (the response head and `retry` are skipped); nil when
    /// the stream ended or nothing came in time.
    func nextEvent() -> (name: String, data: String)? {
        while true {
            if let end = Self.blankLine(in: buffer) {
                let block = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                var name = "message", data: [String] = []
                for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
                }
                if block.hasPrefix("HTTP/1.1") || data.isEmpty && name == "message" { continue }
                return (name, data.joined(separator: "\n"))
            }
            guard let more = try? socket.read(atMost: 65536) else { return nil }
            buffer += more
        }
    }

    /// The next event, waiting up to `seconds` for it (whatever the read timeout).
    func nextEventWaiting(_ seconds: TimeInterval) -> (name: String, data: String)? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let event = nextEvent() { return event }
        }
        return nil
    }

    /// The next view event, decoded.
    func nextView() -> BandView? {
        while let event = nextEvent() {
            if event.name == "view" { return try? JSONDecoder().decode(BandView.self, from: Data(event.data.utf8)) }
            if event.name == "end" { return nil }
        }
        return nil
    }

    private static func blankLine(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for index in 0..<(bytes.count - 1) where bytes[index] == 10 && bytes[index + 1] == 10 { return index }
        // The response head ends with CRLF CRLF.
        for index in 0..<max(0, bytes.count - 3) where bytes[index...].starts(with: [13, 10, 13, 10]) { return index + 2 }
        return nil
    }
}
