import Dispatch
import Foundation
import Synchronization

/// Independent pieces of work done side by side, on as many threads as the machine has cores.
public enum Concurrently {
    /// The threads ``map(_:width:_:)`` uses by default: one per core.
    public static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `transform` of each item, the results in the items' order, done on up to `width` threads
    /// at once (with `width` 1, or one item, a plain loop on the caller's thread: the reference
    /// the concurrent run is checked against). When some calls throw, every call still ends and
    /// the error of the first item that failed is thrown, as the loop would have.
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], width: Int = cores, _ transform: @Sendable (Item) throws -> Result
    ) throws -> [Result] {
        guard width > 1, items.count > 1 else { return try items.map(transform) }
        let next = Atomic(0)
        let outcomes = Mutex([Swift.Result<Result, any Error>?](repeating: nil, count: items.count))
        DispatchQueue.concurrentPerform(iterations: min(width, items.count)) { _ in
            // Each thread takes the next item not yet taken, so a slow item holds no other back.
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < items.count else { return }
                let outcome = Swift.Result { try transform(items[index]) }
                outcomes.withLock { $0[index] = outcome }
            }
        }
        return try outcomes.withLock { outcomes in try outcomes.map { try $0!.get() } }
    }
}
