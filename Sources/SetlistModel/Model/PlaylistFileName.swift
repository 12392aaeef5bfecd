/// The name a playlist's file is kept under in a library's `playlists/` folder: a rule of the
/// model, since two playlists may not share one (an import checks it before the store writes).
extension Playlist {
    /// The file name inside `playlists/` for a playlist: readable, safe for any name (no slashes,
    /// dots or `..`, ASCII only, bounded length) and unique through the id.
    public static func fileName(name: String, id: String) -> String {
        "\(fileStem(name: name))-\(Identifier.short(id)).json"
    }

    /// The part of a playlist's file name that comes from its name: its folded letters and digits
    /// (``stem(ofFolded:)``).
    public static func fileStem(name: String) -> String {
        stem(ofFolded: Text.fold(name))
    }

    /// The stem of a folded name, character by character: each ASCII letter or digit kept, each
    /// run of anything else one "-", at most 48 long, no "-" at the end; "playlist" when nothing
    /// is left.
    static func stem(ofFolded folded: String) -> String {
        var slug = ""
        for character in folded {
            if character.isASCII && (character.isLetter || character.isNumber) {
                slug.append(character)
            } else if !slug.isEmpty && slug.last != "-" {
                slug.append("-")
            }
            if slug.count >= 48 { break }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug.isEmpty ? "playlist" : slug
    }
}
