import SetlistSupport

/// A chart in JSON: `{"key": "G major", "lines": ["{soc}", "[G]Hello …"]}`, one line of the
/// chart a line of the file, so that a change to a chart shows in git as the lines it changed.
extension Chart: JSONRecord {
    public static let json = JSONMembers<Chart>(
        blank: { Chart(lines: [], key: nil) },
        [
            JSONMember(
                "lines",
                read: { chart, reader throws(JSONReadError) in
                    chart = Chart(lines: try reader.readArray { reader throws(JSONReadError) in try reader.readString() }, key: chart.key)
                }, write: { $1.member("lines", $0.lines) }),
            .value("key", \.key, expected: "text like \"C minor\""),
        ])
}
