import BrowserTestSupport
import Foundation
import LossyNetwork
import SeededRandom
import SetlistModel
import TestLevels
import Testing

@testable import SetlistBandPage

/// Each member's part on the phone (``Part``), and a page-turner pedal, in real browsers: the page
/// reads every part as setlist does, keeps the member's part on the phone, and turns the chart a
/// screen at a time without ever asking the laptop anything.
@Suite(
    .serialized, .tags(.browser),
    .needs("python3", "chromium", "chromedriver", "WebKitWebDriver", "xvfb-run", "firefox-esr"))
struct BandPagePartsBrowserTests {
    /// A chart of every chord quality the chart tests write (triads, sevenths, suspensions, added
    /// notes, altered and slash chords, the Czech `mi`), secondary dominants and their inversions,
    /// borrowed chords, what is no chord, a comment with chords, a key change, a chorus, a tab and a
    /// grid; in G major.
    static let everyQuality = """
        {start_of_verse: Verse 1}
        [G]Sing [Em7]out, [Cmaj7]loud [D7sus4]now [D7]
        [Am7b5]Low, [B7(#9)]high, [Gadd9/B]walk [C6/9]on, [F#dim7]yes, [D+]up
        [Gm]a [Gsus4]b [Emadd9]c [Cmaj7sus4]d [Cmaj7(#11)/E]e [Bm]f [Ami]g [Hmi]h
        [D/F#]i [E/G#]j [B7/D#]k [A7/C#]l [C#m7b5]m [Bb]n [F]o [Ebmaj7]p [G7sus4/D]q [C#dim7]r
        {end_of_verse}
        {start_of_chorus}
        [N.C.]Stop! [x]hit [*Coda]then [(G)]maybe [Aha]no
        [C] [D] [G]

        {end_of_chorus}
        {comment: Intro [G] [D/F#] [Em]}
        {key: A}
        [A]Up [E/G#]a [F#m]tone [D/A]higher
        {start_of_tab}
        e|--3--[G]--|
        {end_of_tab}
        {start_of_grid}
        | G . Em . | C . D/F# . |
        {end_of_grid}
        """

    /// The page as the test reads it: each line of the chart ("chords | words" for lyrics, the
    /// chords that show; "(comment)", "# heading", "v tab", "" for a blank line), the key fact, the
    /// part's heading, the next song and whether a capo is shown.
    static let snap = """
        (() => ({rows: Array.from(document.querySelectorAll('.chart > div')).map(d => d.querySelector('.seg') \
        ? Array.from(d.querySelectorAll('.c')).map(c => c.textContent).filter(Boolean).join(' ') + ' | ' \
        + Array.from(d.querySelectorAll('.l')).map(l => l.textContent).join('') \
        : d.classList.contains('h') ? '# ' + d.textContent : d.classList.contains('cm') ? '(' + d.textContent + ')' \
        : d.classList.contains('v') ? 'v ' + d.textContent : ''), \
        key: document.querySelector('.facts').children[1].textContent, \
        heading: document.querySelector('#stage .part') ? document.querySelector('#stage .part').textContent : null, \
        next: document.querySelector('.next').textContent, \
        capo: Array.from(document.querySelector('.facts').children).some(s => s.textContent.startsWith('Capo'))}))()
        """

    struct Snap: Decodable, Equatable {
        var rows: [String]
        var key: String
        var heading: String?
        var next: String
        var capo: Bool
    }

    /// A chart's lines as ``snap`` reads the page's.
    static func lines(_ chart: Chart, notation: KeyNotation) -> [String] {
        ChartLine.lines(of: chart).compactMap { line in
            switch line {
            case .lyrics(let segments):
                segments.compactMap(\.chord).filter { !$0.isEmpty }.joined(separator: " ") + " | " + segments.map(\.text).joined()
            case .comment(let text): "(" + text + ")"
            case .keyChange(let key): "(Key: " + key.spelled(in: notation) + ")"
            case .sectionStart(_, let label): "# " + label
            case .sectionEnd: nil
            case .verbatim(let text): "v " + text
            case .blank: ""
            }
        }
    }

    /// The setlist of the test: the song in `key` with `chart`, then a song in F♯ minor.
    static func playlist(key: MusicalKey, chart: Chart) -> Playlist {
        var song = BandPageFixtures.song("Every Part", "Band", 200, nil, 120)
        if case .song(var copy) = song {
            copy.fields.key = key
            copy.fields.chart = chart
            song = .song(copy)
        }
        return Playlist(name: "Parts", items: [song, BandPageFixtures.song("Next One", nil, 180, "F#m", 90)])
    }

    /// What the page must show for `part` when the song sounds in `key`, moved by the phone's
    /// `transpose` from `band` (the copy's key): setlist's own chart for that part and key
    /// (``ShownChart``), the key as the part reads it, and the part's heading.
    static func expected(
        _ part: Part, key band: MusicalKey, transpose: Int, chart: Chart, notation: KeyNotation
    ) throws -> Snap {
        let key = transpose == 0 ? band : band.transposed(by: transpose)
        let shown = try #require(ShownChart(SongFields(name: "S", key: key, chart: chart), notation: notation, part: part))
        let sign = transpose > 0 ? "+" : "−"
        let sounding = key.spelled(in: notation) + (transpose == 0 ? "" : " (\(band.spelled(in: notation)) \(sign)\(abs(transpose)))")
        let read = part.writtenShift == 0 ? sounding : part.writtenKey(key).spelled(in: notation)
        let next = try #require(MusicalKey(parsing: "F#m")).transposed(by: transpose + part.writtenShift).spelled(in: notation)
        return Snap(
            rows: lines(shown.chart, notation: notation), key: "Key " + read,
            heading: part.heading(sounding: key) { $0 == key ? sounding : $0.spelled(in: notation) },
            next: next, capo: part == .concert && chart.capo != nil)
    }

    /// The page shows every part (`Part.all`) as setlist shows it, for a song in each of the 24
    /// keys and for the phone's transposes −11…+11 of a song in C major and one in A minor: the
    /// chart's chords (every quality in the chart tests), numbers and words, the keys (the song's,
    /// the next song's, a key change) and the heading. The page only picks what setlist spelled.
    @Test(arguments: [(KeyNotation.english, nil), (.english, 3), (.german, nil)] as [(KeyNotation, Int?)])
    func thePageReadsEveryPartAsSetlistDoes(notation: KeyNotation, capo: Int?) throws {
        let written = try #require(MusicalKey(parsing: "G major"))
        let chart = try #require(try Chart(text: Self.everyQuality, key: written, capo: capo))
        let first = MusicalKey(pitchClass: 0, mode: .major)
        let (_, server) = try BandPageBrowserTests().serve(
            BandView(playlist: Self.playlist(key: first, chart: chart), position: 1, notation: notation))
        defer { server.stop() }
        let browser = try Browser(server.url(for: "127.0.0.1"), engine: .chromium)
        defer { #expect(browser.close() == 0) }
        #expect(browser.send("title Every Part") == "ok")
        // Another copy's view, put on the page as if it came from the laptop (never overwritten by
        // an older one), then each part in turn (`transposes` by the phone).
        func snaps(_ key: MusicalKey, transposes: ClosedRange<Int>) throws -> [String: Snap] {
            let view = BandView(playlist: Self.playlist(key: key, chart: chart), position: 1, notation: notation)
            let script = """
                eval (() => { const next = \(String(decoding: view.json(), as: UTF8.self)); next.run = view.run; next.sequence = 1e9; \
                view = next; const r = {}; for (const p of parts) for (let t = \(transposes.lowerBound); t <= \(transposes.upperBound); t++) \
                { settings.part = p.value; settings.transpose = t; render(); r[p.value + " " + t] = \(Self.snap); } return r; })()
                """
            let answer = browser.send(script)
            return try #require(try? JSONDecoder().decode([String: Snap].self, from: Data(answer.utf8)), "\(answer.prefix(300))")
        }
        for mode in MusicalKey.Mode.allCases {
            for pitch in 0..<12 {
                let key = MusicalKey(pitchClass: pitch, mode: mode)
                let shown = try snaps(key, transposes: 0...0)
                for part in Part.all {
                    let page = try #require(shown["\(part) 0"])
                    let swift = try Self.expected(part, key: key, transpose: 0, chart: chart, notation: notation)
                    #expect(page.rows == swift.rows, "\(part) in \(key)")
                    #expect(page.key == swift.key && page.heading == swift.heading && page.capo == swift.capo, "\(part) in \(key)")
                    #expect(page.next.contains(swift.next), "\(part) in \(key): \(page.next)")
                }
            }
        }
        for key in [first, MusicalKey(pitchClass: 9, mode: .minor)] {
            let shown = try snaps(key, transposes: -11...11)
            for part in Part.all {
                for transpose in -11...11 {
                    let page = try #require(shown["\(part) \(transpose)"])
                    let swift = try Self.expected(part, key: key, transpose: transpose, chart: chart, notation: notation)
                    #expect(
                        page == Snap(rows: swift.rows, key: swift.key, heading: swift.heading, next: page.next, capo: swift.capo),
                        "\(part) in \(key) \(transpose)")
                    #expect(page.next.contains(swift.next), "\(part) in \(key) \(transpose): \(page.next)")
                }
            }
        }
    }

    /// A member picks their part in the settings: the chart, the key, the next song and the
    /// heading follow it, it stays after a reload, and choosing it sends the laptop nothing.
    @Test(arguments: Browser.Engine.allCases)
    func aMemberReadsTheirPartAndItStaysOnThePhone(engine: Browser.Engine) throws {
        let a = try #require(MusicalKey(parsing: "A major"))
        let chart = try #require(try Chart(text: "{soc}\n[A]High[D/F#]way to [E7]hell\n{eoc}\n[F#m]On the [C#m7]way", key: a))
        let (_, server) = try BandPageBrowserTests().serve(
            BandView(playlist: Self.playlist(key: a, chart: chart), position: 1, notation: .english))
        defer { server.stop() }
        let wifi = try LossyNetwork(to: server.port, random: seededGenerator(for: "aMemberReadsTheirPart"))
        defer { wifi.stop() }
        let browser = try Browser("http://127.0.0.1:\(wifi.port)/\(server.token)/", engine: engine)
        defer { #expect(browser.close() == 0) }
        let chords = "eval Array.from(document.querySelectorAll('.chart .c')).map(e => e.textContent).filter(Boolean).join(' ')"
        func choose(_ part: String) -> String {
            "eval (() => { const m = document.getElementById('part'); m.value = '\(part)'; m.dispatchEvent(new Event('change')); return m.value; })()"
        }
        #expect(browser.send("title Every Part") == "ok")
        #expect(browser.send(chords) == #""A D/F# E7 F#m C#m7""#)
        Thread.sleep(forTimeInterval: 1)
        let heard = wifi.bytesFromPhones
        #expect(browser.send("click #settingsButton") == "ok")
        #expect(browser.send(choose("Eb")) == #""Eb""#)
        // By hand: an alto sax reads a song in A major in F♯ major; the next song, in F♯ minor, in E♭ minor
        // (setlist names that key so; the chords keep their letters: D#m).
        #expect(browser.send("text E♭ part · written in F♯ major · sounds A major") == "ok")
        #expect(browser.send("text Key F♯ major") == "ok")
        #expect(browser.send("text Next: 2. Next One (3:00, E♭ minor, 90 BPM)") == "ok")
        #expect(browser.send(chords) == #""F# B/D# C#7 D#m A#m7""#)
        #expect(browser.send(choose("capo 2")) == #""capo 2""#)
        #expect(browser.send("text Capo 2 · G major shapes · sounds A major") == "ok")
        #expect(browser.send(chords) == #""G C/E D7 Em Bm7""#)
        #expect(browser.send(choose("numbers")) == #""numbers""#)
        #expect(browser.send(chords) == #""1 4/6 5\u2077 6m 3m7""#)
        #expect(browser.send(choose("lyrics")) == #""lyrics""#)
        #expect(browser.send(chords) == #""""#)
        #expect(browser.send("eval document.querySelector('.chart.words .chorus').textContent") == #""Highway to hell""#)
        #expect(wifi.bytesFromPhones == heard, "choosing a part asks the laptop nothing")
        #expect(browser.send(choose("Bb")) == #""Bb""#)
        #expect(browser.send("reload") == "ok")
        #expect(browser.send("text B♭ part · written in B major · sounds A major") == "ok")
        #expect(browser.send("eval document.getElementById('part').value") == #""Bb""#)
    }

    /// A page-turner pedal's keys, as the pedal sends them, turn the chart about a screen at a
    /// time, forward and back; the band's song stays, the laptop hears nothing, and a key typed
    /// into the page's menu stays the menu's.
    @Test(arguments: Browser.Engine.allCases)
    func aPedalTurnsTheChartAScreenAtATimeAndNeverMovesTheBand(engine: Browser.Engine) throws {
        let a = try #require(MusicalKey(parsing: "A major"))
        let verse = (1...120).map { "[A]Line \($0) of the [E]long [D]song" }.joined(separator: "\n")
        let chart = try #require(try Chart(text: verse, key: a))
        let (broadcast, server) = try BandPageBrowserTests().serve(
            BandView(playlist: Self.playlist(key: a, chart: chart), position: 1, notation: .english))
        defer { server.stop() }
        let wifi = try LossyNetwork(to: server.port, random: seededGenerator(for: "aPedalTurnsTheChart"))
        defer { wifi.stop() }
        let browser = try Browser("http://127.0.0.1:\(wifi.port)/\(server.token)/", size: (360, 640), engine: engine)
        defer { #expect(browser.close() == 0) }
        #expect(browser.send("title Every Part") == "ok")
        Thread.sleep(forTimeInterval: 1)
        let heard = wifi.bytesFromPhones
        /// The scroll a key makes, in screens (its height).
        func press(_ key: String, shift: Bool = false, ctrl: Bool = false, on target: String = "document.body") throws -> Double {
            let answer = browser.send(
                """
                eval (() => { const y = scrollY; (\(target)).dispatchEvent(new KeyboardEvent('keydown', {key: '\(key)', \
                shiftKey: \(shift), ctrlKey: \(ctrl), bubbles: true, cancelable: true})); return (scrollY - y) / innerHeight; })()
                """)
            return try #require(Double(answer), "\(key): \(answer)")
        }
        for key in ["ArrowDown", "ArrowRight", "PageDown", " "] {
            let moved = try press(key)
            #expect(moved > 0.8 && moved <= 1, "\(key): \(moved) screens")
        }
        for (key, shift) in [("ArrowUp", false), ("ArrowLeft", false), ("PageUp", false), (" ", true)] {
            let moved = try press(key, shift: shift)
            #expect(moved < -0.8 && moved >= -1, "\(key): \(moved) screens")
        }
        #expect(try press("ArrowDown", ctrl: true) == 0, "a key with Ctrl is the browser's")
        #expect(try press("Enter") == 0)
        // The menu of parts keeps its arrows; a button tapped last does not take the pedal's space.
        #expect(try press("ArrowDown", on: "document.getElementById('part')") == 0)
        #expect(try press(" ", on: "document.getElementById('settingsButton')") > 0.8)
        #expect(browser.send("eval document.getElementById('settings').className") == #""""#)
        #expect(browser.send("title Every Part") == "ok")
        #expect(broadcast.current?.position == 1)
        #expect(wifi.bytesFromPhones == heard, "the pedal asks the laptop nothing")
    }
}
