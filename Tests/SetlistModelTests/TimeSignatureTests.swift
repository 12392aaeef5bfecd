import SetlistModel
import Testing

/// The time a chart starts in (`{time}`) and the beats a bar of it is counted in with.
@Suite struct TimeSignatureTests {
    @Test(arguments: [
        ("4/4", 4), ("3/4", 3), ("2/2", 2), ("5/4", 5), ("7/8", 7), ("3/8", 3), ("6/8", 2), ("9/8", 3), ("12/8", 4), ("6/16", 2),
        ("6/4", 6), ("C", 4), ("C|", 2), ("¢", 2), (" 3 / 4 ", 3),
    ])
    func aBarIsCountedInItsBeatsAndCompoundTimeInItsDottedBeats(text: String, counted: Int) throws {
        #expect(try #require(TimeSignature(parsing: text)).countedBeats == counted, "\(text)")
    }

    @Test(arguments: ["", "4", "4/3", "0/4", "x/4", "3/4/4", "waltz", "33/4"])
    func anythingElseIsNoTimeSignature(text: String) {
        #expect(TimeSignature(parsing: text) == nil, "\(text)")
    }

    @Test func theChartStartsInItsFirstTimeThatReads() throws {
        let chart = try #require(
            try Chart(text: "{time: waltz}\n{c: Intro}\n{time: 6/8}\n[G]Words\n{time: 4/4}", key: nil))
        #expect(chart.timeSignature == TimeSignature(beats: 6, unit: 8))
        #expect(try #require(try Chart(text: "{meta: time 3/4}\n[C]la", key: nil)).timeSignature?.countedBeats == 3)
        #expect(try #require(try Chart(text: "[C]No time here", key: nil)).timeSignature == nil)
    }
}
