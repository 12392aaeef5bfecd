/// What `setlist plan` changes; nil fields stay as they are.
public struct PlanChange: Sendable, Hashable {
    public var start: PlanStart?
    /// The zone of `start` (set with it): the one typed, else the machine's.
    public var zone: String?
    public var gap: Int?
    public var breakLength: Int?
    public var target: Int?
    /// Removes the plan (and takes no other field).
    public var clear: Bool

    public init(
        start: PlanStart? = nil, zone: String? = nil, gap: Int? = nil, breakLength: Int? = nil, target: Int? = nil, clear: Bool = false
    ) {
        self.start = start
        self.zone = zone
        self.gap = gap
        self.breakLength = breakLength
        self.target = target
        self.clear = clear
    }

    public var isEmpty: Bool { start == nil && gap == nil && breakLength == nil && target == nil && !clear }
}

/// What `setlist break` did: the break after a song, with its label and its own length.
public struct BreakPlaced: Sendable, Hashable {
    public var playlist: String
    public var label: String
    /// The break's own length, when it has one.
    public var length: Int?
    /// The length a break without one of its own takes (the plan's), when there is a plan.
    public var defaultLength: Int?
}

extension Library {
    /// Changes the plan of `playlist` (nil: the current one); an empty change only reads it.
    /// Returns the playlist as it is afterwards.
    public mutating func plan(_ playlist: String?, _ change: PlanChange) throws(LibraryError) -> Playlist {
        let index = try playlistIndex(matching: playlist)
        if change.clear {
            playlists[index].plan = nil
        } else if !change.isEmpty {
            var plan = playlists[index].plan ?? ShowPlan()
            if let start = change.start {
                plan.start = start
                plan.zone = change.zone
            }
            if let gap = change.gap { plan.gap = gap }
            if let breakLength = change.breakLength { plan.breakLength = breakLength }
            if let target = change.target { plan.target = target }
            playlists[index].plan = plan
        }
        return playlists[index]
    }

    /// Puts a break after the song at `position` of `playlist` (nil: the current one), or
    /// relabels the one there, and with `length` gives it a length of its own (starting a plan
    /// when the playlist has none). A break already there takes a new length without a label.
    public mutating func placeBreak(in playlist: String?, after position: Int, label: String?, length: Int?) throws(LibraryError)
        -> BreakPlaced
    {
        let index = try playlistIndex(matching: playlist)
        if label != nil || length == nil || playlists[index].breakLabel(after: position) == nil {
            try addBreak(in: index, after: position, label: label)
        }
        let slot = playlists[index].breakSlot(after: position)!
        if let length {
            var plan = playlists[index].plan ?? ShowPlan()
            plan.breakLengths.removeAll { $0.label == slot.label && $0.occurrence == slot.occurrence }
            plan.breakLengths.append(BreakLength(label: slot.label, occurrence: slot.occurrence, length: length))
            plan.breakLengths.sort(by: BreakLength.placeOrder)
            playlists[index].plan = plan
        }
        let plan = playlists[index].plan
        return BreakPlaced(
            playlist: playlists[index].name, label: slot.label,
            length: plan?.breakLengths.first { $0.label == slot.label && $0.occurrence == slot.occurrence }?.length,
            defaultLength: plan?.breakLength)
    }
}

extension Playlist {
    /// The label and occurrence of the break after the song at `position` (0: before the first).
    public func breakSlot(after position: Int) -> (label: String, occurrence: Int)? {
        guard let itemIndex = position == 0 ? -1 : self.itemIndex(ofPosition: position), itemIndex + 1 < items.count,
            case .setBreak(let label) = items[itemIndex + 1]
        else { return nil }
        let occurrence = items[..<(itemIndex + 1)].filter { $0 == .setBreak(label) }.count
        return (label, occurrence)
    }

    /// Each break's own length, breaks in playing order (nil: it takes the plan's default).
    var ownBreakLengths: [Int?] {
        slots.compactMap { slot in
            guard case .setBreak(let label, let occurrence) = slot else { return nil }
            return .some(plan?.breakLengths.first { $0.label == label && $0.occurrence == occurrence }?.length)
        }
    }

    /// Gives the breaks, in playing order, these lengths: after breaks were added, removed or
    /// relabelled, each keeps its own.
    mutating func setOwnBreakLengths(_ lengths: [Int?]) {
        guard plan != nil else { return }
        var result: [BreakLength] = []
        var index = 0
        for case .setBreak(let label, let occurrence) in slots {
            defer { index += 1 }
            if index < lengths.count, let length = lengths[index] {
                result.append(BreakLength(label: label, occurrence: occurrence, length: length))
            }
        }
        plan!.breakLengths = result.sorted(by: BreakLength.placeOrder)
    }

    /// How many breaks come before `itemIndex`.
    func breakOrdinal(before itemIndex: Int) -> Int {
        items[..<itemIndex].filter { if case .setBreak = $0 { true } else { false } }.count
    }
}
