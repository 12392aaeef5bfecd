import SetlistModel

/// What a column of a song spreadsheet holds.
public enum SongColumn: String, CaseIterable, Sendable {
    case name, author, length, key, bpm, notes
    /// The label of the set a song of a setlist belongs to ("Set 2", "Encore").
    case set
    /// The song's position in a setlist: known, so it is not reported, but not imported.
    case position

    /// Header names as people and other programs write them, folded (see ``folded(_:)``).
    /// Setlist Helper writes SongName/ArtistName/SongLength/Other, BandHelper Name/Artist/Key/
    /// Tempo/Duration/Notes; Czech spreadsheets název/píseň/interpret/délka/tónina/poznámky.
    static let spellings: [SongColumn: [String]] = [
        .name: ["name", "title", "song", "songname", "songtitle", "tune", "nazev", "pisen", "nazevpisne", "titul", "titel", "lied"],
        .author: [
            "author", "artist", "artistname", "interpret", "autor", "performer", "band", "composer", "by", "writtenby", "writer",
            "skladatel", "kunstler",
        ],
        .length: ["length", "duration", "songlength", "delka", "time", "cas", "dauer", "lange"],
        .key: ["key", "tonina", "songkey", "tonart"],
        .bpm: ["bpm", "tempo", "songtempo"],
        .notes: ["notes", "note", "poznamky", "poznamka", "other", "comments", "comment", "notizen"],
        .set: ["set", "sada", "blok"],
        .position: ["#", "no", "nr", "number", "position", "pos", "poradi", "cislo", "order"],
    ]

    /// Words that playlists and DJ programs put before a field's name: "SONG ARTIST", "Track Length".
    static let prefixes = ["song", "track"]

    /// The column a header names, or nil for a column setlist does not know.
    public init?(header: String) {
        let folded = Self.folded(header)
        let candidates = [folded] + Self.prefixes.filter { folded.hasPrefix($0) }.map { String(folded.dropFirst($0.count)) }
        guard let found = Self.spellings.first(where: { spelling in candidates.contains { spelling.value.contains($0) } })?.key
        else { return nil }
        self = found
    }

    /// The words that make a header about a song field, though it is not one of the spellings
    /// ("Main Key", "Original Tempo", "Composer 2"): such a column is never left out quietly.
    static let fieldWords: [String: SongColumn] = [
        "title": .name, "song": .name, "nazev": .name, "artist": .author, "author": .author, "composer": .author,
        "interpret": .author, "length": .length, "duration": .length, "delka": .length, "key": .key, "tonina": .key,
        "bpm": .bpm, "tempo": .bpm, "notes": .notes, "poznamky": .notes,
    ]

    /// The field a header's words name, for a header that is not a spelling of it.
    static func field(mentionedIn header: String) -> SongColumn? {
        let words = Text.fold(header).split { !$0.isLetter && !$0.isNumber }
        return words.lazy.compactMap { fieldWords[String($0)] }.first
    }

    /// The column's name as `--columns` takes it ("title"; "-" for a column that is not imported).
    var typedName: String {
        switch self {
        case .name: "title"
        case .position: "-"
        default: rawValue
        }
    }

    /// Case, accents, spaces, dots, underscores and dashes do not matter: "Song Length",
    /// "song_length", "SongLength" and "Délka" all compare as one word.
    static func folded(_ header: String) -> String {
        let text = Text.fold(header).filter { !" ._-:()".contains($0) }
        return text.isEmpty && header.contains("#") ? "#" : text
    }

    /// The names `--columns` accepts, for the help and errors.
    public static var typedNames: String {
        "title, author, length, key, bpm, notes, set, and - (or ignore) for a column to skip"
    }

    /// Reads the `--columns` list: one name per column of the file, `-` for a column to skip.
    public static func parseList(_ list: String) throws(SpreadsheetError) -> [SongColumn?] {
        var result: [SongColumn?] = []
        for word in list.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if word == "-" || word.isEmpty || word.lowercased() == "ignore" {
                result.append(nil)
            } else if let column = SongColumn(header: word) {
                result.append(column)
            } else {
                throw .unknownColumnName(word)
            }
        }
        return result
    }
}
