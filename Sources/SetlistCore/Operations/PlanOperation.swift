/// What `setlist plan` changes; nil fields stay as they are.
public struct PlanChange: Sendable, Hashable {
    public var start: PlanStart?
    public var gap: Int?
    public var breakLength: Int?
    public var target: Int?
    /// Removes the plan (and takes no other field).
    public var clear: Bool

    public init(start: PlanStart? = nil, gap: Int? = nil, breakLength: Int? = nil, target: Int? = nil, clear: Bool = false) {
        self.start = start
        self.gap = gap
        self.breakLength = breakLength
        self.target = target
        self.clear = clear
    }

    public var isEmpty: Bool { start == nil && gap == nil && breakLength == nil && target == nil && !clear }
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
            if let start = change.start { plan.start = start }
            if let gap = change.gap { plan.gap = gap }
            if let breakLength = change.breakLength { plan.breakLength = breakLength }
            if let target = change.target { plan.target = target }
            playlists[index].plan = plan
        }
        return playlists[index]
    }
}
