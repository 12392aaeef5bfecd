import SetlistSupport

/// A chart in JSON: `{"key": "G major", "lines": ["{soc}", "[G]Hello …"]}`, one line of the
/// chart a line of the file, so that a change to a chart shows in git as the lines it changed;
/// `"notation": "german"` for a chart written in German notation and `"capo": 2` for one played
/// with a capo, each absent otherwise, so that a chart without them reads as it always did.
extension Chart: JSONRecord {
    public static let json = JSONMembers<Chart>(
        blank: { Chart(lines: [], key: nil) },
        [
            JSONMember(
                "lines",
                read: { chart, reader throws(JSONReadError) in
                    let lines = try reader.readArray { reader throws(JSONReadError) in try reader.readString() }
                    chart = Chart(lines: lines, key: chart.key, notation: chart.notation, capo: chart.capo)
                }, write: { $1.member("lines", $0.lines) }),
            .value("key", \.key, expected: "text like \"C minor\""),
            JSONMember(
                "notation", expected: "\"english\" or \"german\"",
                read: { chart, reader throws(JSONReadError) in
                    let text = try reader.readString()
                    guard let notation = KeyNotation(rawValue: text) else {
                        throw reader.invalid("\"\(text)\" is not a notation: \"english\" or \"german\".")
                    }
                    chart.notation = notation
                },
                write: { chart, writer in if chart.notation != .english { writer.member("notation", chart.notation.rawValue) } },
                clear: { $0.notation = .english }),
            .integer("capo", \.capo, expected: "a fret from 1 to 11"),
        ])
}
