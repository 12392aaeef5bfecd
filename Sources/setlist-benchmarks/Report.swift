import Foundation

/// The figures of one comparison: the command, its reference and, with `--before`, another build.
struct Result: Encodable {
    var section: String
    var library: String
    var command: String
    var milliseconds: Double
    var peakMegabytes: Double
    var reference: String
    var referenceMilliseconds: Double
    var ratio: Double
    var ratioBudget: Double?
    var memoryBudget: Double?
    /// The most milliseconds the command may take, for a budget in time rather than a ratio.
    var millisecondsBudget: Double?
    var beforeMilliseconds: Double?
    var beforeRatio: Double?
    var beforePeakMegabytes: Double?
    /// Every run, for a closer look.
    var runs: [String: [Double]]

    /// Whether the budgets hold; nil when there is none.
    var met: Bool? {
        guard ratioBudget != nil || memoryBudget != nil || millisecondsBudget != nil else { return nil }
        return ratio <= (ratioBudget ?? .infinity) && peakMegabytes < (memoryBudget ?? .infinity)
            && milliseconds <= (millisecondsBudget ?? .infinity)
    }

    init(comparison: Comparison, timings: [Timing]) {
        section = comparison.section
        library = comparison.library
        command = comparison.command
        milliseconds = timings[0].median
        peakMegabytes = timings[0].peakMegabytes
        reference = comparison.referenceName
        referenceMilliseconds = timings[1].median
        ratio = timings[0].median / max(timings[1].median, 0.001) * comparison.ratioScale
        ratioBudget = comparison.ratioBudget
        memoryBudget = comparison.memoryBudget
        millisecondsBudget = comparison.millisecondsBudget
        runs = ["command": timings[0].milliseconds, "reference": timings[1].milliseconds]
        if timings.count > 2 {
            beforeMilliseconds = timings[2].median
            beforePeakMegabytes = timings[2].peakMegabytes
            let reference = timings.count > 3 ? timings[3] : timings[1]
            beforeRatio = timings[2].median / max(reference.median, 0.001) * comparison.ratioScale
            runs["before"] = timings[2].milliseconds
            if timings.count > 3 { runs["beforeReference"] = timings[3].milliseconds }
        }
    }

    var progressLine: String {
        "  \(library) \(command): \(Report.number(milliseconds)) ms, \(Report.number(ratio, 2))× \(reference)"
            + (beforeMilliseconds.map { " (before: \(Report.number($0)) ms, \(Report.number(beforeRatio ?? 0, 2))×)" } ?? "")
    }
}

/// The table people read, and the same as JSON.
struct Report: Encodable {
    var results: [Result]
    /// The band page of `live --serve`, measured in a child process.
    var followers: FollowerFigures?
    /// The band joining while a stranger holds connections, measured in a child process.
    var strangers: StrangerFigures?
    /// How close to the laptop's beat the phones count in, measured in a child process.
    var countIn: CountInFigures?
    var hasBefore: Bool
    /// The 1-minute load average when the run ended: figures from a busy machine vary more.
    var load: Double?
    var timer: String
    /// The benchmark's own peak memory: no peak it reports can be lower.
    var peakFloor: Double

    func table() -> String {
        var lines: [String] = []
        var header = ["command", "library", "median ms", "peak MB", "reference", "ref ms", "ratio", "budget", ""]
        if hasBefore { header += ["before ms", "before ratio", "before MB"] }
        var section: String?
        var rows: [[String]] = []
        func flush() {
            guard !rows.isEmpty else { return }
            lines.append(Self.markdown([header] + rows))
            rows = []
        }
        for result in results {
            if result.section != section {
                flush()
                section = result.section
                lines.append("\n" + result.section + "\n")
            }
            var budget = result.ratioBudget.map { "≤ \(Self.number($0, 2))×" } ?? "—"
            if let memory = result.memoryBudget { budget += ", < \(Self.number(memory)) MB" }
            if let time = result.millisecondsBudget { budget = "≤ \(Self.number(time)) ms" }
            var row = [
                result.command, result.library, Self.number(result.milliseconds), Self.number(result.peakMegabytes), result.reference,
                Self.number(result.referenceMilliseconds), Self.number(result.ratio, 2) + "×", budget,
                result.met.map { $0 ? "met" : "MISSED" } ?? "",
            ]
            if hasBefore {
                row += [
                    result.beforeMilliseconds.map { Self.number($0) } ?? "", result.beforeRatio.map { Self.number($0, 2) + "×" } ?? "",
                    result.beforePeakMegabytes.map { Self.number($0) } ?? "",
                ]
            }
            rows.append(row)
        }
        flush()
        if let followers { lines.append(followers.table()) }
        if let strangers { lines.append(strangers.table()) }
        if let countIn { lines.append(countIn.table()) }
        let pages = [followers?.met, strangers?.met, countIn?.met]
        let met = results.filter { $0.met == true }.count + pages.filter { $0 == true }.count
        let budgeted = results.filter { $0.met != nil }.count + pages.compactMap { $0 }.count
        lines.append(
            "\n\(met) of \(budgeted) budgets met. Medians of whole-process runs (\(timer)); load average \(load.map { Self.number($0, 2) } ?? "?") at the end; "
                + (Runner.time != nil
                    ? "peaks by GNU time."
                    : "no peak reads below \(Self.number(peakFloor)) MB, the benchmark's own (Linux counts it for the programs it starts).")
        )
        return lines.joined(separator: "\n")
    }

    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// A Markdown table, columns padded so it also reads as plain text.
    static func markdown(_ rows: [[String]]) -> String {
        let widths = rows[0].indices.map { column in max(3, rows.map { $0[column].count }.max() ?? 0) }
        func line(_ cells: [String]) -> String {
            "| " + zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ") + " |"
        }
        return ([line(rows[0]), line(widths.map { String(repeating: "-", count: $0) })] + rows.dropFirst().map(line))
            .joined(separator: "\n")
    }

    static func number(_ value: Double, _ decimals: Int = 1) -> String { String(format: "%.\(decimals)f", value) }

    static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }
}
