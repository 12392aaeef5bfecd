import Foundation

/// The laptop's clock as the band page tells it: monotonic milliseconds (a step of the wall clock
/// during the show moves nothing). The page asks it the time (`clock`) a few times, keeps the
/// fastest answers (``BandClockEstimate``) and so knows how far its own clock is from it; a
/// count-in's first beat is sent on it, and every phone converts that to its own clock.
public enum BandClock {
    /// Milliseconds now.
    public static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    /// `date`, of the wall clock stage mode keeps, on this clock.
    public static func milliseconds(at date: Date) -> Double {
        let wall = Date()
        return now + date.timeIntervalSince(wall) * 1000
    }

    /// What `GET clock` answers: the time now, to the microsecond.
    static func answer() -> Data {
        Data(#"{"t":\#(String(format: "%.3f", now))}"#.utf8)
    }
}

/// One ping of a phone: its own clock when the request left and when the answer came (in
/// milliseconds), and the laptop's clock in the answer.
public struct ClockSample: Hashable, Sendable {
    public var sent: Double
    public var laptop: Double
    public var received: Double

    public init(sent: Double, laptop: Double, received: Double) {
        (self.sent, self.laptop, self.received) = (sent, laptop, received)
    }
}

/// How far the laptop's clock is ahead of a phone's, from the phone's pings: the page's
/// `estimateOffset` (BandPageCountIn's script), step for step, so that the benchmark's simulated
/// phones estimate as the real ones do (BandPageBrowserTests checks that the two agree).
///
/// Each ping says the laptop's time lay between sending and receiving; the midpoint is right when
/// the way there took as long as the way back, and wrong by at most half the round trip. So the
/// fastest round trips are kept (a phone's Wi-Fi spikes by 50–300 ms now and then): those within
/// 10 ms of the fastest, at most five, and the middle of their offsets is taken. (Kept within half
/// again the fastest instead, a venue's Wi-Fi of 100 ± 50 ms each way let in round trips 100 ms
/// slower than the fastest, and phones 58 ms off the laptop's beat.)
public enum BandClockEstimate {
    /// How many pings a phone sends for one estimate.
    public static let pings = 16
    /// The most round trips kept.
    static let kept = 5
    /// How much slower than the fastest a kept round trip may be, in milliseconds.
    static let slack = 10.0

    /// The laptop's clock minus the phone's, in milliseconds; nil without a usable ping.
    public static func offset(_ samples: [ClockSample]) -> Double? {
        let usable = samples.filter { $0.received >= $0.sent }.sorted {
            let (a, b) = ($0.received - $0.sent, $1.received - $1.sent)
            return a != b ? a < b : $0.sent < $1.sent
        }
        guard let first = usable.first else { return nil }
        let fastest = first.received - first.sent
        let offsets = usable.filter { $0.received - $0.sent <= fastest + slack }.prefix(kept)
            .map { $0.laptop - ($0.sent + $0.received) / 2 }.sorted()
        let middle = offsets.count / 2
        return offsets.count % 2 == 1 ? offsets[middle] : (offsets[middle - 1] + offsets[middle]) / 2
    }
}
