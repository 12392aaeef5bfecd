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

    /// Merges plans three-way, part by part; no plan counts as an empty one, and a merge that
    /// leaves nothing planned gives none. `base` nil: unknown, so every difference conflicts.
    public static func merge(base: ShowPlan??, mine: ShowPlan?, theirs: ShowPlan?, preferring preference: MergePreference)
        -> (plan: ShowPlan?, merge: RecordMerge<ShowPlan>)
    {
        let merge = ThreeWayMerge.record(
            base: base.map { $0 ?? ShowPlan() }, mine: mine ?? ShowPlan(), theirs: theirs ?? ShowPlan(), preferring: preference)
        return (merge.merged == ShowPlan() ? nil : merge.merged, merge)
    }
}
