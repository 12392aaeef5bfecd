import BrowserTestSupport
import Foundation
import SeededRandom
import SetlistModel
import TestLevels
import Testing

@testable import SetlistBandPage

/// The count-in on a phone (Chromium): its clock estimated from the laptop's, the beats flashed at
/// the laptop's moments however far off the phone's own clock is, and the click a member turns on.
@Suite(.serialized, .tags(.browser), .needs("python3", "chromium", "chromedriver"))
struct BandPageCountInBrowserTests {
    /// A browser on a server on loopback publishing the concert on song 1 (116 BPM).
    func open() throws -> (BandBroadcast, BandPageServer, Browser) {
        let broadcast = BandBroadcast()
        broadcast.publish(BandView(playlist: BandPageFixtures.concert, position: 1, notation: .english))
        let server = try BandPageServer(broadcast: broadcast, page: BandPageDocument.html, addresses: ["127.0.0.1"], port: 0)
        let browser = try Browser(server.url(for: "127.0.0.1"))
        #expect(browser.send("title Highway to Hell") == "ok")
        return (broadcast, server, browser)
    }

    /// Waits until the page's JavaScript `condition` holds (or `seconds` passed); whether it did.
    func wait(_ browser: Browser, for condition: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if browser.send("eval " + condition) == "true" { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    /// The phone's clock made `skew` ms off (the page's clock faked), its offset estimated anew:
    /// each beat shows when the laptop's clock says, not the phone's.
    @Test(arguments: [7_000.0, -3_500.0])
    func theBeatsFlashAtTheLaptopsMomentsOnAPhoneWhoseClockIsOff(skew: Double) throws {
        let (broadcast, server, browser) = try open()
        defer { server.stop() }
        #expect(browser.send("eval (clock = () => performance.now() + \(skew), clockOffset = null, syncClock(), true)") == "true")
        #expect(wait(browser, for: "clockOffset !== null && !clockSyncing"))
        // Each beat as it shows, on the browser's own (unfaked) wall clock.
        let watch = """
            (() => { window.beatsSeen = []; const b = document.getElementById('countin'); \
            new MutationObserver(() => { if (!b.classList.contains('beat')) return; const n = b.firstChild.textContent; \
            if (!beatsSeen.length || !beatsSeen[beatsSeen.length - 1].startsWith(n + ' ')) \
            beatsSeen.push(n + ' ' + (performance.timeOrigin + performance.now())); }) \
            .observe(b, {attributes: true, childList: true, subtree: true}); return true; })()
            """
        #expect(browser.send("eval " + watch) == "true")
        let wallAhead = Date().timeIntervalSince1970 * 1000 - BandClock.now
        var view = BandView(playlist: BandPageFixtures.concert, position: 1, notation: .english)
        view.countIn = BandView.CountIn(start: BandClock.now + 1500, bpm: 120, beats: 4)
        broadcast.publish(view)
        #expect(wait(browser, for: "beatsSeen.length === 4 && document.getElementById('countin').className === ''", seconds: 6))
        let seen = try JSONDecoder().decode([String].self, from: Data(browser.send("eval beatsSeen").utf8))
        #expect(seen.map { $0.split(separator: " ").first.map(String.init) } == ["1", "2", "3", "4"], "\(seen)")
        for (index, beat) in seen.enumerated() {
            let shown = Double(beat.split(separator: " ").last ?? "") ?? 0
            let expected = view.countIn!.start + Double(index) * 500 + wallAhead
            #expect(abs(shown - expected) < 60, "beat \(index + 1): \(shown - expected) ms off")
        }
        #expect(browser.close() == 0)
    }

    /// The count-in shows at once ("Count-in", then its beats); a view without it (the band moved
    /// on) stops it and leaves nothing on the screen.
    @Test func aCountInStopsWhenTheBandMovesOn() throws {
        let (broadcast, server, browser) = try open()
        defer { server.stop() }
        var view = BandView(playlist: BandPageFixtures.concert, position: 1, notation: .english)
        view.countIn = BandView.CountIn(start: BandClock.now + 1500, bpm: 116, beats: 4)
        broadcast.publish(view)
        #expect(browser.send("text Count-in") == "ok")
        broadcast.publish(BandView(playlist: BandPageFixtures.concert, position: 2, notation: .english))
        #expect(browser.send("title Stairway to Heaven") == "ok")
        #expect(browser.send("eval document.getElementById('countin').className + countInTimers.length") == #""0""#)
        #expect(browser.close() == 0)
    }

    /// The page's estimate is the Swift one (``BandClockEstimate``, which the benchmark's phones
    /// use): seeded pings, round trips tied and spiked, the same offsets.
    @Test func thePagesEstimateIsTheBenchmarks() throws {
        var random = seededGenerator(for: "thePagesEstimateIsTheBenchmarks")
        let sets = (0..<60).map { _ -> [ClockSample] in
            (0..<Int.random(in: 1...12, using: &random)).map { index in
                let sent = Double(index * 100) + Double(Int.random(in: 0...3, using: &random))
                let trip =
                    Double.random(in: 0..<1, using: &random) < 0.3
                    ? Double(Int.random(in: 1...4, using: &random)) : Double.random(in: 0.5...300, using: &random)
                // Now and then an answer before its question (a clock stepped back): left out.
                let received = Double.random(in: 0..<1, using: &random) < 0.05 ? sent - 1 : sent + trip
                return ClockSample(sent: sent, laptop: sent + Double.random(in: -9000...9000, using: &random), received: received)
            }
        }
        let json = String(
            decoding: try JSONEncoder().encode(sets.map { $0.map { ["sent": $0.sent, "laptop": $0.laptop, "received": $0.received] } }),
            as: UTF8.self)
        let (_, server, browser) = try open()
        defer { server.stop() }
        let answer = browser.send("eval \(json).map(estimateOffset)")
        #expect(browser.close() == 0)
        let page = try JSONDecoder().decode([Double?].self, from: Data(answer.utf8))
        #expect(page.count == sets.count)
        for (samples, offset) in zip(sets, page) {
            let swift = BandClockEstimate.offset(samples)
            #expect(swift == offset || abs((swift ?? .nan) - (offset ?? .nan)) < 1e-9, "\(samples)")
        }
    }

    /// The click is each member's own: off until turned on, kept on the phone across a reload.
    @Test func aMemberTurnsTheClickOnAndThePhoneKeepsIt() throws {
        let (_, server, browser) = try open()
        defer { server.stop() }
        let answers = [
            "click #settingsButton", "text Click off", "eval settings.click === true", "click #clickButton", "text Click on",
            "eval audio !== null", "reload", "click #settingsButton", "text Click on", "eval settings.click",
        ].map { browser.send($0) }
        #expect(answers == ["ok", "ok", "false", "ok", "ok", "true", "ok", "ok", "ok", "true"])
        #expect(browser.close() == 0)
    }
}
