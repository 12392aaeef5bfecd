/// OpenLyrics 0.9 names a chord by its root, its structure (the intervals above the root, or a
/// short name) and its bass: `<chord root="F#" structure="m3-5-m7" bass="E"/>` is F#m7/E. This is
/// the one table between those structures and the qualities charts write.
enum OpenLyricsChords {
    /// Each quality as charts write it and the structure OpenLyrics gives it; the first quality of
    /// a structure is the one it is read back as.
    static let qualities: [(quality: String, structure: String)] = [
        ("", "3-5"), ("m", "m3-5"), ("5", "5"), ("aug", "3-a5"), ("+", "3-a5"), ("dim", "m3-d5"),
        ("7", "3-5-m7"), ("maj7", "3-5-7"), ("M7", "3-5-7"), ("m7", "m3-5-m7"), ("dim7", "m3-d5-d7"), ("m7b5", "m3-d5-m7"),
        ("mmaj7", "m3-5-7"), ("7b5", "3-d5-m7"), ("aug7", "3-a5-m7"), ("7#5", "3-a5-m7"), ("6", "3-5-6"), ("m6", "m3-5-6"),
        ("9", "3-5-m7-9"), ("7b9", "3-5-m7-m9"), ("maj9", "3-5-7-9"), ("m9", "m3-5-m7-9"), ("11", "3-5-m7-9-11"),
        ("m11", "m3-5-m7-9-11"), ("13", "3-5-m7-9-11-13"), ("maj13", "3-5-7-9-11-13"), ("m13", "m3-5-m7-9-11-13"),
        ("sus4", "4-5"), ("sus", "4-5"), ("sus2", "2-5"), ("add9", "3-5-9"), ("madd9", "m3-5-9"), ("6/9", "3-5-6-9"),
        ("7sus4", "4-5-m7"), ("7sus2", "2-5-m7"), ("9sus4", "4-5-m7-9"),
    ]

    /// The structure OpenLyrics's own short names stand for.
    static let shortNames: [String: String] = [
        "power": "5", "min": "m3-5", "aug": "3-a5", "dim": "m3-d5", "dom7": "3-5-m7", "maj7": "3-5-7", "min7": "m3-5-m7",
        "dim7": "m3-d5-d7", "halfdim7": "m3-d5-m7", "minmaj7": "m3-5-7", "augmaj7": "3-a5-7", "aug7": "3-a5-m7", "maj6": "3-5-6",
        "min6": "m3-5-6", "dom9": "3-5-m7-9", "dom9b": "3-5-m7-m9", "maj9": "3-5-7-9", "min9": "m3-5-m7-9", "minmaj9": "m3-5-7-9",
        "aug9": "3-a5-m7-9", "halfdim9": "m3-d5-m7-9", "sus4": "4-5", "sus2": "2-5", "add9": "3-5-9",
    ]

    /// The notes OpenLyrics allows as a root or bass.
    static let notes: Set<String> = [
        "C", "C#", "Db", "D", "D#", "Eb", "E", "F", "F#", "Gb", "G", "G#", "Ab", "A", "A#", "Bb", "B", "E#", "B#", "Cb", "Fb",
    ]

    /// The structure of a quality, nil when OpenLyrics has none for it.
    static func structure(of quality: String) -> String? {
        qualities.first { $0.quality == quality }?.structure
    }

    /// The quality charts write for a structure (or short name), nil when this table has none.
    static func quality(of structure: String) -> String? {
        let intervals = shortNames[structure] ?? structure
        return qualities.first { $0.structure == intervals }?.quality
    }

    /// A chord name split as OpenLyrics writes it: "F#m7/E" is ("F#", "m7", "E"); nil when its
    /// root or bass is no note OpenLyrics names.
    static func split(_ name: String) -> (root: String, quality: String, bass: String?)? {
        guard let first = name.first, "ABCDEFG".contains(first) else { return nil }
        var root = String(first), rest = name.dropFirst()
        if let sign = rest.first, sign == "#" || sign == "b" {
            root.append(sign)
            rest = rest.dropFirst()
        }
        var bass: String?
        if let slash = rest.lastIndex(of: "/"), notes.contains(String(rest[rest.index(after: slash)...])) {
            bass = String(rest[rest.index(after: slash)...])
            rest = rest[..<slash]
        }
        guard notes.contains(root) else { return nil }
        return (root, String(rest), bass)
    }
}
