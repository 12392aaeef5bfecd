/// A setlist: an ordered list of song copies with breaks between its sets.
public struct Playlist: Hashable, Sendable, Identifiable {
    public var id: String
    /// Unique in the library, compared case-insensitively.
    public var name: String
    /// Copies and breaks in playing order.
    public var items: [PlaylistItem]

    public init(id: String = Identifier.make(), name: String, items: [PlaylistItem] = []) {
        self.id = id
        self.name = name
        self.items = items
    }

    /// The copies in playing order; position `n` (1-based) is `copies[n - 1]`.
    public var copies: [SongCopy] {
        items.compactMap { if case .song(let copy) = $0 { copy } else { nil } }
    }

    /// The total planned length in seconds of the copies whose length is known.
    public var totalLength: Int { copies.reduce(0) { $0 + ($1.fields.length ?? 0) } }

    /// How many copies have no length, so a total can say it is incomplete.
    public var copiesWithoutLength: Int { copies.filter { $0.fields.length == nil }.count }

    /// The sets of the playlist: the songs between breaks, each with its 1-based positions.
    /// The first set has no label unless the playlist starts with a break.
    public var sets: [PlaylistSet] {
        var result: [PlaylistSet] = []
        var current = PlaylistSet(label: nil, entries: [])
        var position = 0
        var started = false
        for item in items {
            switch item {
            case .song(let copy):
                position += 1
                current.entries.append(PlaylistEntry(position: position, copy: copy))
                started = true
            case .setBreak(let label):
                if started || current.label != nil { result.append(current) }
                current = PlaylistSet(label: label, entries: [])
                started = true
            }
        }
        if started || result.isEmpty { result.append(current) }
        return result
    }

    /// The index in ``items`` of the copy at a 1-based position.
    public func itemIndex(ofPosition position: Int) -> Int? {
        var seen = 0
        for (index, item) in items.enumerated() {
            if case .song = item {
                seen += 1
                if seen == position { return index }
            }
        }
        return nil
    }

    /// The label of the break directly after the copy at `position`, if there is one.
    public func breakLabel(after position: Int) -> String? {
        guard let index = itemIndex(ofPosition: position), index + 1 < items.count,
              case .setBreak(let label) = items[index + 1] else { return nil }
        return label
    }
}

/// One entry of a playlist: a copy of a song or a break between sets.
public enum PlaylistItem: Hashable, Sendable {
    case song(SongCopy)
    /// A break, labelled like "Set 2" or "Encore"; the songs after it form the next set.
    case setBreak(String)
}

/// The songs between two breaks.
public struct PlaylistSet: Hashable, Sendable {
    /// The label of the break that opens this set; nil for the first set.
    public var label: String?
    public var entries: [PlaylistEntry]

    public var totalLength: Int { entries.reduce(0) { $0 + ($1.copy.fields.length ?? 0) } }
}

/// A copy together with its 1-based position in the playlist.
public struct PlaylistEntry: Hashable, Sendable {
    public var position: Int
    public var copy: SongCopy
}

extension PlaylistItem: Codable {
    private enum CodingKeys: String, CodingKey { case setBreak = "break" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let label = try container.decodeIfPresent(String.self, forKey: .setBreak) {
            self = .setBreak(label)
        } else {
            self = .song(try SongCopy(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .song(let copy):
            try copy.encode(to: encoder)
        case .setBreak(let label):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .setBreak)
        }
    }
}

extension Playlist: Codable {
    private enum CodingKeys: String, CodingKey { case id, name, items }
}
