import Foundation

/// Which side wins where both sides changed the same thing differently.
public enum MergePreference: Hashable, Sendable {
    /// Theirs (the sender's, the other branch's) wins; the report names the value of mine it replaced.
    case theirs
    /// Mine wins in every conflict.
    case mine
}

/// How one value came out of a three-way merge.
public enum ValueMerge<Value: Equatable>: Equatable {
    /// Nobody changed it, or both changed it to the same value.
    case unchanged(Value)
    /// Only mine changed it: mine stays.
    case keptMine(Value)
    /// Only theirs changed it: theirs comes in.
    case tookTheirs(Value)
    /// Both changed it to different values; `resolved` is the one the preference chose.
    case conflict(mine: Value, theirs: Value, resolved: Value)

    /// The merged value.
    public var value: Value {
        switch self {
        case .unchanged(let value), .keptMine(let value), .tookTheirs(let value): value
        case .conflict(_, _, let resolved): resolved
        }
    }

    public var isConflict: Bool {
        if case .conflict = self { true } else { false }
    }
}

/// The three-way merge of values, records and keyed collections: the one engine every merge of
/// setlist uses (an updated `.plsts`, and the library files' merges). `base` is the common
/// ancestor; nil means it is unknown, so every difference counts as a conflict.
public enum ThreeWayMerge {
    /// Merges one value.
    public static func value<Value: Equatable>(base: Value?, mine: Value, theirs: Value, preferring preference: MergePreference)
        -> ValueMerge<Value>
    {
        if mine == theirs { return .unchanged(mine) }
        if let base {
            if base == theirs { return .keptMine(mine) }
            if base == mine { return .tookTheirs(theirs) }
        }
        return .conflict(mine: mine, theirs: theirs, resolved: preference == .mine ? mine : theirs)
    }

    /// Merges a record field by field.
    public static func record<Record: MergeableRecord>(base: Record?, mine: Record, theirs: Record, preferring preference: MergePreference)
        -> RecordMerge<Record>
    {
        var merged = mine
        var outcomes: [Record.Field: FieldOutcome] = [:]
        for field in Record.mergeableFields {
            let mineDiffers = !mine.hasSameValue(as: theirs, in: field)
            guard mineDiffers else { continue }
            let sender = base.map { !$0.hasSameValue(as: theirs, in: field) } ?? true
            let member = base.map { !$0.hasSameValue(as: mine, in: field) } ?? true
            switch (member, sender) {
            case (true, false): outcomes[field] = .keptMine
            case (false, _):
                merged.takeValue(of: field, from: theirs)
                outcomes[field] = .tookTheirs
            case (true, true):
                if preference == .theirs { merged.takeValue(of: field, from: theirs) }
                outcomes[field] = .conflict
            }
        }
        return RecordMerge(merged: merged, outcomes: outcomes)
    }

    /// Merges dictionaries key by key: a key added, removed or changed on one side follows that
    /// side; a key changed differently on both is a conflict the preference resolves.
    public static func dictionary<Key: Hashable, Value: Equatable>(
        base: [Key: Value]?, mine: [Key: Value], theirs: [Key: Value], preferring preference: MergePreference
    ) -> (merged: [Key: Value], conflicts: Set<Key>) {
        var merged: [Key: Value] = [:]
        var conflicts: Set<Key> = []
        for key in Set(mine.keys).union(theirs.keys).union(base?.keys ?? [:].keys) {
            let baseValue: Value?? = base.map { $0[key] }
            let result: ValueMerge<Value?> = value(base: baseValue, mine: mine[key], theirs: theirs[key], preferring: preference)
            if result.isConflict { conflicts.insert(key) }
            if let kept = result.value { merged[key] = kept }
        }
        return (merged, conflicts)
    }
}

/// What happened to one field of a merged record.
public enum FieldOutcome: Hashable, Sendable {
    /// Only mine changed it.
    case keptMine
    /// Only theirs changed it.
    case tookTheirs
    /// Both changed it differently (resolved by the preference).
    case conflict
}

/// A record merged field by field, and what happened to each field where mine and theirs differed.
public struct RecordMerge<Record: MergeableRecord> {
    public var merged: Record
    /// Only the fields where mine and theirs differed.
    public var outcomes: [Record.Field: FieldOutcome]

    /// The fields with this outcome, in the record's field order.
    public func fields(_ outcome: FieldOutcome) -> [Record.Field] {
        Record.mergeableFields.filter { outcomes[$0] == outcome }
    }
}

/// A record whose fields a three-way merge can take one by one.
public protocol MergeableRecord {
    associatedtype Field: Hashable
    /// Every field, in the order reports list them.
    static var mergeableFields: [Field] { get }
    /// Whether `other` has the same value in `field`.
    func hasSameValue(as other: Self, in field: Field) -> Bool
    /// Sets `field` to `other`'s value.
    mutating func takeValue(of field: Field, from other: Self)
}
