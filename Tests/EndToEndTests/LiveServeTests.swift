import BrowserTestSupport
import CLITestSupport
import FlyingSocks
import Foundation
import TestLevels
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `setlist live --serve` for real: the leader in tmux, a member's phone as headless Chromium.
@Suite(.serialized, .tags(.endToEnd, .browser), .needs("tmux", "zbarimg", "python3", "chromium", "chromedriver")) struct LiveServeTests {
    /// Starts `live Koncert --serve` on loopback at `port` (0: a free one); returns the page's address.
    func startLeader(_ tmux: Tmux, _ lib: TemporaryLibrary, port: UInt16 = 0, extra: String = "") throws -> String {
        let binary = try SetlistBinary.url().path
        let state = lib.folder.appendingPathComponent("state").path
        try tmux.type(
            "SETLIST_HOME='\(lib.root.path)' XDG_STATE_HOME='\(state)' '\(binary)' live Koncert --serve --port \(port) --bind 127.0.0.1 \(extra); echo EXIT=$?"
        )
        try tmux.keys("Enter")
        let pane = try tmux.waitFor { $0.contains("The band follows") }
        return try #require(pane.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init))
    }

    /// Whether something listens at the page's port.
    func listening(_ url: String) -> Bool {
        guard let port = UInt16(url.split(separator: ":")[2].prefix { $0.isNumber }),
            let socket = try? Socket(domain: AF_INET, type: .stream)
        else { return false }
        defer { try? socket.close() }
        return (try? socket.connect(to: sockaddr_in.inet(ip4: "127.0.0.1", port: port))) != nil
    }

    @Test func thePhonesFollowTheLeadersKeys() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let tmux = try Tmux(columns: 80, rows: 30)
        defer { tmux.kill() }
        let url = try startLeader(tmux, lib)
        let pane = try tmux.capture()
        #expect(pane.contains("█"), "the address is drawn as a QR code")
        #expect(pane.contains("Press any key to start (it only puts this screen away)"), "\(pane)")
        let phone = try Browser(url)
        defer { phone.close() }
        #expect(phone.send("title Highway to Hell") == "ok")
        #expect(phone.send("text Next: 2. Stairway to Heaven") == "ok")

        try tmux.keys("x") // leaves the address screen
        _ = try tmux.waitFor { $0.contains("1/4 · Set 1") }
        try tmux.keys("Right")
        #expect(phone.send("title Stairway to Heaven") == "ok")

        try tmux.keys("m")
        try tmux.type("Repeat chorus")
        try tmux.keys("Enter")
        #expect(phone.send("text Repeat chorus") == "ok")
        try tmux.keys("Right")
        #expect(phone.send("title Příběh") == "ok")
        #expect(phone.send("eval document.getElementById('message').textContent") == "\"\"", "a message lasts until the next song")
        #expect(phone.send("text Break, then Set 2") == "ok")

        // Looking ahead moves the terminal only; b sends the band.
        try tmux.keys("l")
        try tmux.keys("Right")
        _ = try tmux.waitFor { $0.contains("4/4 · Set 2") && $0.contains("Looking ahead; the band is on 3.") }
        #expect(phone.send("title Příběh") == "ok")
        try tmux.keys("b")
        #expect(phone.send("title Under the Bridge") == "ok")

        // A phone that comes back (its screen was locked) gets the whole state at once.
        #expect(phone.send("reload") == "ok")
        #expect(phone.send("title Under the Bridge") == "ok")
        let shot = lib.folder.appendingPathComponent("phone.png").path
        #expect(phone.send("screenshot \(shot)") == "ok")
        #expect(((try? FileManager.default.attributesOfItem(atPath: shot)[.size] as? Int) ?? 0) > 10_000)

        try tmux.keys("q")
        _ = try tmux.waitFor { $0.contains("EXIT=0") }
        #expect(phone.send("text stage mode has ended") == "ok")
        #expect(!listening(url), "nothing is left listening")
    }

    /// Stage mode started again (after a crash, or q pressed by mistake) serves the same address,
    /// and the phone that showed "stage mode has ended" follows it by itself.
    @Test func aPhoneFollowsStageModeStartedAgain() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let tmux = try Tmux(columns: 100, rows: 30)
        defer { tmux.kill() }
        let free = try Socket(domain: AF_INET, type: .stream)
        try free.bind(to: sockaddr_in.inet(ip4: "127.0.0.1", port: 0))
        guard case .ip4(_, let port) = try free.sockname() else {
            Issue.record("no port")
            return
        }
        try free.close()
        let url = try startLeader(tmux, lib, port: port)
        let phone = try Browser(url)
        defer { phone.close() }
        #expect(phone.send("title Highway to Hell") == "ok")
        try tmux.keys("q")
        _ = try tmux.waitFor { $0.contains("EXIT=0") }
        #expect(phone.send("text stage mode has ended") == "ok")
        try tmux.type("clear")
        try tmux.keys("Enter")
        let again = try startLeader(tmux, lib, port: port)
        #expect(again == url, "the same address, secret part and all")
        try tmux.keys("x")
        _ = try tmux.waitFor { $0.contains("1/4 · Set 1") }
        try tmux.keys("Right")
        #expect(phone.send("title Stairway to Heaven") == "ok")
        try tmux.keys("q")
        _ = try tmux.waitFor { $0.contains("EXIT=0") }
    }

    @Test(arguments: [(SIGTERM, 143), (SIGHUP, 129)])
    func aSignalClosesTheServer(signal: Int32, status: Int) throws {
        let lib = try TemporaryLibrary.stageConcert()
        let tmux = try Tmux(columns: 80, rows: 30)
        defer { tmux.kill() }
        let url = try startLeader(tmux, lib)
        #expect(listening(url))
        let shell = try #require(Int32(try tmux.value("pane_pid")))
        let live = try #require(LiveTests.children(of: shell).first, "the shell runs setlist")
        #expect(kill(live, signal) == 0)
        _ = try tmux.waitFor { $0.contains("EXIT=\(status)") }
        #expect(!listening(url))
    }

    @Test func aPortInUseIsAClearError() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let taken = try Socket(domain: AF_INET, type: .stream)
        defer { try? taken.close() }
        try taken.bind(to: sockaddr_in.inet(ip4: "127.0.0.1", port: 0))
        try taken.listen()
        guard case .ip4(_, let port) = try taken.sockname() else {
            Issue.record("no port")
            return
        }
        let tmux = try Tmux(columns: 100, rows: 30)
        defer { tmux.kill() }
        let binary = try SetlistBinary.url().path
        let state = lib.folder.appendingPathComponent("state").path
        try tmux.type(
            "SETLIST_HOME='\(lib.root.path)' XDG_STATE_HOME='\(state)' '\(binary)' live Koncert --serve --port \(port) --bind 127.0.0.1; echo EXIT=$?"
        )
        try tmux.keys("Enter")
        // The pane wraps long lines: read it as one.
        let pane = try tmux.waitFor { $0.range(of: #"EXIT=[0-9]"#, options: .regularExpression) != nil }.replacingOccurrences(
            of: "\n", with: "")
        #expect(pane.contains("setlist: error: Port \(port) is already in use on 127.0.0.1"))
        #expect(pane.contains("--port"))
        #expect(pane.contains("EXIT=1"))
    }
}
