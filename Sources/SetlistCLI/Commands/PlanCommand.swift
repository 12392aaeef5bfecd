import ArgumentParser
import SetlistCore

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Plan the show: its start, the gap between songs, break length and target length.",
        discussion: """
            With a plan, `setlist show` prints each song's start time, each set's start, end and \
            length, and the total against the target. Without options, prints the plan.

            Examples:
              setlist plan --start 20:00 --gap 20s --target 1h30m --break-length 15m
              setlist plan "Silvestr" --start "2026-12-31 22:00"
              setlist plan --clear
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist (default: the current one).", completion: .playlists) var playlist: String?
    @Option(help: ArgumentHelp("When the show starts: \"20:00\" or \"2026-12-31 20:00\".", valueName: "time")) var start: String?
    @Option(help: ArgumentHelp("The gap between two songs of a set, e.g. 20s.", valueName: "length")) var gap: String?
    @Option(help: ArgumentHelp("How long the show should be, e.g. 1h30m.", valueName: "length")) var target: String?
    @Option(help: ArgumentHelp("How long each break lasts, e.g. 15m.", valueName: "length")) var breakLength: String?
    @Flag(help: "Remove the plan.") var clear = false

    func run() throws {
        var change = PlanChange(clear: clear)
        var errors: [ValueError] = []
        if let start {
            if let parsed = PlanStart(parsing: start) { change.start = parsed } else { errors.append(.invalidStart(start)) }
        }
        for (text, path) in [(gap, \PlanChange.gap), (target, \.target), (breakLength, \.breakLength)] {
            guard let text else { continue }
            do throws(ValueError) { change[keyPath: path] = try SongLength.parse(text) } catch { errors.append(error) }
        }
        guard errors.isEmpty else { throw LibraryError.invalidValues(errors) }
        if clear && !PlanChange(start: change.start, gap: change.gap, breakLength: change.breakLength, target: change.target).isEmpty {
            throw ValidationError("--clear removes the plan; give it alone.")
        }
        let playlist = try libraryOptions.modify { library in try library.plan(self.playlist, change) }
        guard let plan = playlist.plan else {
            return say(
                clear
                    ? "Removed the plan of '\(playlist.name)'."
                    : "'\(playlist.name)' has no plan. Give one with `setlist plan --start 20:00 --gap 20s --target 1h30m`.")
        }
        say("Plan of '\(playlist.name)': " + PlanText.summary(plan) + ".")
        say(PlanText.lines(playlist, plan).joined(separator: "\n"))
    }
}
