import Foundation
import SetlistModel
import Testing

/// Setlists the tests render.
enum Fixtures {
    /// A fixed creation date: 15 February 2010, 19:30 UTC.
    static let date = Date(timeIntervalSince1970: 1_266_262_200)

    static func song(
        _ name: String, _ author: String? = nil, length: String? = nil, key: String? = nil,
        bpm: Int? = nil, notes: String? = nil
    ) -> PlaylistItem {
        .song(
            SongCopy(
                originalID: nil,
                fields: SongFields(
                    name: name, author: author, length: length.flatMap(SongLength.seconds(from:)),
                    key: key.flatMap(MusicalKey.init(parsing:)), bpm: bpm, notes: notes)))
    }

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
