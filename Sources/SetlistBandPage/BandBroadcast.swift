import Foundation

/// The views stage mode published, numbered, shared between stage mode, which publishes, and the
/// followers' connections, which wait for something newer. The recent ones are kept, so that a
/// follower a few steps behind still gets each (and each message) in order; one further behind
/// skips to the newest.
public final class BandBroadcast: @unchecked Sendable {
    /// How many recent views are kept for followers that lag.
    static let kept = 256
    // Guarded by `condition`: NSCondition's lock.
    private let condition = NSCondition()
    private var recent: [(view: BandView, json: Data)] = []
    private var closed = false
    /// Tells this run's views from those of a stage mode run before it (``BandView/run``).
    private let run = UUID().uuidString

    public init() {}

    /// What followers see from now on; gets the next sequence number.
    public func publish(_ view: BandView) {
        condition.lock()
        defer { condition.unlock() }
        var view = view
        view.sequence = (recent.last?.view.sequence ?? 0) + 1
        view.run = run
        recent.append((view, view.json()))
        if recent.count > Self.kept { recent.removeFirst(recent.count - Self.kept) }
        condition.broadcast()
    }

    /// The view now, as published last.
    public var current: BandView? {
        condition.lock()
        defer { condition.unlock() }
        return recent.last?.view
    }

    /// The view after `sequence` (the newest, when that one is no longer kept), else waits for one
    /// until `deadline`: `.quiet` then, and `.closed` once the broadcast is closed.
    /// A follower that just connected gives nil and gets the newest at once.
    public func next(after sequence: Int?, until deadline: Date) -> Update {
        condition.lock()
        defer { condition.unlock() }
        while !closed {
            if let last = recent.last, last.view.sequence > sequence ?? 0 {
                let next = sequence.flatMap { sequence in recent.first { $0.view.sequence == sequence + 1 } } ?? last
                return .view(next.view.sequence, next.json)
            }
            if !condition.wait(until: deadline) { return .quiet }
        }
        return .closed
    }

    /// Wakes every waiting follower for the end of the show.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// What a follower waiting on the broadcast gets.
    public enum Update: Equatable, Sendable {
        /// A newer view: its sequence number and JSON.
        case view(Int, Data)
        /// Nothing newer in time.
        case quiet
        /// The show is over.
        case closed
    }
}
