// Times setlist's commands as whole processes against references built in the same run, and
// prints the medians, peak memory and ratios against the budgets of docs/performance.md.
//
//     Scripts/benchmark                     # builds setlist as a release does, then runs this
//     Scripts/benchmark --json              # the same figures for scripts
//     Scripts/benchmark --before OLD-SETLIST --sizes band
//
// Options: --setlist PATH (default: the setlist beside this program), --before PATH (another
// build, measured beside it), --runs N (5), --warmup N (1), --sizes band,big,stress,
// --only WORD (commands containing it), --work DIR (.build/benchmarks), --own-timer (no hyperfine).
import Foundation
import SetlistModel
import SetlistStore

struct Options {
    var setlist: String
    var before: String?
    var runs = 5
    var warmup = 1
    var sizes = GeneratedLibrary.Size.allCases
    var only: String?
    var work: URL
    var json = false
    var ownTimer = false

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    init(_ arguments: [String]) throws {
        let own = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
        setlist = own.appendingPathComponent("setlist").path
        work = Self.packageRoot.appendingPathComponent(".build/benchmarks")
        var words = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let word = words.popFirst() else { throw BenchmarkError("\(flag) needs a value.") }
            return word
        }
        while let word = words.popFirst() {
            switch word {
            case "--setlist": setlist = URL(fileURLWithPath: try value(word)).standardizedFileURL.path
            case "--before": before = URL(fileURLWithPath: try value(word)).standardizedFileURL.path
            case "--runs": runs = max(1, Int(try value(word)) ?? 5)
            case "--warmup": warmup = max(0, Int(try value(word)) ?? 1)
            case "--only": only = try value(word)
            case "--work": work = URL(fileURLWithPath: try value(word)).standardizedFileURL
            case "--json": json = true
            case "--own-timer": ownTimer = true
            case "--sizes":
                sizes = try value(word).split(separator: ",").map {
                    guard let size = GeneratedLibrary.Size(rawValue: String($0)) else { throw BenchmarkError("unknown size \($0).") }
                    return size
                }
            default: throw BenchmarkError("unknown option \(word); see the top of Sources/setlist-benchmarks/main.swift.")
            }
        }
        guard FileManager.default.isExecutableFile(atPath: setlist) else {
            throw BenchmarkError("no setlist at \(setlist): run Scripts/benchmark, which builds it, or give --setlist PATH.")
        }
        if let before, !FileManager.default.isExecutableFile(atPath: before) { throw BenchmarkError("no program at \(before) (--before).") }
    }
}

/// A copy of the program at `path`, written anew into `folder`.
func freshCopy(of path: String, named name: String, in folder: URL) throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let copy = folder.appendingPathComponent(name)
    try? FileManager.default.removeItem(at: copy)
    try FileManager.default.copyItem(at: URL(fileURLWithPath: path), to: copy)
    return copy.path
}

func progress(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

func main() throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.count == 3, arguments[0] == "--generate", let size = GeneratedLibrary.Size(rawValue: arguments[1]) {
        return try GeneratedLibrary(size: size).write(to: URL(fileURLWithPath: arguments[2]))
    }
    if arguments.count == 2, arguments[0] == "--strangers" {
        let library = try LibraryStore(root: URL(fileURLWithPath: arguments[1])).load()
        let figures = try StrangerFigures.measure(playlist: try library.playlist(matching: GeneratedLibrary.hundred))
        return FileHandle.standardOutput.write(try JSONEncoder().encode(figures))
    }
    if arguments.count == 2, arguments[0] == "--followers" {
        let library = try LibraryStore(root: URL(fileURLWithPath: arguments[1])).load()
        let figures = try FollowerFigures.measure(playlist: try library.playlist(matching: GeneratedLibrary.hundred))
        return FileHandle.standardOutput.write(try JSONEncoder().encode(figures))
    }
    if arguments.count == 2, arguments[0] == "--count-in" {
        let library = try LibraryStore(root: URL(fileURLWithPath: arguments[1])).load()
        let figures = try CountInFigures.measure(playlist: try library.playlist(matching: GeneratedLibrary.hundred))
        return FileHandle.standardOutput.write(try JSONEncoder().encode(figures))
    }
    var options = try Options(arguments)
    let work = options.work
    try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
    // Both builds are timed from copies written now: a program file that had sat in the page cache
    // since an earlier build took 718 page faults to start where a fresh copy of the same bytes
    // took 672, which put a build 5–10% behind itself.
    let programs = work.appendingPathComponent("programs")
    options.setlist = try freshCopy(of: options.setlist, named: "setlist", in: programs)
    if let before = options.before { options.before = try freshCopy(of: before, named: "setlist-before", in: programs) }
    progress("Building the references…")
    let references = try References.build(
        sources: Options.packageRoot.appendingPathComponent("Benchmarks"), into: work.appendingPathComponent("references"))

    progress("Writing the libraries…")
    let samples = work.appendingPathComponent("samples")
    try? FileManager.default.removeItem(at: samples)
    try FileManager.default.copyItem(at: Options.packageRoot.appendingPathComponent("Samples/library"), to: samples)
    // Each in a child process: a process started from this one counts this one's peak memory as
    // its own (Linux carries it over the exec), so this one must stay small.
    for size in Set(options.sizes + [.band]) {
        try Shell.run(
            CommandLine.arguments[0], ["--generate", size.rawValue, work.appendingPathComponent(size.rawValue).path],
            what: "writing the \(size.rawValue) library")
    }
    try GeneratedLibrary.importRows().write(
        to: work.appendingPathComponent(GeneratedLibrary.importRowsFile), atomically: true, encoding: .utf8)
    try SongbookProBenchmark.write(to: work.appendingPathComponent(SongbookProBenchmark.file))
    let band = try LibraryStore(root: work.appendingPathComponent("band")).load()
    for (name, file) in [(GeneratedLibrary.hundred, "paragraphs-100.txt"), (GeneratedLibrary.single, "paragraphs-1.txt")] {
        let playlist = try band.playlist(matching: name)
        try References.paragraphs(of: playlist).write(to: work.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }

    if options.sizes.contains(.band) {
        try SongbookBenchmark.prepare(setlist: options.setlist, work: work)
        try MemberShareBenchmark.prepare(setlist: options.setlist, work: work)
    }

    let plan = Plan(setlist: options.setlist, references: references, work: work)
    var comparisons = try plan.comparisons(sizes: options.sizes)
    if let only = options.only { comparisons = comparisons.filter { $0.command.contains(only) || $0.library.contains(only) } }
    let runner = Runner(runs: options.runs, warmup: options.warmup, hyperfine: options.ownTimer ? nil : Shell.find("hyperfine"))
    progress(
        "Timing \(comparisons.count) commands, \(options.runs) runs each after \(options.warmup) warm-up, with \(runner.hyperfine ?? "our own loop")…"
    )

    var results: [Result] = []
    for comparison in comparisons {
        var jobs = [comparison.subject, comparison.reference]
        if let before = options.before {
            jobs.append(comparison.subject.with(executable: before, replacing: options.setlist))
            let reference = comparison.reference.with(executable: before, replacing: options.setlist)
            // A reference that is not setlist (jq, the C program) is timed once for both builds.
            if reference.commandLineWords != comparison.reference.commandLineWords { jobs.append(reference) }
        }
        let timings = try runner.time(jobs)
        let result = Result(comparison: comparison, timings: timings)
        progress(result.progressLine)
        results.append(result)
    }
    var followers: FollowerFigures?
    var strangers: StrangerFigures?
    var countIn: CountInFigures?
    if options.sizes.contains(.band), options.only.map({ "live --serve".contains($0) }) ?? true {
        progress("Serving the band's page to 20 followers…")
        let output = try Shell.output(
            CommandLine.arguments[0], ["--followers", work.appendingPathComponent("band").path], what: "the followers' benchmark")
        followers = try JSONDecoder().decode(FollowerFigures.self, from: Data(output.utf8))
        progress("Joining 20 followers while a stranger holds 500 idle connections…")
        let joins = try Shell.output(
            CommandLine.arguments[0], ["--strangers", work.appendingPathComponent("band").path], what: "the stranger's benchmark")
        strangers = try JSONDecoder().decode(StrangerFigures.self, from: Data(joins.utf8))
        progress("Counting 20 phones in, their clocks seconds off…")
        let counted = try Shell.output(
            CommandLine.arguments[0], ["--count-in", work.appendingPathComponent("band").path], what: "the count-in's benchmark")
        countIn = try JSONDecoder().decode(CountInFigures.self, from: Data(counted.utf8))
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let report = Report(
        results: results, followers: followers, strangers: strangers, countIn: countIn, hasBefore: options.before != nil,
        load: Report.loadAverage(),
        timer: runner.hyperfine == nil ? "own loop" : "hyperfine", peakFloor: Double(usage.ru_maxrss) / 1024)
    if options.json {
        FileHandle.standardOutput.write(try report.json())
    } else {
        print(report.table())
    }
}

do {
    try main()
} catch {
    progress("setlist-benchmarks: \(error)")
    exit(1)
}
