import Foundation
import SetlistModel
import Testing

/// Setlists the tests render.
enum Fixtures {
    /// A fixed creation date: 15 February 2010, 19:30 UTC.
    static let date = Date(timeIntervalSince1970: 1_266_262_200)

    static func song(
        _ name: String, _ author: String? = nil, length: String? = nil, key: String? = nil,
        bpm: Int? = nil, notes: String? = nil, chart: [String]? = nil, chartKey: String? = nil
    ) -> PlaylistItem {
        var fields = SongFields(
            name: name, author: author, length: length.flatMap(SongLength.seconds(from:)),
            key: key.flatMap(MusicalKey.init(parsing:)), bpm: bpm, notes: notes)
        fields.chart = chart.map { Chart(lines: $0, key: chartKey.flatMap(MusicalKey.init(parsing:)) ?? fields.key) }
        return .song(SongCopy(originalID: nil, fields: fields))
    }

    /// A verse, a chorus, a comment and a tab: the parts a songbook sets.
    static let chart = [
        "{comment: Capo off, let it ring}",
        "{start_of_verse}",
        "[G]Hello dark[D]ness my old [Em]friend",
        "I've come to [C]talk with you a[G]gain",
        "{end_of_verse}",
        "",
        "{start_of_chorus}",
        "And the [C]vision that was [G]planted in my [Em]brain",
        "Still re[C]mains[G]",
        "{end_of_chorus}",
        "{start_of_tab: Intro riff}",
        "e|-----0-----|",
        "B|---3---3---|",
        "{end_of_tab}",
    ]

    /// `verses` four-line verses with chords, for songs of any length.
    static func longChart(verses: Int) -> [String] {
        (1...max(verses, 1)).flatMap { verse in
            ["{start_of_verse: Verse \(verse)}"]
                + (1...4).map { "[Am]Line \($0) of verse \(verse), [F]singing a[C]long to the [G]end" } + ["{end_of_verse}", ""]
        }
    }

    /// A concert with charts: one moved from the key it is written in, one short, one over
    /// several pages, one without a chart, and a break.
    static let songbook = Playlist(
        name: "Songbook concert",
        items: [
            song("The Sound of Silence", "Simon & Garfunkel", length: "3:05", key: "A", bpm: 106, chart: chart, chartKey: "G"),
            song("Short One", "Band", key: "C", chart: ["[C]One [G]line"]),
            .setBreak("Set 2"),
            song("Epic", "Band", length: "9:30", key: "Am", chart: longChart(verses: 14)),
            song("No Chart Yet", "Band", length: "2:00", key: "E"),
            song("Middle", "Band", key: "D", chart: longChart(verses: 4)),
        ])

    /// A real-looking concert: Czech names, two breaks, some notes.
    static let concert = Playlist(
        name: "Koncert v Praze 15.2.2010",
        items: [
            song(
                "Highway to Hell", "AC/DC", length: "3:28", key: "A", bpm: 116,
                notes: "Count in four, drums alone for the first bar. Guitar solo: Pepa, 16 bars."),
            song(
                "Příliš žluťoučký kůň", "Žlutý pes", length: "4:10", key: "Fis-dur", bpm: 96,
                notes: "Druhou sloku zpívá Jitka, refrén všichni. Úpěl ďábelské ódy."),
            song("Smoke on the Water", "Deep Purple", length: "5:40", key: "Gm", bpm: 112),
            song("Jožin z bažin", "Ivan Mládek", length: "3:05", key: "C", bpm: 140, notes: "Banjo! The audience sings the chorus."),
            .setBreak("Set 2"),
            song("Hotel California", "Eagles", length: "6:30", key: "Bm", bpm: 75),
            song("Bohemian Rhapsody", "Queen", length: "5:55", key: "Bb", bpm: 72, notes: "Playback for the opera section."),
            song("Zvonky štěstí", "Karel Gott & Darina Rolincová", length: "3:40", key: "C", bpm: 110),
            .setBreak("Encore"),
            song("Stairway to Heaven", "Led Zeppelin", length: "8:02", key: "Am", bpm: 72),
        ])

    static let empty = Playlist(name: "Prázdný koncert", items: [])

    /// `count` songs with notes of varied length, a break every twelve songs.
    static func generated(_ count: Int, notesEvery: Int = 2) -> Playlist {
        var items: [PlaylistItem] = []
        for index in 1...max(count, 1) where count > 0 {
            if index > 1, index % 12 == 1 { items.append(.setBreak("Set \(index / 12 + 1)")) }
            let notes =
                index % notesEvery == 0
                ? String(repeating: "Note \(index): watch the drummer, ritardando at the end. ", count: index % 7 + 1) : nil
            items.append(
                song(
                    "Generated \(index)", "Author \(index % 5)", length: "\(2 + index % 4):\(10 + index % 50)",
                    key: ["C", "Dm", "F#", "Bb"][index % 4], bpm: 60 + index % 100, notes: notes))
        }
        return Playlist(name: "Generated \(count)", items: items)
    }

    /// Text that tries to break the layout: huge notes, unbroken words, right-to-left and emoji.
    static let hostile = Playlist(
        name: String(repeating: "Nekonečnýnázevkoncertu", count: 12),
        items: [
            song(
                String(repeating: "Supercalifragilistic", count: 15), String(repeating: "Autor", count: 40), length: "1:02:03",
                notes: String(repeating: "x", count: 3000)),
            song(
                "שלום עולם — Hebrew", "فيروز", key: "Dm",
                notes: "مرحبا بالعالم، هذه ملاحظة طويلة. " + String(repeating: "עברית ", count: 60)),
            song("Emoji 🎸🥁🎤 rock", "Band 🤘", key: "E", notes: "Bring 🍺 for the drummer 🥁. Ελληνικά, Русский, Polski: Zażółć gęślą jaźń."),
            song(
                "Huge notes", "Somebody", notes: String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 2500)
            ),
        ])
}

// Parameterised tests name a playlist by its name, not by the whole value, which would print
// every song and note into the test log.
extension Playlist: CustomTestStringConvertible {
    public var testDescription: String { "'\(name)' (\(copies.count) songs)" }
}
