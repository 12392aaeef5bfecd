import Foundation
import SetlistModel
import Testing

@testable import SetlistBandPage

/// The rows stage mode keeps between views (``BandCharts``) are the rows a view made afresh has,
/// whatever changed between two views.
@Suite struct BandViewChartTests {
    @Test func theChartKeptBetweenViewsIsTheOneMadeAfresh() throws {
        let g = try #require(MusicalKey(parsing: "G major"))
        let chart = try #require(try Chart(text: BandPagePartsBrowserTests.everyQuality, key: g))
        var playlist = BandPagePartsBrowserTests.playlist(key: g, chart: chart)
        let charts = BandCharts()
        func check(_ position: Int, _ notation: KeyNotation, _ what: String) {
            let now = Date()
            let kept = BandView(
                playlist: playlist, position: position, notation: notation, message: nil, zone: .current, now: now, charts: charts)
            let afresh = BandView(playlist: playlist, position: position, notation: notation, now: now)
            #expect(kept == afresh, "\(what)")
        }
        check(1, .english, "first")
        check(1, .english, "the same again")
        guard case .song(var copy) = playlist.items[0] else { return }
        copy.fields.key = MusicalKey(parsing: "Bb major")
        playlist.items[0] = .song(copy)
        check(1, .english, "another key")
        copy.fields.chart = try #require(try Chart(text: "[G]Only [D]this", key: g, capo: 2))
        playlist.items[0] = .song(copy)
        check(1, .english, "another chart")
        check(1, .german, "another notation")
        check(2, .german, "a song without a chart")
        check(1, .german, "back")
    }
}
