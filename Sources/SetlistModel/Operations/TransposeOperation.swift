/// How far `setlist transpose` moves a key.
public enum Transposition: Sendable, Hashable {
    /// Up (positive) or down (negative) by semitones; the result is spelled as musicians write it.
    case semitones(Int)
    /// To this key, which keeps the spelling it was given; it must be in the copy's mode.
    case to(MusicalKey)
}

extension Library {
    /// Transposes the copy named by `reference` (a position, title or id) in `playlist` (nil: the
    /// current one), or with a nil `reference` every copy of the playlist that has a key. With
    /// `alsoOriginal` each new key is carried to the copy's original too, when it still exists.
    /// - Throws: when a named copy has no key, or `.to` names a key of the other mode; the
    ///   library is then unchanged.
    public mutating func transpose(
        _ reference: String?, in playlist: String?, _ move: Transposition,
        alsoOriginal: Bool
    ) throws(LibraryError) -> Transposed {
        let index = try playlistIndex(matching: playlist)
        let name = playlists[index].name
        let copies = playlists[index].copies
        let positions =
            try reference.map { (reference) throws(LibraryError) in [try Self.position(of: reference, in: playlists[index])] }
            ?? copies.indices.map { $0 + 1 }
        var changed = self
        var result = Transposed(playlist: name, changes: [], withoutKey: [], originalsChanged: 0, originalsMissing: 0)
        for position in positions {
            let copy = copies[position - 1]
            guard let from = copy.fields.key else {
                if reference != nil { throw .copyHasNoKey(position: position, name: copy.fields.name, playlist: name) }
                result.withoutKey.append(PlaylistEntry(position: position, copy: copy))
                continue
            }
            let to: MusicalKey, semitones: Int
            switch move {
            case .semitones(let moved):
                (to, semitones) = (from.transposed(by: moved), moved)
            case .to(let key):
                guard key.mode == from.mode else {
                    throw .transposeChangesMode(position: position, playlist: name, from: from.mode, to: key.mode)
                }
                (to, semitones) = (key, from.semitones(to: key))
            }
            // The one way a copy changes, so --also-original behaves as for `edit-song --in`.
            let originalFound = try changed.applyEdit(SongEdit(key: .some(to)), toCopyAt: position, in: index, alsoOriginal: alsoOriginal)
            if alsoOriginal { originalFound ? (result.originalsChanged += 1) : (result.originalsMissing += 1) }
            // A chart without a key takes the copy's key before (SongEdit), and is said to have.
            let taken = copy.fields.chart?.cannotMove == true ? changed.playlists[index].copies[position - 1].fields.chart?.key : nil
            result.changes.append(
                .init(position: position, name: copy.fields.name, from: from, to: to, semitones: semitones, chartKeyTaken: taken))
        }
        result.changedNothing = changed == self
        self = changed
        return result
    }
}

/// What ``Library/transpose(_:in:_:alsoOriginal:)`` did.
public struct Transposed: Sendable, Hashable {
    /// One copy's new key.
    public struct Change: Sendable, Hashable {
        public var position: Int
        public var name: String
        public var from: MusicalKey
        public var to: MusicalKey
        /// The move asked for, or with `.to` the shortest one from the old key (−5 … +6).
        public var semitones: Int
        /// The key a chart that had none was taken to be written in (the copy's key before).
        public var chartKeyTaken: MusicalKey?
    }

    /// The playlist's name.
    public var playlist: String
    public var changes: [Change]
    /// The copies left alone because they have no key (only when transposing every copy).
    public var withoutKey: [PlaylistEntry]
    /// With `alsoOriginal`: how many originals took the new key, and how many had been deleted.
    public var originalsChanged: Int
    public var originalsMissing: Int
    /// Whether every key was already the one asked for (`--to`), so nothing changed.
    public var changedNothing = false
}
