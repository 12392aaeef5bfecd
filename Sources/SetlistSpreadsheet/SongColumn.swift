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
        .name: ["name", "title", "song", "songname", "songtitle", "nazev", "pisen", "nazevpisne", "titul", "titel", "lied"],
        .author: ["author", "artist", "artistname", "interpret", "autor", "performer", "band", "composer", "skladatel", "kunstler"],
        .length: ["length", "duration", "songlength", "delka", "time", "cas", "dauer", "lange"],
        .key: ["key", "tonina", "songkey", "tonart"],
        .bpm: ["bpm", "tempo", "songtempo"],
        .notes: ["notes", "note", "poznamky", "poznamka", "other", "comments", "comment", "notizen"],
        .set: ["set", "sada", "blok"],
        .position: ["#", "no", "nr", "number", "position", "pos", "poradi", "cislo", "order"],
    ]

    /// The column a header names, or nil for a column setlist does not know.
    public init?(header: String) {
        let folded = Self.folded(header)
        guard let found = Self.spellings.first(where: { $0.value.contains(folded) })?.key else { return nil }
        self = found
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
