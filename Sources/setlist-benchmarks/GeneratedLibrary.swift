import Foundation
import SetlistModel
import SetlistStore

/// A library made up for the benchmark: the same songs and playlists on every run (the ids
/// derive from positions), with Czech accents, notes of varied length, unknown fields and breaks.
///
/// Playlist `k` has the same name, length, breaks and shape of notes in every size, so "the same
/// command on a band library" names a setlist like it; its songs come from anywhere in the list.
struct GeneratedLibrary {
    /// The library sizes the benchmark measures.
    enum Size: String, CaseIterable {
        case band, big, stress

        var songs: Int {
            switch self {
            case .band: 300
            case .big: 3_000
            case .stress: 30_000
            }
        }

        var playlists: Int {
            switch self {
            case .band: 40
            case .big: 400
            case .stress: 2_000
            }
        }
    }

    /// The playlist of 100 songs (the long and short PDF), current in every library.
    static let hundred = "Koncert 100 písní"
    /// The playlist of one song.
    static let single = "Jedna píseň"
    /// A setlist of an ordinary evening (24 songs in two sets and an encore): show, export, live.
    static let evening = "Večer v klubu"

    static let words = [
        "Žluťoučký", "kůň", "Píseň", "noci", "Řeka", "ticho", "Highway", "Stairway", "Modrá", "hvězda", "Čas", "Ďábel",
        "Ódy", "úsvit", "Město", "Hudba", "Smutná", "Zpráva", "Léto", "Bílá", "cesta", "Home", "Fire", "Rain",
    ]
    static let authors = [
        "AC/DC", "Led Zeppelin", "Olympic", "Čechomor", "Modrý Tramvaj", "Lucie", "Kabát", "Queen", "Žlutý pes",
        "Hana Hegerová", "Karel Kryl", "Jaroslav Ježek", "Pink Floyd", "Mňága a Žďorp", "Tři sestry",
    ]
    static let keys = ["C minor", "D major", "F# minor", "Bb major", "E minor", "A major", "G major", "Eb major"]
        .compactMap(MusicalKey.init(parsing:))
    static let sentence = "Zpěv nastupuje po čtyřech taktech, příliš žluťoučký kůň úpěl ďábelské ódy. "

    let size: Size

    /// The songs: every third without notes, every seventh without a length, every eleventh
    /// without a key; some notes of several lines.
    func songs() -> [Song] {
        (0..<size.songs).map { index in
            var random = SplitMix(seed: UInt64(index))
            let name = (0..<(1 + index % 3)).map { _ in Self.words[random.next(Self.words.count)] }.joined(separator: " ")
            let notes: String? =
                index % 3 == 0
                ? nil
                : index % 5 == 0
                    ? "Intro: \(index % 4 + 1)×\nSólo kytara\n" + String(repeating: Self.sentence, count: 1 + index % 4)
                    : String(repeating: Self.sentence, count: 1 + index % 6)
            let fields = SongFields(
                name: "\(name) \(index + 1)", author: Self.authors[random.next(Self.authors.count)],
                length: index % 7 == 0 ? nil : 120 + random.next(300),
                key: index % 11 == 0 ? nil : Self.keys[random.next(Self.keys.count)],
                bpm: index % 13 == 0 ? nil : 60 + random.next(140), notes: notes)
            return Song(id: Self.id("song", index), fields: fields)
        }
    }

    /// The playlists: the hundred, the single song, the evening, then setlists of 10 to 30 songs
    /// with a break every ten or so and an encore.
    func playlists(of songs: [Song]) -> [Playlist] {
        (0..<size.playlists).map { number in
            var random = SplitMix(seed: 1_000_003 &* UInt64(number + 1))
            let (name, count) =
                switch number {
                case 0: (Self.hundred, 100)
                case 1: (Self.single, 1)
                case 2: (Self.evening, 24)
                default:
                    (
                        "Koncert \(number) — \(Self.words[number % Self.words.count]) \(Self.authors[number % Self.authors.count])",
                        10 + number % 21
                    )
                }
            // Drawn from the whole list: a setlist's originals are found anywhere in it.
            let pool = songs.count
            var items: [PlaylistItem] = []
            for position in 0..<count {
                // A break every twelve songs, and the encore's before the last two (never two breaks in a row).
                if position > 0, position == count - 2, count > 8 {
                    items.append(.setBreak("Přídavek"))
                } else if position > 0, position % 12 == 0 {
                    items.append(.setBreak("Set \(position / 12 + 1)"))
                }
                let song = songs[random.next(pool)]
                var copy = SongCopy(
                    id: Self.id("copy", number * 1000 + position), originalID: song.id, fields: song.fields)
                if position % 4 == 1 { copy.fields.key = Self.keys[random.next(Self.keys.count)] }
                items.append(.song(copy))
            }
            return Playlist(id: Self.id("playlist", number), name: name, items: items)
        }
    }

    /// The file of spreadsheet rows the import is timed with, in the benchmark's folder.
    static let importRowsFile = "rows-10000.csv"

    /// 10 000 rows as a band's spreadsheet has them: title, artist, length, key, tempo, some with
    /// notes, a few titles twice.
    static func importRows() -> String {
        var text = "Title,Artist,Length,Key,BPM,Notes\n"
        var random = SplitMix(seed: 10_000)
        for index in 0..<10_000 {
            let title = (0..<(1 + index % 3)).map { _ in words[random.next(words.count)] }.joined(separator: " ")
            let notes = index % 4 == 0 ? "\"Intro \(index % 4 + 1)×, sólo kytara\"" : ""
            text +=
                "\(title) \(index % 9_000 + 1),\(authors[random.next(authors.count)]),\(2 + random.next(5)):\(10 + random.next(50)),"
                + "\(["Am", "C", "F#m", "Bb", "E"][random.next(5)]),\(60 + random.next(140)),\(notes)\n"
        }
        return text
    }

    /// A random-looking id like setlist's own (32 hex digits), the same on every run.
    static func id(_ kind: String, _ number: Int) -> String {
        var random = SplitMix(seed: UInt64(number) &* 1_000_003 &+ kind.utf8.reduce(0) { $0 &* 131 &+ UInt64($1) })
        return (0..<32).map { _ in String(random.next(16), radix: 16) }.joined()
    }

    /// Writes the library into `folder` (replacing what is there) through the store, so the files
    /// are exactly what setlist writes; the history of that one big change is dropped.
    func write(to folder: URL) throws {
        try? FileManager.default.removeItem(at: folder)
        let songs = songs()
        let playlists = playlists(of: songs)
        try LibraryStore(root: folder).modify(command: "setlist-benchmarks") { library in
            library.songs = songs
            library.playlists = playlists
            library.currentPlaylistID = playlists.first?.id
            library.contacts = [
                Contact(name: "Pepa Kytara", email: "pepa@example.com"), Contact(name: "Jana Bicí", email: "jana@example.com"),
            ]
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent(History.folder))
    }
}

/// A small seeded generator (SplitMix64): the same library on every run and every machine.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
