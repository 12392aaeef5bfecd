import Foundation
import Testing

/// A browser on a page, driven line by line through band_page.py, so that a test can act between
/// two questions (step the leader, restart the server): headless Chromium, WebKitGTK (Safari's
/// engine) or Firefox ESR, one at a time.
public final class Browser {
    /// The browser engines the band page is proven in.
    public enum Engine: String, CaseIterable, Sendable, CustomStringConvertible {
        /// Headless Chromium through Selenium and chromedriver.
        case chromium
        /// WebKitGTK through Selenium and WebKitWebDriver, under xvfb-run: what iPhones run.
        case webkit
        /// Firefox ESR, headless, through Marionette (marionette-driver).
        case firefox

        public var description: String { rawValue }
    }

    /// In Tests/Support, with the other Python helpers of the tests.
    static let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/band_page.py")

    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var pending = Data()

    /// Opens `url` in `engine` on a phone's screen of `size` (default 390 × 844 pixels); returns
    /// once the page has loaded.
    public init(_ url: String, size: (width: Int, height: Int)? = nil, engine: Engine = .chromium) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // WebKitGTK draws on a display: a virtual one of its own.
        process.arguments =
            ["SETLIST_BROWSER=\(engine.rawValue)"] + (engine == .webkit ? ["xvfb-run", "-a"] : []) + ["python3", Self.driver.path, url]
            + (size.map { ["\($0.width)", "\($0.height)"] } ?? [])
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let first = answer()
        #expect(first == "ready", "band_page.py: \(first)")
    }

    deinit { close() }

    /// Sends one command of band_page.py and returns its answer ("ok", or "no: …").
    @discardableResult
    public func send(_ command: String) -> String {
        // After band_page.py ended (a script that threw ends it), a write would kill the whole
        // test run with SIGPIPE: the test fails on the answer instead.
        signal(SIGPIPE, SIG_IGN)
        guard process.isRunning, (try? input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))) != nil else {
            return "(band_page.py ended)"
        }
        return answer()
    }

    /// Closes the browser; band_page.py's exit status (0 when it went well).
    @discardableResult
    public func close() -> Int32 {
        if process.isRunning {
            send("quit")
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        return process.terminationStatus
    }

    private func answer() -> String {
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { return "(band_page.py ended)" }
            pending += more
        }
    }
}
