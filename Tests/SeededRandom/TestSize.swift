import Foundation

/// How big the costly randomised and stress tests run: small by default, so the whole suite stays
/// quick, and at full size with `SETLIST_STRESS=1` (see docs/architecture.md, "Building, testing and measuring").
public enum TestSize {
    /// Whether `SETLIST_STRESS=1` asks for the full size.
    public static let isFull = ProcessInfo.processInfo.environment["SETLIST_STRESS"] == "1"

    /// `small` by default, `full` with `SETLIST_STRESS=1`; a positive integer in the environment
    /// variable `name`, when one is given and set, wins over both.
    public static func count(small: Int, full: Int, overriddenBy name: String? = nil) -> Int {
        if let name, let value = ProcessInfo.processInfo.environment[name].flatMap(Int.init) { return max(1, value) }
        return isFull ? full : small
    }
}
