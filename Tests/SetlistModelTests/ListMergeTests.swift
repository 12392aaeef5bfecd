import Foundation
import SeededRandom
import Testing

@testable import SetlistModel

/// The merge of keyed lists (songs, copies, contacts) and settling an order in one side's favour.
@Suite struct ListMergeTests {
    struct Item: Equatable, CustomStringConvertible {
        var id: String
        var value: Int
        var description: String { "\(id)=\(value)" }
    }

    private func merge(_ base: [Item]?, _ mine: [Item], _ theirs: [Item]) -> ListMerge<Item, String> {
        ListMerge(base: base, mine: mine, theirs: theirs, key: \.id, preferring: .mine) { base, mine, theirs in
            Item(
                id: mine.id, value: ThreeWayMerge.value(base: base?.value, mine: mine.value, theirs: theirs.value, preferring: .mine).value)
        }
    }

    @Test func additionsBothSidesEditsAndRemovalsMerge() {
        let base = [Item(id: "a", value: 1), Item(id: "b", value: 1), Item(id: "c", value: 1)]
        let mine = [Item(id: "a", value: 2), Item(id: "b", value: 1), Item(id: "m", value: 1)] // edits a, removes c, adds m
        let theirs = [Item(id: "a", value: 1), Item(id: "b", value: 3), Item(id: "c", value: 1), Item(id: "t", value: 1)]
        let result = merge(base, mine, theirs)
        // Both additions follow b (t's neighbour c is gone); theirs lands nearest to it.
        #expect(result.merged == [Item(id: "a", value: 2), Item(id: "b", value: 3), Item(id: "t", value: 1), Item(id: "m", value: 1)])
        #expect(result.removalConflicts.isEmpty)
    }

    @Test func removedOnOneSideChangedOnTheOtherIsKeptAndReported() {
        let base = [Item(id: "a", value: 1), Item(id: "b", value: 1), Item(id: "c", value: 1)]
        let mine = [Item(id: "a", value: 1), Item(id: "c", value: 5)] // removes b, changes c
        let theirs = [Item(id: "a", value: 1), Item(id: "b", value: 7)] // changes b, removes c
        let result = merge(base, mine, theirs)
        #expect(result.merged == [Item(id: "a", value: 1), Item(id: "b", value: 7), Item(id: "c", value: 5)])
        #expect(result.removalConflicts.map(\.element.id) == ["b", "c"])
        #expect(result.removalConflicts.map(\.removedBy) == [.mine, .theirs])
    }

    @Test func unknownBaseKeepsEverythingFromBoth() {
        let result = merge(nil, [Item(id: "a", value: 1), Item(id: "b", value: 2)], [Item(id: "b", value: 3), Item(id: "c", value: 1)])
        #expect(result.merged.map(\.id) == ["a", "b", "c"])
        #expect(result.merged[1].value == 2) // no base: a conflict, mine preferred
    }

    @Test func repeatedKeysAreToldApartByOccurrence() {
        let base = [Item(id: "x", value: 1), Item(id: "x", value: 2)]
        let result = merge(base, base + [Item(id: "x", value: 3)], base)
        #expect(result.merged.map(\.value) == [1, 2, 3])
        #expect(ListMerge<Item, String>.key(of: "x", occurrence: 2) == "x#2")
    }

    @Test func reorderFollowsThePreferredSideAndKeepsTheRest() {
        // d is not in the preferred order: it stays after c, the id it follows now.
        #expect(OrderMerge.reorder(["a", "b", "c", "d"], like: ["c", "a", "b"]) == ["c", "d", "a", "b"])
        #expect(OrderMerge.reorder(["a", "n", "b"], like: ["b", "a", "gone"]) == ["b", "a", "n"])
        #expect(OrderMerge<String>.reorder([], like: ["a"]).isEmpty)
    }

    @Test func oneSideUnchangedGivesTheOtherSide() {
        var random = seededGenerator(for: "ListMergeTests.oneSideUnchangedGivesTheOtherSide")
        let seed = random.currentSeed
        for round in 0..<200 {
            let base = (0..<Int.random(in: 0...6, using: &random)).map { Item(id: "i\($0)", value: 0) }
            var other = base.filter { _ in Bool.random(using: &random) }.map {
                Item(id: $0.id, value: Int.random(in: 0...2, using: &random))
            }
            other.shuffle(using: &random)
            other.append(Item(id: "new\(round)", value: 1))
            let context: Comment = "seed \(seed), round \(round): base \(base), other \(other)"
            #expect(merge(base, base, other).merged == other, context)
            #expect(merge(base, other, base).merged == other, context)
            #expect(merge(base, other, other).merged == other, context)
        }
    }
}
