import Foundation
import PropertyBased
import Testing

/// The random number generator of a randomised test: seeded from `$SETLIST_SEED` when that is set,
/// else afresh. The seed is printed, so a failure can be repeated exactly:
/// `SETLIST_SEED='<seed>' swift test --filter <test>`. Seeds are in the form swift-property-based
/// prints for its own checks (`.fixedSeed("<seed>")`), so one seed string serves both.
public func seededGenerator(for test: String, sourceLocation: SourceLocation = #_sourceLocation) -> Xoshiro {
    if let text = ProcessInfo.processInfo.environment["SETLIST_SEED"], !text.isEmpty {
        if let generator = Xoshiro(seed: text) {
            print("\(test): seed \(text) (from SETLIST_SEED)")
            return generator
        }
        Issue.record(
            "SETLIST_SEED='\(text)' is not a seed this test printed (base64 of 32 bytes); using a fresh one.",
            sourceLocation: sourceLocation)
    }
    let generator = Xoshiro()
    print("\(test): seed \(generator.currentSeed) (repeat with SETLIST_SEED='\(generator.currentSeed)')")
    return generator
}
