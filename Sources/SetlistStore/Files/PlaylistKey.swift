import SetlistModel

extension LibraryFiles {
    /// The entries of the order file whose playlist the reference made into `key` may name (nil:
    /// the current one), told by what the order file holds: the ids, and the file names, which
    /// come from the folded names (``Playlist/fileName(name:id:)``). A name finds its playlist only
    /// through its file's name, so a file renamed by hand is not a candidate; then nothing is
    /// found and everything is read.
    static func candidates(for key: PlaylistKey?, in order: PlaylistOrderFile) -> [String] {
        guard let key else { return order.current.map { [$0] } ?? [] }
        return order.playlists.filter(key.matches).map(\.id)
    }

    /// What an order file's entry is compared with to be a candidate for a reference to a playlist.
    struct PlaylistKey {
        /// The reference trimmed and lowered: an id, or the start of one.
        private let lower: String
        private let byPrefix: Bool
        /// What the file name of a playlist with that name starts with, "-" included; ASCII.
        private let stem: String

        init(_ reference: String) {
            let trimmed = Text.trimmedSpaces(reference)
            lower = trimmed.lowercased()
            byPrefix = Identifier.looksLikePrefix(trimmed)
            stem = Playlist.fileStem(name: trimmed) + "-"
        }

        /// The rule: the entry's id is the reference or, when it looks like one, starts with it,
        /// or its file is the one a playlist of that name is given.
        func matches(_ entry: PlaylistOrderFile.Entry) -> Bool {
            entry.id == lower || (byPrefix && entry.id.hasPrefix(lower))
                || (entry.file.hasPrefix(stem) && entry.file == stem + Identifier.short(entry.id) + ".json")
        }
    }
}
