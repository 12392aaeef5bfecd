import Foundation

/// Which side of a merge did something.
public enum MergeSide: String, Hashable, Sendable {
    case mine, theirs
}

/// The three-way merge of an ordered list of keyed elements (the songs of the repertoire, the
/// copies and breaks of a playlist, the contacts): the order through ``OrderMerge``, each element
/// present on both sides through a merge the caller gives (usually ``ThreeWayMerge/record``).
///
/// An element one side removed and the other left as it was goes. An element one side removed
/// and the other changed is kept, as the side that changed it has it, and reported in
/// ``removalConflicts``, so nothing anyone changed is lost without a word.
public struct ListMerge<Element: Equatable, Key: Hashable> {
    /// The merged list.
    public var merged: [Element]
    /// The merge of the order (of the elements' keys, made distinct; see ``key(of:in:)``).
    public var order: OrderMerge<String>
    /// Elements one side removed and the other changed: kept, with the side that removed them.
    public var removalConflicts: [(element: Element, removedBy: MergeSide)]

    /// Merges `mine` and `theirs`, both descended from `base` (nil: unknown, so nothing counts as
    /// removed and every element both have is merged without a base).
    ///
    /// - Parameters:
    ///   - key: what identifies an element across the three lists (an id). Repeated keys are told
    ///     apart by their occurrence.
    ///   - merge: merges an element both sides hold, given its base (nil when unknown or added by both).
    public init(
        base: [Element]?, mine: [Element], theirs: [Element], key: (Element) -> Key,
        preferring preference: MergePreference, merge: (_ base: Element?, _ mine: Element, _ theirs: Element) -> Element
    ) {
        let baseKeyed = Self.keyed(base ?? [], key), mineKeyed = Self.keyed(mine, key), theirsKeyed = Self.keyed(theirs, key)
        let baseByKey = Dictionary(baseKeyed, uniquingKeysWith: { first, _ in first })
        let mineByKey = Dictionary(mineKeyed, uniquingKeysWith: { first, _ in first })
        let theirsByKey = Dictionary(theirsKeyed, uniquingKeysWith: { first, _ in first })
        // Removed by one side but changed by the other: left out of the base, so that the side
        // that still has it counts as having added it, and it stays where that side has it.
        var conflicts: [(Element, MergeSide)] = []
        var contested: Set<String> = []
        for (id, element) in baseKeyed {
            if mineByKey[id] == nil, let kept = theirsByKey[id], kept != element {
                contested.insert(id)
                conflicts.append((kept, .mine))
            } else if theirsByKey[id] == nil, let kept = mineByKey[id], kept != element {
                contested.insert(id)
                conflicts.append((kept, .theirs))
            }
        }
        order = OrderMerge(
            base: baseKeyed.map(\.0).filter { !contested.contains($0) }, mine: mineKeyed.map(\.0),
            theirs: theirsKeyed.map(\.0), preferring: preference)
        merged = order.merged.map { id in
            switch (mineByKey[id], theirsByKey[id]) {
            case (let mine?, let theirs?): merge(baseByKey[id], mine, theirs)
            case (let mine?, nil): mine
            case (nil, let theirs?): theirs
            case (nil, nil): fatalError("OrderMerge returned an id neither side holds")
            }
        }
        removalConflicts = conflicts
    }

    /// The distinct key of each element: its key, and from its second occurrence on, the number
    /// of the occurrence.
    private static func keyed(_ list: [Element], _ key: (Element) -> Key) -> [(String, Element)] {
        var seen: [Key: Int] = [:]
        return list.map { element in
            let k = key(element)
            let count = seen[k, default: 0] + 1
            seen[k] = count
            return (Self.key(of: k, occurrence: count), element)
        }
    }

    /// The distinct key ``order`` uses for the `occurrence`-th element with key `key`.
    public static func key(of key: Key, occurrence: Int = 1) -> String {
        occurrence == 1 ? "\(key)" : "\(key)#\(occurrence)"
    }
}
