import SetlistModel

/// A member who imported a setlist from an app-format document holds it under the id
/// ``AppDocument/playlistID(named:)`` gives its name, its copies and originals named by the app's
/// song numbers ("app-12"). A reply in setlist's own format carries those ids, which in the
/// library that sent the app document stand for its own playlist, copies and originals: they
/// are put back, so the reply updates that setlist instead of arriving as a different playlist of
/// the same name.
enum AppReply {
    /// `setlist` with the ids of `library`'s own when it is such a reply; else as it is.
    static func matched(_ setlist: SharedSetlist, in library: Library) -> SharedSetlist {
        let incoming = setlist.playlist
        guard !library.playlists.contains(where: { $0.id == incoming.id }),
            let mine = library.playlists.first(where: { AppDocument.playlistID(named: $0.name) == incoming.id })
        else { return setlist }
        var originals: [Int: String] = [:]
        for song in library.songs { originals[AppDocument.appID(for: song.id)] = originals[AppDocument.appID(for: song.id)] ?? song.id }
        // The app numbered each copy by its original (AppDocument.export).
        var copies: [Int: [String]] = [:]
        for copy in mine.copies { copies[AppDocument.appID(for: copy.originalID ?? copy.id), default: []].append(copy.id) }
        var used: Set<String> = []
        var result = setlist
        result.playlist.id = mine.id
        result.playlist.items = incoming.items.map { item in
            guard case .song(var copy) = item else { return item }
            if let number = AppDocument.appNumber(ofID: copy.id), let id = copies[number]?.first(where: { !used.contains($0) }) {
                used.insert(id)
                copy.id = id
            }
            if let original = copy.originalID, let number = AppDocument.appNumber(ofID: original), let id = originals[number] {
                copy.originalID = id
            }
            return .song(copy)
        }
        return result
    }
}
