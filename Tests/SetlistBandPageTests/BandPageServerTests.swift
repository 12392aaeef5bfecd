import FlyingSocks
import Foundation
import SeededRandom
import SetlistModel
import Testing

@testable import SetlistBandPage

/// The server on loopback, as phones and hostile clients use it.
@Suite(.serialized) struct BandPageServerTests {
    let broadcast = BandBroadcast()
    let server: BandPageServer

    init() throws {
        server = try BandPageServer(broadcast: broadcast, page: BandPageDocument.html, addresses: ["127.0.0.1"], port: 0)
        broadcast.publish(BandView(playlist: BandPageFixtures.concert, position: 1, notation: .english))
    }

    @Test func thePageAndTheStateNeedTheToken() throws {
        let page = try Follower.get("/\(server.token)/", port: server.port)
        #expect(page.status == 200)
        #expect(page.body.contains("<title>setlist</title>"))
        #expect(!page.body.contains("http://") && !page.body.contains("https://"), "the page loads nothing from elsewhere")
        #expect(page.head.contains("Referrer-Policy: no-referrer"))
        let state = try Follower.get("/\(server.token)/state", port: server.port)
        #expect(state.status == 200 && state.body.contains("Highway to Hell"))
        #expect(try Follower.get("/\(server.token)", port: server.port).status == 301)
        for path in [
            "/", "/state", "/events", "/\(server.token.dropLast())/", "/\(server.token)x/", "/x/\(server.token)/",
            "/\(server.token.uppercased())/", "/../\(server.token)/",
        ] {
            let answer = try Follower.get(path, port: server.port)
            #expect(answer.status == 403, "\(path)")
            #expect(!answer.body.contains("Highway"), "\(path)")
        }
        #expect(try Follower.get("/\(server.token)/../../etc/passwd", port: server.port).status == 404)
    }

    @Test func nothingButGetIsAnswered() throws {
        let follower = try Follower(port: server.port)
        try follower.send("POST /\(server.token)/state HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}")
        #expect(follower.readAll().hasPrefix("HTTP/1.1 405"))
    }

    /// A stream's first bytes go at once, before there is anything to show (Safari reports the
    /// stream open only when bytes came), and a heartbeat follows every few seconds.
    @Test func aStreamSaysItIsOpenAtOnceAndThenBeatsSteadily() throws {
        let quiet = try BandPageServer(broadcast: BandBroadcast(), page: "", addresses: ["127.0.0.1"], port: 0)
        defer { quiet.stop() }
        let follower = try Follower.events(token: quiet.token, port: quiet.port, timeout: 1)
        var polled = pollfd(fd: follower.socket.file.rawValue, events: Int16(POLLIN), revents: 0)
        #expect(poll(&polled, 1, 500) == 1, "the head came at once")
        let started = Date()
        let beat = try #require(follower.nextEventWaiting(BandPageServer.heartbeat + 2))
        #expect(beat.name == "heartbeat")
        #expect(Date().timeIntervalSince(started) < BandPageServer.heartbeat + 1)
    }

    /// HEAD answers as GET would, without the body (a link checker, a phone's preflight).
    @Test func headAnswersAsGetWithoutABody() throws {
        for path in ["/", "/events", "/state"] {
            let follower = try Follower(port: server.port)
            try follower.send("HEAD /\(server.token)\(path) HTTP/1.1\r\nHost: test\r\n\r\n")
            let answer = follower.readAll()
            #expect(answer.hasPrefix("HTTP/1.1 200 OK"), "\(path): \(answer)")
            #expect(answer.hasSuffix("\r\n\r\n"), "\(path): no body: \(answer)")
            let get = try Follower.get("/\(server.token)\(path == "/events" ? "/state" : path)", port: server.port)
            if path != "/events" { #expect(answer.contains(get.head.components(separatedBy: "\r\n")[2]), "\(path): the same length") }
        }
        let events = try Follower(port: server.port)
        try events.send("HEAD /\(server.token)/events HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(events.readAll().contains("Content-Type: text/event-stream"))
    }

    /// `clock` answers the laptop's clock (``BandClock``), stamped while the phone waits, never
    /// kept by a cache; HEAD as GET without the body; without the token, 403 as everywhere.
    @Test func theClockAnswersTheLaptopsTimeNow() throws {
        let before = BandClock.now
        let answer = try Follower.get("/\(server.token)/clock", port: server.port)
        let after = BandClock.now
        #expect(answer.status == 200 && answer.head.contains("Content-Type: application/json"))
        #expect(answer.head.contains("Cache-Control: no-store"))
        let time = try JSONDecoder().decode([String: Double].self, from: Data(answer.body.utf8))["t"]
        #expect(try #require(time) >= before - 0.001 && time! <= after + 0.001, "\(before) \(answer.body) \(after)")
        let head = try Follower(port: server.port)
        try head.send("HEAD /\(server.token)/clock HTTP/1.1\r\nHost: test\r\n\r\n")
        let headAnswer = head.readAll()
        #expect(headAnswer.hasPrefix("HTTP/1.1 200 OK") && headAnswer.hasSuffix("\r\n\r\n"), "\(headAnswer)")
        #expect(try Follower.get("/clock", port: server.port).status == 403)
    }

    @Test func aFollowerGetsTheWholeStateAtOnceAndThenEveryStep() throws {
        let follower = try Follower.events(token: server.token, port: server.port)
        let first = try #require(follower.nextView())
        #expect(first.position == 1 && first.songs.count == 5 && first.breaks == [BandView.Break(after: 3, label: "Set 2")])
        broadcast.publish(BandView(playlist: BandPageFixtures.concert, position: 2, notation: .english, message: "Repeat chorus"))
        let second = try #require(follower.nextView())
        #expect(second.position == 2 && second.message == "Repeat chorus" && second.sequence > first.sequence)
        // A follower that connects later gets the latest view at once.
        let late = try Follower.events(token: server.token, port: server.port)
        #expect(late.nextView()?.sequence == second.sequence)
    }

    @Test func twentyFollowersSeeEveryStepAndMessageAndOneKilledDisturbsNoOne() throws {
        var random = seededGenerator(for: "twentyFollowers")
        // Within the views the broadcast keeps, so that every follower sees every one.
        let steps = 200
        let followers = try (0..<20).map { _ in try Follower.events(token: server.token, port: server.port) }
        for follower in followers { #expect(follower.nextView()?.position == 1) }
        let victim = try Follower.events(token: server.token, port: server.port)
        _ = victim.nextView()
        var expected: [(Int, String?)] = []
        for step in 1...steps {
            if step == steps / 2 { victim.close() }
            let position = Int.random(in: 1...5, using: &random)
            let message = step % 7 == 0 ? "Message \(step)" : nil
            expected.append((position, message))
            broadcast.publish(BandView(playlist: BandPageFixtures.concert, position: position, notation: .english, message: message))
        }
        let last = try #require(broadcast.current)
        for follower in followers {
            var seen = 1, messages: Set<String> = []
            while seen < last.sequence, let view = follower.nextView() {
                #expect(view.sequence == seen + 1)
                seen = view.sequence
                if let message = view.message { messages.insert(message) }
            }
            #expect(seen == last.sequence)
            #expect(messages == Set(expected.compactMap(\.1)))
        }
        #expect(expected.last?.0 == last.position)
    }

    @Test func hostileClientsBlockNobody() throws {
        var random = seededGenerator(for: "hostileClients")
        // A slowloris: half a head, then nothing.
        let slow = try Follower(port: server.port)
        try slow.send("GET /\(server.token)/ HTTP/1.1\r\nHost: x\r\n")
        // A huge head.
        let huge = try Follower(port: server.port)
        try huge.send("GET /\(server.token)/ HTTP/1.1\r\nX: " + String(repeating: "a", count: 20_000) + "\r\n\r\n")
        #expect(huge.readAll().hasPrefix("HTTP/1.1 431"))
        // Random bytes.
        for _ in 0..<20 {
            let noise = try Follower(port: server.port)
            try noise.send(
                (0..<Int.random(in: 1...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) } + [13, 10, 13, 10])
            #expect(noise.readAll().hasPrefix("HTTP/1.1 400"))
        }
        // Everyone else is still served while the slow one hangs on.
        #expect(try Follower.get("/\(server.token)/state", port: server.port).status == 200)
        let follower = try Follower.events(token: server.token, port: server.port)
        #expect(follower.nextView() != nil)
        _ = slow
    }

    @Test func aSecondServerOnTheSamePortFailsClearly() throws {
        #expect(throws: BandPageError.portInUse(port: server.port, address: "127.0.0.1")) {
            try BandPageServer(broadcast: BandBroadcast(), page: "", addresses: ["127.0.0.1"], port: server.port)
        }
        #expect(BandPageError.portInUse(port: 8765, address: "127.0.0.1").description.contains("--port"))
        #expect(throws: BandPageError.notAnAddress("pepa")) {
            try BandPageServer(broadcast: BandBroadcast(), page: "", addresses: ["pepa"], port: 0)
        }
    }

    @Test func stoppingClosesTheStreamsAndThePort() throws {
        let follower = try Follower.events(token: server.token, port: server.port)
        _ = follower.nextView()
        server.stop()
        #expect(follower.nextEvent()?.name == "end")
        #expect(follower.nextEvent() == nil)
        #expect(throws: (any Error).self) { try Follower(port: server.port) }
    }
}

/// The request heads the server reads.
struct RequestHeadTests {
    @Test func readsTheMethodAndPathAndWaitsForTheWholeHead() throws {
        let head = try RequestHead(parsing: Array("GET /abc/events?x=1 HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
        #expect(head.method == "GET" && head.path == "/abc/events")
        #expect(throws: RequestHead.Problem.incomplete) { try RequestHead(parsing: Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8)) }
        #expect(throws: RequestHead.Problem.malformed) { try RequestHead(parsing: Array("GET /\r\n\r\n".utf8)) }
        #expect(throws: RequestHead.Problem.malformed) { try RequestHead(parsing: Array("get / HTTP/1.1\r\n\r\n".utf8)) }
        #expect(throws: RequestHead.Problem.malformed) { try RequestHead(parsing: Array("GET x HTTP/1.1\r\n\r\n".utf8)) }
        #expect(throws: RequestHead.Problem.tooLarge) { try RequestHead(parsing: [UInt8](repeating: 65, count: RequestHead.limit + 1)) }
    }
}
