import BrowserTestSupport
import Foundation
import LossyNetwork
import SeededRandom
import SetlistModel
import TestLevels
import Testing

@testable import SetlistBandPage

/// The page in real browsers, each of the three engines in turn (Chromium, WebKitGTK as on an
/// iPhone, Firefox ESR; Tests/Support/band_page.py): the same checks in each.
@Suite(
    .serialized, .tags(.browser),
    .needs("python3", "chromium", "chromedriver", "WebKitWebDriver", "xvfb-run", "firefox-esr"))
struct BandPageBrowserTests {
    /// A browser of `engine` on the page of a server publishing `view`; `commands` go to
    /// band_page.py, whose answers come back one per command.
    func browse(_ view: BandView, _ commands: [String], width: Int = 390, engine: Browser.Engine = .chromium) throws -> [String] {
        let (_, server) = try serve(view)
        defer { server.stop() }
        let browser = try Browser(server.url(for: "127.0.0.1"), size: (width, 780), engine: engine)
        let answers = commands.map { browser.send($0) }
        #expect(browser.close() == 0)
        return answers
    }

    /// A server on loopback publishing `view`, and its broadcast.
    func serve(_ view: BandView) throws -> (BandBroadcast, BandPageServer) {
        let broadcast = BandBroadcast()
        broadcast.publish(view)
        return (broadcast, try BandPageServer(broadcast: broadcast, page: BandPageDocument.html, addresses: ["127.0.0.1"], port: 0))
    }

    /// A stage mode restarted at the same address (``BandPageToken``) is followed again by itself,
    /// also after its end was shown; one started with a new secret is said to need the code again.
    @Test(arguments: Browser.Engine.allCases)
    func aPhoneFindsARestartedStageModeAndIsToldOfANewAddress(engine: Browser.Engine) throws {
        let token = BandPageServer.newToken()
        func serve(position: Int, port: Int, token: String) throws -> BandPageServer {
            let broadcast = BandBroadcast()
            broadcast.publish(BandView(playlist: BandPageFixtures.concert, position: position, notation: .english))
            return try BandPageServer(broadcast: broadcast, page: BandPageDocument.html, addresses: ["127.0.0.1"], port: port, token: token)
        }
        var server = try serve(position: 1, port: 0, token: token)
        let port = server.port
        let browser = try Browser(server.url(for: "127.0.0.1"), engine: engine)
        #expect(browser.send("title Highway to Hell") == "ok")
        server.stop()
        #expect(browser.send("text stage mode has ended") == "ok")
        server = try serve(position: 2, port: port, token: token)
        #expect(browser.send("title Stairway to Heaven") == "ok")
        server.stop()
        server = try serve(position: 3, port: port, token: BandPageServer.newToken())
        #expect(browser.send("text scan its code") == "ok")
        #expect(browser.send("title Stairway to Heaven") == "ok", "the song stays while the address is lost")
        server.stop()
        #expect(browser.close() == 0)
    }

    /// iPhone Safari drops the stream when the screen locks and says nothing; a dead Wi-Fi leaves
    /// it open and silent. The page misses the heartbeat, starts anew once the network is back,
    /// and shows the song the band is on now.
    @Test(arguments: Browser.Engine.allCases)
    func aStreamGoneSilentIsNoticedAndThePageCatchesUp(engine: Browser.Engine) throws {
        let (broadcast, server) = try serve(BandView(playlist: BandPageFixtures.concert, position: 1, notation: .english))
        defer { server.stop() }
        let wifi = try LossyNetwork(to: server.port, random: seededGenerator(for: "aStreamGoneSilent"))
        defer { wifi.stop() }
        let browser = try Browser("http://127.0.0.1:\(wifi.port)/\(server.token)/", engine: engine)
        #expect(browser.send("title Highway to Hell") == "ok")
        wifi.goDead()
        broadcast.publish(BandView(playlist: BandPageFixtures.concert, position: 3, notation: .english))
        Thread.sleep(forTimeInterval: 1)
        #expect(browser.send("title Highway to Hell") == "ok", "nothing came through the dead Wi-Fi")
        wifi.resume()
        // A few heartbeats missed, then the page starts anew: well before this.
        #expect(browser.send("within \(BandPageServer.heartbeat * 4)") == "ok")
        #expect(
            browser.send("title Příběh") == "ok",
            "\(browser.send("eval [document.getElementById('status').textContent, Date.now() - lastEvent, source.readyState, opened]"))")
        #expect(browser.close() == 0)
    }

    /// Once the Wi-Fi is back, the page's new stream may go out on a connection the browser
    /// opened ahead and the dead Wi-Fi left behind: nothing comes, not even an error. A stream
    /// that has not opened within a heartbeat is started again, rather than after the
    /// watchdog's whole wait (what left Chromium "reconnecting…" now and then).
    @Test(arguments: Browser.Engine.allCases)
    func aNewStreamThatNeverOpensIsStartedAgainSoon(engine: Browser.Engine) throws {
        let (broadcast, server) = try serve(BandView(playlist: BandPageFixtures.concert, position: 1, notation: .english))
        defer { server.stop() }
        let wifi = try LossyNetwork(to: server.port, random: seededGenerator(for: "aNewStreamThatNeverOpens"))
        defer { wifi.stop() }
        let browser = try Browser("http://127.0.0.1:\(wifi.port)/\(server.token)/", engine: engine)
        #expect(browser.send("title Highway to Hell") == "ok")
        // The last thing the page hears before the Wi-Fi dies: its watchdog counts from here.
        broadcast.publish(BandView(playlist: BandPageFixtures.concert, position: 2, notation: .english))
        #expect(browser.send("title Stairway to Heaven") == "ok")
        wifi.goDead()
        wifi.loseNextRequest(for: "/events ")
        broadcast.publish(BandView(playlist: BandPageFixtures.concert, position: 3, notation: .english))
        wifi.resume()
        // The watchdog's wait, the lost stream's heartbeat, and time to spare; the watchdog's
        // wait twice over would be longer.
        let seconds = Double(BandPageDocument.watchdog + BandPageDocument.opening) / 1000 + 2.5
        #expect(browser.send("within \(seconds)") == "ok")
        #expect(
            browser.send("title Příběh") == "ok",
            "\(browser.send("eval [document.getElementById('status').textContent, Date.now() - lastEvent, source.readyState, opened]"))")
        #expect(browser.close() == 0)
    }

    @Test(arguments: [KeyNotation.english, .german])
    func thePageTransposesEveryKeyAsSetlistTransposeDoes(notation: KeyNotation) throws {
        let view = BandView(playlist: BandPageFixtures.concert, position: 1, notation: notation)
        let table = """
            (() => { const r = {}; for (const mode of ["major", "minor"]) for (let pc = 0; pc < 12; pc++) \
            for (let t = -11; t <= 11; t++) r[mode + " " + pc + " " + t] = keyName(view.keyNames, {pitchClass: pc, mode: mode, name: ""}, t); \
            return r; })()
            """
        let answers = try browse(view, ["title Highway to Hell", "eval " + table])
        #expect(answers.first == "ok")
        let names = try JSONDecoder().decode([String: String].self, from: Data(try #require(answers.last).utf8))
        #expect(names.count == 24 * 23)
        for mode in MusicalKey.Mode.allCases {
            for pitchClass in 0..<12 {
                for semitones in -11...11 {
                    let expected = MusicalKey(pitchClass: pitchClass, mode: mode).transposed(by: semitones).spelled(in: notation)
                    #expect(names["\(mode.rawValue) \(pitchClass) \(semitones)"] == expected, "\(mode) \(pitchClass) \(semitones)")
                }
            }
        }
    }

    /// The phone follows every step, shows the leader's message until the next song, and
    /// comes back to the band's song after a reload. A screenshot of each engine is kept in
    /// $SETLIST_SCREENSHOTS when that names a folder, to be looked at.
    @Test(arguments: Browser.Engine.allCases)
    func aPhoneFollowsStepsAndMessages(engine: Browser.Engine) throws {
        let (broadcast, server) = try serve(BandView(playlist: BandPageFixtures.concert, position: 1, notation: .english))
        defer { server.stop() }
        let browser = try Browser(server.url(for: "127.0.0.1"), size: (360, 780), engine: engine)
        #expect(browser.send("title Highway to Hell") == "ok")
        broadcast.publish(BandView(playlist: BandPageFixtures.concert, position: 2, notation: .english, message: "Repeat chorus"))
        #expect(browser.send("title Stairway to Heaven") == "ok")
        #expect(browser.send("text Repeat chorus") == "ok")
        if let folder = ProcessInfo.processInfo.environment["SETLIST_SCREENSHOTS"] {
            #expect(browser.send("screenshot \(folder)/band-page-\(engine).png") == "ok")
        }
        broadcast.publish(BandView(playlist: BandPageFixtures.concert, position: 3, notation: .english))
        #expect(browser.send("title Příběh") == "ok")
        #expect(browser.send("eval document.getElementById('message').textContent") == #""""#, "the message went with its song")
        #expect(browser.send("reload") == "ok")
        #expect(browser.send("title Příběh") == "ok")
        #expect(browser.send("eval document.documentElement.scrollWidth <= window.innerWidth") == "true")
        #expect(browser.close() == 0)
    }

    @Test(arguments: Browser.Engine.allCases)
    func aNarrowPhoneNeverScrollsSideways(engine: Browser.Engine) throws {
        var playlist = BandPageFixtures.concert
        playlist.items.insert(
            BandPageFixtures.song(
                "Nejdelší název písně, jaký kdy kapela hrála, bez jediné mezery: Supercalifragilisticexpialidocious",
                "Kapela s dlouhým jménem",
                600, "F#m", 180, notes: String(repeating: "Dlouhé_poznámky_bez_mezer_", count: 20)), at: 0)
        // A chart of a word longer than the screen under a chord, a long chord, and a long tab line.
        if case .song(var copy) = playlist.items[0] {
            copy.fields.chart = Chart(
                lines: [
                    "[F#m]" + String(repeating: "Slovo", count: 60) + " [C#7sus4/G#]a",
                    "[Cmaj7(#11)/G#]" + String(repeating: "x", count: 80),
                    "{sot}", "e|" + String(repeating: "-3-", count: 80), "{eot}",
                ], key: MusicalKey(parsing: "F# minor"))
            playlist.items[0] = .song(copy)
        }
        let view = BandView(playlist: playlist, position: 1, notation: .english, message: "Opakujeme refrén ještě dvakrát, pak konec")
        let answers = try browse(
            view,
            [
                "text Supercalifragilisticexpialidocious", "eval document.documentElement.scrollWidth <= window.innerWidth",
                // Nothing widens the page past the phone (a phone zooms out to show what is
                // wider): length, key and tempo go on below one another.
                "eval window.innerWidth",
                "click #listButton", "eval document.documentElement.scrollWidth <= window.innerWidth", "eval window.innerWidth",
            ], width: 360, engine: engine)
        #expect(answers == ["ok", "true", "360", "ok", "true", "360"])
        // Transposed ("Key G minor (F♯ minor +1)") in the largest text, the facts wrap too.
        let large = try browse(
            view,
            ["text Supercalifragilisticexpialidocious", "click #settingsButton", "click [data-act=up]"]
                + Array(repeating: "click [data-act=larger]", count: 8) + ["click #settingsButton", "eval window.innerWidth"], width: 360,
            engine: engine)
        #expect(large.last == "360", "\(large)")
    }

    @Test(arguments: Browser.Engine.allCases)
    func aMemberTransposesOnTheirOwnPhoneAndTheSettingStays(engine: Browser.Engine) throws {
        let view = BandView(playlist: BandPageFixtures.concert, position: 2, notation: .english)
        let answers = try browse(
            view,
            [
                "title Stairway to Heaven", "text Key A minor", "click #settingsButton", "click [data-act=up]", "click [data-act=up]",
                "text Key B minor (A minor +2)", "reload", "text Key B minor (A minor +2)", "text Next: 3. Příběh",
            ], engine: engine)
        #expect(answers == Array(repeating: "ok", count: 9))
    }

    /// A copy's chart on the phone: in the copy's key (written in G, played in A), chords over
    /// their syllables, and moved again by the phone's own transpose.
    @Test(arguments: Browser.Engine.allCases)
    func theChartShowsInTheCopysKeyAndFollowsThePhonesTranspose(engine: Browser.Engine) throws {
        var playlist = BandPageFixtures.concert
        guard case .song(var copy) = playlist.items[0] else { return }
        copy.fields.chart = try Chart(
            text: "{soc}\n[G]I'm on the [D/F#]highway to [Em7]hell\n{eoc}\n[N.C.]Stop\n{key: B}", key: MusicalKey(parsing: "G major"))
        playlist.items[0] = .song(copy)
        let view = BandView(playlist: playlist, position: 1, notation: .english)
        #expect(view.songs[1].chart == nil, "only the song the band is on carries its chart")
        let chords = "eval Array.from(document.querySelectorAll('.chart .c')).map(e => e.textContent).join(' ')"
        // Each chord stands over the start of its syllable.
        let aligned = """
            eval Array.from(document.querySelectorAll('.chart .row:not(.nc) .seg')).every(s => \
            Math.abs(s.querySelector('.c').getBoundingClientRect().left - s.querySelector('.l').getBoundingClientRect().left) < 1)
            """
        let answers = try browse(
            view,
            [
                "text I'm on the", chords, aligned, "eval document.querySelector('.chart .h').textContent", "text Key: D♭ major",
                "click #settingsButton", "click [data-act=down]", chords, "text Key: C major",
            ], engine: engine)
        // The key change moves with the copy's key and with the phone's transpose.
        #expect(answers == ["ok", #""A E/G# F#m7 N.C.""#, "true", #""Chorus""#, "ok", "ok", "ok", #""Ab Eb/G Fm7 N.C.""#, "ok"])
    }

    /// A chart played with a capo shows its shapes and "Capo 2" on the phone; the phone's
    /// transpose moves the shapes and the chords of a comment too.
    @Test func aCapoAndAChordInACommentReachThePhone() throws {
        var playlist = BandPageFixtures.concert
        guard case .song(var copy) = playlist.items[0] else { return }
        copy.fields.key = MusicalKey(parsing: "A major")
        copy.fields.chart = try Chart(
            text: "{c: Intro [G] [D]}\n[G]Open [Em]strings [C]and [D]shapes", key: MusicalKey(parsing: "G major"), capo: 2)
        playlist.items[0] = .song(copy)
        let view = BandView(playlist: playlist, position: 1, notation: .english)
        #expect(view.songs[0].capo == 2)
        let chords = "eval Array.from(document.querySelectorAll('.chart .c')).map(e => e.textContent).join(' ')"
        let comment = "eval document.querySelector('.chart .cm').textContent"
        let answers = try browse(
            view, ["text Capo 2", chords, comment, "click #settingsButton", "click [data-act=up]", "click [data-act=up]", chords, comment])
        #expect(answers == ["ok", #""G Em C D""#, #""Intro [G] [D]""#, "ok", "ok", "ok", #""A F#m D E""#, #""Intro [A] [E]""#])
    }

    /// The page's chord names are setlist's for every move a phone makes: a chart with secondary
    /// dominants, their inversions and a passing diminished chord, moved by the phone by
    /// −11…+11, shows the chords setlist shows for the copy in that key (the page spells nothing).
    @Test(arguments: [KeyNotation.english, .german])
    func thePageSpellsChordsAsSetlistDoes(notation: KeyNotation) throws {
        var playlist = BandPageFixtures.concert
        guard case .song(var copy) = playlist.items[0] else { return }
        let key = try #require(MusicalKey(parsing: "F major"))
        copy.fields.key = key
        copy.fields.chart = try Chart(
            text: "[F]a [D/F#]b [Gm7]c [E/G#]d [Am]e [C#dim7]f [Bb/D]g [C7sus4]h", key: key)
        playlist.items[0] = .song(copy)
        let view = BandView(playlist: playlist, position: 1, notation: notation)
        let table = """
            (() => { const r = {}; for (let t = -11; t <= 11; t++) { settings.transpose = t; render(); \
            r[t] = Array.from(document.querySelectorAll('.chart .c')).map(e => e.textContent).join(' '); } return r; })()
            """
        let answers = try browse(view, ["title Highway to Hell", "eval " + table])
        let names = try JSONDecoder().decode([String: String].self, from: Data(try #require(answers.last).utf8))
        let chart = try #require(copy.fields.chart)
        for semitones in -11...11 {
            let shown = chart.shown(in: key.transposed(by: semitones), notation: notation)
            let chords = ChartLine.lines(of: shown).flatMap { line -> [String] in
                guard case .lyrics(let segments) = line else { return [] }
                return segments.compactMap(\.chord)
            }
            #expect(names[String(semitones)] == chords.joined(separator: " "), "\(semitones)")
        }
        // By hand: up a tone from F, the secondary dominants keep their raised thirds.
        #expect(names["2"] == "G E/G# Am7 F#/A# \(notation == .german ? "Hm" : "Bm") D#dim7 C/E D7sus4")
    }
}
