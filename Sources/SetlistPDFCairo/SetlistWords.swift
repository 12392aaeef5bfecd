import SetlistModel
import SetlistPDF

/// Words shared by the layouts.
enum SetlistWords {
    /// "24 songs · total 1:32:10", noting songs without a length.
    static func summary(_ playlist: Playlist) -> String {
        let count = playlist.copies.count
        var text = PlaylistSummary.songs(count)
        let sets = playlist.sets.filter { !$0.entries.isEmpty }.count
        if sets > 1 { text += " in \(sets) sets" }
        return text + " · total " + PlaylistSummary.total(playlist.totalLength, unknown: playlist.copiesWithoutLength, of: count)
    }

    /// "AC/DC · 2:20 · C minor · 250 BPM", leaving out what is unknown.
    static func details(_ fields: SongFields, notation: KeyNotation) -> String {
        var parts: [String] = []
        if let author = fields.author, !author.isEmpty { parts.append(author) }
        if let length = fields.length { parts.append(SongLength.format(length)) }
        if let key = fields.key { parts.append(Self.key(key, notation: notation)) }
        if let bpm = fields.bpm { parts.append("\(bpm)\u{00A0}BPM") }
        return parts.joined(separator: "  ·  ")
    }

    /// "F♯ minor" with a no-break space, so a line that wraps never splits the key.
    static func key(_ key: MusicalKey, notation: KeyNotation) -> String {
        key.spelled(in: notation).replacingOccurrences(of: " ", with: "\u{00A0}")
    }

    /// "4 songs · 17:32": the size of one set, for its heading.
    static func setSummary(_ set: PlaylistSet) -> String {
        PlaylistSummary.songs(set.entries.count) + " · " + SongLength.format(set.totalLength)
    }

    static let empty = "This setlist has no songs yet."

    /// After a song's title at the top of a page its notes run onto.
    static let continued = "(continued)"
}
