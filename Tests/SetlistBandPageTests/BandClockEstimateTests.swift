import Foundation
import SeededRandom
import SetlistBandPage
import Testing

/// A phone's estimate of the laptop's clock from its pings keeps the fastest round trips.
@Suite struct BandClockEstimateTests {
    @Test func theFastestRoundTripsAreKeptAndSpikesLeftOut() throws {
        // The laptop is 5 000 ms ahead; the way there takes `up`, the way back `down`.
        func ping(at sent: Double, up: Double, down: Double) -> ClockSample {
            ClockSample(sent: sent, laptop: sent + up + 5000, received: sent + up + down)
        }
        let samples = [
            ping(at: 0, up: 2, down: 2), ping(at: 100, up: 250, down: 3), ping(at: 400, up: 3, down: 2),
            ping(at: 500, up: 2, down: 180), ping(at: 700, up: 2, down: 3), ping(at: 800, up: 300, down: 300),
        ]
        // Kept: the round trips of 4, 5 and 5 ms (offsets 5000, 5000.5 and 4999.5): the middle.
        #expect(BandClockEstimate.offset(samples) == 5000)
        #expect(BandClockEstimate.offset([]) == nil)
        #expect(BandClockEstimate.offset([ClockSample(sent: 10, laptop: 0, received: 5)]) == nil, "an answer before its question")
    }

    /// Through a venue's Wi-Fi (each way 50–150 ms, a spike now and then), a phone's pings put a
    /// clock seconds off within a few tens of milliseconds.
    @Test func pingsThroughAVenuesWifiFindAClockSecondsOff() {
        var random = seededGenerator(for: "pingsThroughAVenuesWifi")
        var worst = 0.0
        for _ in 0..<200 {
            let offset = Double.random(in: -5000...5000, using: &random)
            var sent = 0.0
            let samples = (0..<BandClockEstimate.pings).map { _ -> ClockSample in
                let spike = Double.random(in: 0..<1, using: &random) < 0.2 ? Double.random(in: 50...300, using: &random) : 0
                let up = Double.random(in: 50...150, using: &random) + spike, down = Double.random(in: 50...150, using: &random)
                defer { sent += up + down + 50 }
                return ClockSample(sent: sent, laptop: sent + up + offset, received: sent + up + down)
            }
            worst = max(worst, abs(BandClockEstimate.offset(samples)! - offset))
        }
        #expect(worst < 40, "\(worst)")
    }
}
