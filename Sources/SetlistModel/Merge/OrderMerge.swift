import Foundation

/// The three-way merge of an ordered list of distinct ids (a playlist's songs and breaks, the
/// repertoire's order, the order of the playlists): both sides' additions and deletions, and
/// both sides' moves where they do not cross.
public struct OrderMerge<ID: Hashable> {
    /// The merged order.
    public var merged: [ID]
    /// Ids added by mine (absent from the base), and by theirs.
    public var addedByMine: [ID], addedByTheirs: [ID]
    /// Ids of the base that mine removed, and that theirs removed.
    public var removedByMine: [ID], removedByTheirs: [ID]
    /// Ids whose place mine changed, and theirs changed (relative to the ids both kept).
    public var movedByMine: Set<ID>, movedByTheirs: Set<ID>
    /// Ids both moved to different places; the preferred side's place won.
    public var conflicts: Set<ID>

    /// Merges `mine` and `theirs`, both descended from `base`. Each list must hold distinct ids.
    ///
    /// An id either side removed is gone; an id either side added comes in after the id it
    /// follows on that side. The ids kept by all three take the preferred side's order, and the
    /// other side's moves are then made on it: each id it moved goes after the id it follows there.
    public init(base: [ID], mine: [ID], theirs: [ID], preferring preference: MergePreference) {
        let baseSet = Set(base), mineSet = Set(mine), theirsSet = Set(theirs)
        addedByMine = mine.filter { !baseSet.contains($0) }
        addedByTheirs = theirs.filter { !baseSet.contains($0) }
        removedByMine = base.filter { !mineSet.contains($0) }
        removedByTheirs = base.filter { !theirsSet.contains($0) }
        let kept = Set(base.filter { mineSet.contains($0) && theirsSet.contains($0) })
        let baseKept = base.filter(kept.contains)
        let mineKept = mine.filter(kept.contains), theirsKept = theirs.filter(kept.contains)
        movedByMine = kept.subtracting(Self.longestCommonSubsequence(baseKept, mineKept))
        movedByTheirs = kept.subtracting(Self.longestCommonSubsequence(baseKept, theirsKept))
        let (winner, loser) = preference == .theirs ? (theirsKept, mineKept) : (mineKept, theirsKept)
        let (winnerMoved, loserMoved) = preference == .theirs ? (movedByTheirs, movedByMine) : (movedByMine, movedByTheirs)
        // Moved by both to the same neighbour is one move, not a conflict.
        let winnerPredecessor = Self.predecessors(winner), loserPredecessor = Self.predecessors(loser)
        conflicts = winnerMoved.intersection(loserMoved).filter { winnerPredecessor[$0] != loserPredecessor[$0] }
        let toMove = loserMoved.subtracting(conflicts)

        var result = winner.filter { !toMove.contains($0) }
        Self.insert(loser.filter(toMove.contains), following: loser, into: &result)
        let (winnerAdded, loserAdded) = preference == .theirs ? (addedByTheirs, addedByMine) : (addedByMine, addedByTheirs)
        let winnerOrder = preference == .theirs ? theirs : mine, loserOrder = preference == .theirs ? mine : theirs
        Self.insert(winnerAdded, following: winnerOrder, into: &result)
        let placed = Set(result)
        Self.insert(loserAdded.filter { !placed.contains($0) }, following: loserOrder, into: &result)
        merged = result
    }

    /// The ids of `current` in `preferred`'s order; those `preferred` lacks go after the id they
    /// follow in `current`. Used to settle an order conflict in favour of one side.
    public static func reorder(_ current: [ID], like preferred: [ID]) -> [ID] {
        let present = Set(current), listed = Set(preferred)
        var result = preferred.filter(present.contains)
        insert(current.filter { !listed.contains($0) }, following: current, into: &result)
        return result
    }

    /// Whether the merge changed mine.
    public func changes(_ mine: [ID]) -> Bool { merged != mine }

    /// Inserts each of `ids` (in `order`'s order) right after the nearest id before it in `order`
    /// that is already in `result`, or at the start.
    private static func insert(_ ids: [ID], following order: [ID], into result: inout [ID]) {
        guard !ids.isEmpty else { return }
        let position = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for id in ids {
            var index = position[id]! - 1
            var at = 0
            while index >= 0 {
                if let found = result.firstIndex(of: order[index]) {
                    at = found + 1
                    break
                }
                index -= 1
            }
            result.insert(id, at: at)
        }
    }

    private static func predecessors(_ list: [ID]) -> [ID: ID?] {
        var result: [ID: ID?] = [:]
        for (index, id) in list.enumerated() { result[id] = index == 0 ? nil : list[index - 1] }
        return result
    }

    /// The elements of a longest common subsequence of two lists of distinct ids.
    public static func longestCommonSubsequence(_ a: [ID], _ b: [ID]) -> Set<ID> {
        guard !a.isEmpty, !b.isEmpty else { return [] }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: Set<ID> = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                result.insert(a[i])
                i += 1
                j += 1
            } else if table[i + 1][j] >= table[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return result
    }
}
