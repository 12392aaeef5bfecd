import SetlistSupport

/// The parts of a ``ShowPlan`` a three-way merge takes one by one, so the member's new gap and
/// the sender's new start both survive an update.
public enum PlanField: Hashable, Sendable, CaseIterable {
    /// The start with its zone.
    case start
    case gap
    case breakLength
    case target
    /// The breaks' own lengths, together.
    case breaks

    /// "start", "gap", "break length", "target", "break lengths": for reports.
    public var name: String {
        switch self {
        case .start: "start"
        case .gap: "gap"
        case .breakLength: "break length"
        case .target: "target"
        case .breaks: "break lengths"
        }
    }
}

extension ShowPlan: MergeableRecord {
    public static var mergeableFields: [PlanField] { PlanField.allCases }

    public func hasSameValue(as other: ShowPlan, in field: PlanField) -> Bool {
        switch field {
        case .start: start == other.start && zone == other.zone
        case .gap: gap == other.gap
        case .breakLength: breakLength == other.breakLength
        case .target: target == other.target
        case .breaks: Set(breakLengths) == Set(other.breakLengths)
        }
    }

    public mutating func takeValue(of field: PlanField, from other: ShowPlan) {
        switch field {
        case .start:
            start = other.start
            zone = other.zone
        case .gap: gap = other.gap
        case .breakLength: breakLength = other.breakLength
        case .target: target = other.target
        case .breaks: breakLengths = other.breakLengths
        }
    }

    /// One field's value as reports show it: "2026-12-31 20:00 Europe/Prague", "0:20", "none",
    /// "Encore 10:00, Set 2 15:00".
    public func show(_ field: PlanField) -> String {
        switch field {
        case .start: start.map { $0.description + (zone.map { " " + $0 } ?? "") } ?? "none"
        case .gap: SongLength.format(gap)
        case .breakLength: SongLength.format(breakLength)
        case .target: target.map(SongLength.format) ?? "none"
        case .breaks:
            breakLengths.isEmpty
                ? "none"
                : breakLengths.map { "\($0.label)\($0.occurrence > 0 ? " (\($0.occurrence + 1))" : "") \(SongLength.format($0.length))" }
                    .joined(separator: ", ")
        }
    }

    /// Merges plans three-way, part by part, and the breaks' own lengths break by break; no plan
    /// counts as an empty one, and a merge that leaves nothing planned gives none. `base` nil:
    /// unknown, so every difference conflicts. The one rule for an import's update and for the
    /// library files' merge (`setlist merge-file`, sync conflicts).
    public static func merge(base: ShowPlan??, mine: ShowPlan?, theirs: ShowPlan?, preferring preference: MergePreference)
        -> (plan: ShowPlan?, merge: RecordMerge<ShowPlan>)
    {
        let base = base.map { $0 ?? ShowPlan() }, mine = mine ?? ShowPlan(), theirs = theirs ?? ShowPlan()
        var merge = ThreeWayMerge.record(base: base, mine: mine, theirs: theirs, preferring: preference)
        if merge.outcomes[.breaks] != nil {
            // One member's longer encore break and another's shorter second break both stay.
            func lengths(_ plan: ShowPlan) -> [PlaylistSlot: BreakLength] {
                Dictionary(plan.breakLengths.map { ($0.place, $0) }) { first, _ in first }
            }
            let mineLengths = lengths(mine)
            let (merged, conflicts) = ThreeWayMerge.dictionary(
                base: base.map(lengths), mine: mineLengths, theirs: lengths(theirs), preferring: preference)
            merge.merged.breakLengths = merged.values.sorted(by: BreakLength.placeOrder)
            if conflicts.isEmpty { merge.outcomes[.breaks] = merged == mineLengths ? .keptMine : .tookTheirs }
        }
        return (merge.merged == ShowPlan() ? nil : merge.merged, merge)
    }

    /// One part as a playlist file stores it, for a merge conflict: the value of its field
    /// ("gap": 20), for the start an object with the start and its zone; null when unset.
    public func json(_ field: PlanField) -> JSONValue {
        guard case .object(let object) = JSONValue(writing: self) else { return .null }
        let keys = field.keys
        if keys.count == 1 { return object[keys[0]] ?? .null }
        let part = object.filter { keys.contains($0.key) }
        return part.isEmpty ? .null : .object(part)
    }

    /// The plan with the part `field` set to `value`, as ``json(_:)`` gives it (`setlist resolve`).
    public func assigning(_ value: JSONValue, to field: PlanField) throws -> ShowPlan {
        guard case .object(var object) = JSONValue(writing: self) else { return self }
        let keys = field.keys
        for key in keys { object[key] = nil }
        if keys.count == 1 {
            if value != .null { object[keys[0]] = value }
        } else if case .object(let part) = value {
            for (key, item) in part where keys.contains(key) { object[key] = item }
        }
        return try JSONValue.object(object).decode(as: ShowPlan.self)
    }
}

extension PlanField {
    /// The part's fields in a playlist file's `plan` object.
    var keys: [String] {
        switch self {
        case .start: ["start", "zone"]
        case .gap: ["gap"]
        case .breakLength: ["breakLength"]
        case .target: ["target"]
        case .breaks: ["breaks"]
        }
    }

    /// "plan.gap": how a library file's merge conflict names the part.
    public var conflictField: String { "plan." + keys[0] }

    /// The part a conflict's field names.
    public init?(conflictField: String) {
        guard let field = PlanField.allCases.first(where: { $0.conflictField == conflictField }) else { return nil }
        self = field
    }
}
