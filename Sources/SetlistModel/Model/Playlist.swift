/// A setlist: an ordered list of song copies with breaks between its sets.
public struct Playlist: Hashable, Sendable, Identifiable {
    public var id: String
    /// The most entries (songs and breaks) a playlist may hold: what a `.plsts` document carries,
    /// checked whenever songs or breaks are added, so every playlist can be exported.
    public static let maximumItems = 1000

    /// Unique in the library, compared as lookup compares (case and accents ignored).
    public var name: String
    /// Copies and breaks in playing order.
    public var items: [PlaylistItem]
    /// The playlist's name and order as its sender last shared it in a `.plsts` document (or, for
    /// a setlist made here, as this library first sent it: ``noteSent(_:)``): the base that tells,
    /// when an updated setlist is imported, whether the member or the sender renamed it, moved its
    /// songs or changed its breaks. Nil for a playlist made here and never sent.
    public var received: ReceivedPlaylist?
    /// The show's timing (`setlist plan`); nil when the playlist has none.
    public var plan: ShowPlan?
    /// Its revisions as shared and exported, and what each member last received; nil before
    /// the first (``Revisions``).
    public var revisions: Revisions?

    public init(id: String = Identifier.make(), name: String, items: [PlaylistItem] = [], received: ReceivedPlaylist? = nil) {
        self.id = id
        self.name = name
        self.items = items
        self.received = received
    }

    /// The copies in playing order; position `n` (1-based) is `copies[n - 1]`.
    public var copies: [SongCopy] {
        items.compactMap { if case .song(let copy) = $0 { copy } else { nil } }
    }

    /// How many copies the playlist holds (without gathering them: `playlists` counts them for
    /// every playlist).
    public var copyCount: Int { items.reduce(0) { count, item in if case .song = item { count + 1 } else { count } } }

    /// The total planned length in seconds of the copies whose length is known.
    public var totalLength: Int {
        items.reduce(0) { total, item in if case .song(let copy) = item { total + (copy.fields.length ?? 0) } else { total } }
    }

    /// How many copies have no length, so a total can say it is incomplete.
    public var copiesWithoutLength: Int {
        items.reduce(0) { count, item in if case .song(let copy) = item, copy.fields.length == nil { count + 1 } else { count } }
    }

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

    /// The indices in ``items`` of breaks that open an empty set: a break directly followed by
    /// another. Two breaks at one place are no set at all (`break` never makes them); removing
    /// or moving the only song between two breaks, a merge or a hand edit can leave them.
    public var emptySetBreaks: [Int] {
        items.indices.dropLast().filter { index in
            guard case .setBreak = items[index], case .setBreak = items[index + 1] else { return false }
            return true
        }
    }

    /// Removes the breaks that open an empty set, keeping the later break of each pair (it labels
    /// the songs that follow). Returns the labels of the breaks removed, in order.
    @discardableResult
    public mutating func dropEmptySets() -> [String] {
        let empty = emptySetBreaks
        guard !empty.isEmpty else { return [] }
        let labels = empty.compactMap { index -> String? in
            if case .setBreak(let label) = items[index] { label } else { nil }
        }
        // The breaks that stay keep their own lengths in the plan.
        var lengths = ownBreakLengths
        for index in empty.reversed() { lengths.remove(at: breakOrdinal(before: index)) }
        let dropped = Set(empty)
        items = items.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
        setOwnBreakLengths(lengths)
        return labels
    }

    /// "The set 'Set 2' had no songs, so its break is gone.", for the labels
    /// ``dropEmptySets()`` returned; nil when there are none.
    public static func emptiedSetsSentence(_ labels: [String]) -> String? {
        guard let last = labels.last else { return nil }
        let names = labels.map { "'\($0)'" }
        return labels.count == 1
            ? "The set \(names[0]) had no songs, so its break is gone."
            : "The sets \(names.dropLast().joined(separator: ", ")) and '\(last)' had no songs, so their breaks are gone."
    }

    /// The label of the break directly after the copy at `position`, if there is one.
    public func breakLabel(after position: Int) -> String? {
        guard let index = itemIndex(ofPosition: position), index + 1 < items.count,
            case .setBreak(let label) = items[index + 1]
        else { return nil }
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

extension Playlist {
    /// Whether the playlist or one of its copies has no base for the next import
    /// (``received``): it was made here, or songs were added since it was last received.
    public var lacksBase: Bool {
        received == nil || items.contains { if case .song(let copy) = $0 { copy.received == nil } else { false } }
    }

    /// Notes `sent`, this playlist as it was just exported in a `.plsts` document, as the base of
    /// the next import where there is none: a member's reply to a setlist made here is then
    /// merged against what the member was sent, and only what either side changed since counts
    /// (without a base, every difference read as "both changed": notes doubled on each round trip).
    ///
    /// A base already there is kept: it is what a reply may still come from (the member may not
    /// have imported a later export), and a stale base shows conflicts where a newer one could
    /// take back this library's own changes unsaid. The import of a reply moves it on. Copies not
    /// in `sent` are left alone; `exported` and `removed` stay unknown (the sender's clock and the
    /// member's removals belong to received documents). Returns whether anything was noted.
    @discardableResult
    public mutating func noteSent(_ sent: Playlist) -> Bool {
        let fields = Dictionary(sent.copies.map { ($0.id, $0.fields) }, uniquingKeysWith: { first, _ in first })
        var noted = false
        for index in items.indices {
            guard case .song(var copy) = items[index], copy.received == nil, let base = fields[copy.id] else { continue }
            copy.received = base
            items[index] = .song(copy)
            noted = true
        }
        if received == nil {
            received = ReceivedPlaylist(of: sent)
            noted = true
        }
        return noted
    }
}

extension Library {
    /// Notes `sent` as what was sent of its playlist, when the library holds it (``Playlist/noteSent(_:)``).
    @discardableResult
    public mutating func noteSent(_ sent: Playlist) -> Bool {
        guard let index = playlists.firstIndex(where: { $0.id == sent.id }) else { return false }
        return playlists[index].noteSent(sent)
    }
}

/// A playlist as its sender last shared it: its name and the order of its copies (by the ids
/// they have in this library) and breaks. The copies' fields are in each copy's `received`.
public struct ReceivedPlaylist: Hashable, Sendable {
    public var name: String
    public var order: [PlaylistSlot]
    /// The sender's plan (nil: the sender had none), the base for merging the next one.
    public var plan: ShowPlan?
    /// When the sender exported the document last received (ISO 8601, UTC, to the second): an
    /// older document is not taken over it without asking. Nil when unknown (received before
    /// this was recorded, or from the original app, whose documents carry no date).
    public var exported: String?
    /// The copies the member took out since, by copy id, as last received: the base that tells,
    /// when the sender changes one of them, that a change was not taken (and which).
    public var removed: [String: SongFields]?

    public init(name: String, order: [PlaylistSlot], plan: ShowPlan? = nil, exported: String? = nil, removed: [String: SongFields]? = nil) {
        self.name = name
        self.order = order
        self.plan = plan
        self.exported = exported
        self.removed = removed
    }

    /// The received record of `playlist` as it stands.
    public init(of playlist: Playlist) {
        self.init(name: playlist.name, order: playlist.slots, plan: playlist.plan)
    }
}

/// One place in a playlist's order: a copy, by id, or a break, by its label and how many breaks
/// of that label come before it (so "Set 2" twice is two places).
public enum PlaylistSlot: Hashable, Sendable {
    case song(String)
    case setBreak(String, occurrence: Int)
}

extension Playlist {
    /// The order of the playlist's copies and breaks, for three-way merging (see ``OrderMerge``).
    public var slots: [PlaylistSlot] {
        var seen: [String: Int] = [:]
        return items.map { item in
            switch item {
            case .song(let copy): return .song(copy.id)
            case .setBreak(let label):
                defer { seen[label, default: 0] += 1 }
                return .setBreak(label, occurrence: seen[label, default: 0])
            }
        }
    }
}
