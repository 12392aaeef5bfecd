import SetlistModel

/// Everything a musician needs about one position of a setlist on stage: the song, where it is in
/// the playlist and its set, what follows, and how much of the set's planned time is behind and
/// ahead. Both stage mode's screen and `setlist show --at N` are made from this.
public struct StagePosition: Hashable, Sendable {
    /// What comes after the current song.
    public enum Following: Hashable, Sendable {
        /// The next song, directly.
        case song(PlaylistEntry)
        /// A break between sets, and the first song after it (nil when the break ends the list).
        case setBreak(label: String, then: PlaylistEntry?)
        /// The current song is the last one.
        case end
    }

    /// The playlist's name.
    public var playlistName: String
    /// The 1-based position of the current song.
    public var position: Int
    /// How many songs the playlist holds.
    public var count: Int
    /// The copy at this position.
    public var copy: SongCopy
    /// The set's label ("Set 2", "Encore"); "Set 1" for an unlabelled first set of a playlist with
    /// breaks; nil when the playlist has a single unlabelled set.
    public var setLabel: String?
    /// What follows the current song.
    public var following: Following
    /// Planned seconds of the set's songs before the current one.
    public var elapsed: Int
    /// Planned seconds of the current song and the rest of its set.
    public var remaining: Int
    /// Songs of the set whose length is unknown, so the times above are incomplete.
    public var unknownLengths: Int
    /// How keys are printed.
    public var notation: KeyNotation
    /// When the song should start under the playlist's plan; nil without a plan or a clock.
    public var planned: PlannedStart?

    /// The details of `position` (1-based) in `playlist`, or nil when there is no song there;
    /// with `clock`, the plan's start of the song.
    public init?(playlist: Playlist, position: Int, notation: KeyNotation = .english, clock: PlanClock? = nil) {
        self.notation = notation
        planned = PlannedStart(playlist: playlist, position: position, clock: clock)
        let sets = playlist.sets
        guard let setIndex = sets.firstIndex(where: { $0.entries.contains { $0.position == position } }) else { return nil }
        let set = sets[setIndex]
        let entryIndex = set.entries.firstIndex { $0.position == position }!
        playlistName = playlist.name
        self.position = position
        count = playlist.copies.count
        copy = set.entries[entryIndex].copy
        setLabel = set.label ?? (sets.count > 1 ? "Set 1" : nil)
        let before = set.entries[..<entryIndex], rest = set.entries[entryIndex...]
        elapsed = before.reduce(0) { $0 + ($1.copy.fields.length ?? 0) }
        remaining = rest.reduce(0) { $0 + ($1.copy.fields.length ?? 0) }
        unknownLengths = set.entries.filter { $0.copy.fields.length == nil }.count
        if entryIndex + 1 < set.entries.count {
            following = .song(set.entries[entryIndex + 1])
        } else if let label = playlist.breakLabel(after: position) {
            // Sets after the break may be empty (two breaks in a row); take the next song anywhere.
            let then = sets[(setIndex + 1)...].lazy.compactMap(\.entries.first).first
            following = .setBreak(label: label, then: then)
        } else {
            following = .end
        }
    }

    /// "3/15".
    public var counter: String { "\(position)/\(count)" }

    /// "Length 2:20", "Key C minor", "250 BPM"; unknown values shown as "—".
    public var facts: [String] {
        let fields = copy.fields
        return [
            "Length " + (fields.length.map(SongLength.format) ?? "—"),
            "Key " + (fields.key?.spelled(in: notation) ?? "—"),
            fields.bpm.map { "\($0) BPM" } ?? "BPM —",
        ]
    }

    /// "Next: 4. Stairway to Heaven (1:30, D major, 250 BPM)", or the break that follows.
    public var nextLine: String {
        let (lead, title, details) = nextParts
        return lead + title + details
    }

    /// The ``nextLine`` on one line of at most `width` cells: a long title is cut with "…" so
    /// that the length, key and tempo after it still show; where even then a few letters of the
    /// title do not fit, the key alone stays beside it, and failing that the whole line is cut.
    public func nextLine(fitting width: Int) -> String {
        let (lead, title, details) = nextParts
        let whole = lead + title + details
        guard Cells.width(whole) > width else { return whole }
        for details in [details, keyOnly].compactMap({ $0 }) {
            let room = width - Cells.width(lead) - Cells.width(details)
            if room >= min(8, Cells.width(title)) { return lead + Cells.truncate(title, to: room) + details }
        }
        return Cells.truncate(whole, to: width)
    }

    /// " (A minor)": the next song's key alone, for narrow screens; nil without one.
    private var keyOnly: String? {
        let entry: PlaylistEntry?
        switch following {
        case .song(let next): entry = next
        case .setBreak(_, let then): entry = then
        case .end: entry = nil
        }
        return entry?.copy.fields.key.map { " (" + $0.spelled(in: notation) + ")" }
    }

    /// The next line in three parts: what comes before the title, the title, and the details after it.
    private var nextParts: (lead: String, title: String, details: String) {
        switch following {
        case .song(let entry):
            return ("Next: \(entry.position). ", entry.copy.fields.name, details(entry))
        case .setBreak(let label, let then):
            guard let then else { return ("Next: break, then \(label)", "", "") }
            return ("Next: break, then \(label): \(then.position). ", then.copy.fields.name, details(then))
        case .end:
            return ("Next: nothing, this is the last song", "", "")
        }
    }

    /// "Set 2: 12:30 played, 20:10 to go" (planned times), with a note of songs without a length.
    public var timeLine: String {
        let unknown = PlaylistSummary.lengthsMissing(unknownLengths).map { " (\($0))" } ?? ""
        return "\(setLabel ?? "Set"): \(SongLength.format(elapsed)) played, \(SongLength.format(remaining)) to go\(unknown)"
    }

    /// The ``timeLine`` for narrow screens: a "+" marks times that miss songs without a length.
    public var shortTimeLine: String {
        let plus = unknownLengths == 0 ? "" : "+"
        return "\(setLabel ?? "Set"): \(SongLength.format(elapsed))\(plus) played, \(SongLength.format(remaining))\(plus) to go"
    }

    /// The details as plain lines for `setlist show --at N`: one fact per line, notes unwrapped.
    public var textLines: [String] {
        var lines = ["\(counter)\(setLabel.map { " · " + $0 } ?? "") · \(playlistName)", copy.fields.name]
        if let author = copy.fields.author { lines.append("by \(author)") }
        lines.append(facts.joined(separator: " · "))
        if let notes = copy.fields.notes {
            lines.append("")
            lines.append(contentsOf: notes.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
        lines.append("")
        lines.append(nextLine)
        lines.append(timeLine)
        if let planned { lines.append(planned.line(now: nil).long) }
        return lines
    }

    /// " (1:30, D major, 250 BPM)": what is known of the entry's length, key and tempo.
    func details(_ entry: PlaylistEntry) -> String {
        let fields = entry.copy.fields
        let extra = [fields.length.map(SongLength.format), fields.key?.spelled(in: notation), fields.bpm.map { "\($0) BPM" }].compactMap {
            $0
        }
        return extra.isEmpty ? "" : " (" + extra.joined(separator: ", ") + ")"
    }
}
