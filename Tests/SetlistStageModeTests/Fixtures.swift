import SetlistModel
import SetlistStageMode

/// A five-song setlist with a break "Set 2" after song 3; song 5 has no length.
enum Fixtures {
    static let notes = """
        Angus counts in; four bars of guitar alone before the band comes in. Long ending: watch the drummer for the last hit.
        Second verse: backing vocals on the chorus only.
        """

    static func song(_ name: String, _ author: String?, _ length: Int?, _ key: MusicalKey?, _ bpm: Int?, notes: String? = nil)
        -> PlaylistItem
    {
        .song(SongCopy(originalID: nil, fields: SongFields(name: name, author: author, length: length, key: key, bpm: bpm, notes: notes)))
    }

    static let concert = Playlist(
        name: "Koncert",
        items: [
            song("Highway to Hell", "AC/DC", 208, MusicalKey(parsing: "A"), 116, notes: notes),
            song("Stairway to Heaven", "Led Zeppelin", 482, MusicalKey(parsing: "Am"), 82),
            song("Příběh", "Lucie", 250, MusicalKey(parsing: "c-moll"), nil),
            .setBreak("Set 2"),
            song("Under the Bridge", "Red Hot Chili Peppers", 264, MusicalKey(parsing: "E"), 84),
            song("Smoke on the Water", "Deep Purple", nil, MusicalKey(parsing: "Gm"), 112),
        ])

    /// The same songs without a break.
    static var oneSet: Playlist {
        var playlist = concert
        playlist.items.removeAll { if case .setBreak = $0 { true } else { false } }
        return playlist
    }

    static let sizes: [TerminalSize] = [
        TerminalSize(columns: 40, rows: 12), TerminalSize(columns: 50, rows: 15), TerminalSize(columns: 60, rows: 20),
        TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 100, rows: 30), TerminalSize(columns: 120, rows: 40),
        TerminalSize(columns: 160, rows: 50), TerminalSize(columns: 200, rows: 60),
    ]
}
