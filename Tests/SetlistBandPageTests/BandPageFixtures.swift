import SetlistModel

/// A five-song setlist with a break "Set 2" after song 3.
enum BandPageFixtures {
    static func song(_ name: String, _ author: String?, _ length: Int?, _ key: String?, _ bpm: Int?, notes: String? = nil) -> PlaylistItem {
        .song(
            SongCopy(
                originalID: nil,
                fields: SongFields(
                    name: name, author: author, length: length, key: key.flatMap(MusicalKey.init(parsing:)), bpm: bpm, notes: notes)))
    }

    static let concert = Playlist(
        name: "Koncert",
        items: [
            song("Highway to Hell", "AC/DC", 208, "A", 116, notes: "Angus counts in."),
            song("Stairway to Heaven", "Led Zeppelin", 482, "Am", 82),
            song("Příběh", "Lucie", 250, "c-moll", nil),
            .setBreak("Set 2"),
            song("Under the Bridge", "Red Hot Chili Peppers", 264, "E", 84),
            song("Smoke on the Water", "Deep Purple", nil, "Gm", 112),
        ])
}
