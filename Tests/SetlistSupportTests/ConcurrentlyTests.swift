import Foundation
import SeededRandom
import Synchronization
import Testing

@testable import SetlistSupport

/// ``Concurrently/map(_:width:_:)``: the results of the plain loop, whichever thread finishes first.
@Suite struct ConcurrentlyTests {
    struct Failure: Error, Equatable { var item: Int }

    @Test func resultsComeInTheItemsOrderWhateverFinishesFirst() throws {
        var generator = seededGenerator(for: "resultsComeInTheItemsOrderWhateverFinishesFirst")
        let items = (0..<40).map { ($0, UInt32.random(in: 0..<2_000, using: &generator)) }
        let threads = Mutex<Set<String>>([])
        let results = try Concurrently.map(items, width: 4) { item, pause in
            usleep(pause)
            threads.withLock { _ = $0.insert("\(pthread_self())") }
            return item * item
        }
        #expect(results == items.map { $0.0 * $0.0 })
        // Dispatch runs as many threads as there are cores.
        if Concurrently.cores > 1 { #expect(threads.withLock { $0.count } > 1, "the items were done on one thread") }
    }

    @Test func theFirstFailingItemsErrorIsThrownAfterEveryItemEnded() {
        let ended = Atomic(0)
        #expect(throws: Failure(item: 3)) {
            try Concurrently.map(Array(0..<12), width: 3) { item in
                defer { ended.add(1, ordering: .relaxed) }
                // The later failure ends first.
                if item == 3 { usleep(20_000) }
                if item == 3 || item == 7 { throw Failure(item: item) }
                return item
            }
        }
        #expect(ended.load(ordering: .relaxed) == 12)
    }

    @Test func widthOneIsAPlainLoopOnTheCallersThread() throws {
        let caller = "\(pthread_self())"
        let threads = try Concurrently.map(Array(0..<5), width: 1) { _ in "\(pthread_self())" }
        #expect(threads == Array(repeating: caller, count: 5))
    }
}
