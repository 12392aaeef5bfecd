import ArgumentParser
import SetlistModel

struct PlanCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Plan the show: its start, the gap between songs, break length and target length.",
        discussion: """
            With a plan, `setlist show` prints each song's start time, each set's start, end and \
            length, and the total against the target; the PDFs, the email, `setlist live` and the \
            .plsts document carry it too. Without options, prints the plan.

            A start without a zone is a time in this machine's zone ($TZ, else the system's), and \
            that zone is kept with the plan: a member elsewhere sees the times in their own zone, \
            marked with it. A start without a date is today's show (the one in progress, else the next). `setlist break \
            --after N --length 20m` gives one break a length of its own.

            Examples:
              setlist plan --start 20:00 --gap 20s --target 1h30m --break-length 15m
              setlist plan "Silvestr" --start "2026-12-31 22:00"
              setlist plan --start "2026-07-04 19:30 America/New_York" --gap 0
              setlist plan --clear
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist (default: the current one).", completion: .playlists) var playlist: String?
    @Option(
        help: ArgumentHelp(
            "When the show starts: \"20:00\" or \"2026-12-31 20:00\", then optionally a time zone (Europe/Prague, UTC, +01:00).",
            valueName: "time")) var start: String?
    // Unconditional: a negative length is refused as one, not as a missing value.
    @Option(parsing: .unconditional, help: ArgumentHelp("The gap between two songs of a set, e.g. 20s (0 for none).", valueName: "length"))
    var gap: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("How long the show should be, e.g. 1h30m.", valueName: "length"))
    var target: String?
    @Option(
        parsing: .unconditional, help: ArgumentHelp("How long a break lasts unless it has its own length, e.g. 15m.", valueName: "length"))
    var breakLength: String?
    @Flag(help: "Remove the plan.") var clear = false

    func run(_ context: CommandContext) throws {
        var change = PlanChange(clear: clear)
        var errors: [ValueError] = []
        if let start {
            if let typed = PlanStart.typed(start) {
                change.start = typed.start
                change.zone = (typed.zone ?? PlanZone.local(environment: context.environment)).identifier
            } else {
                errors.append(.invalidStart(start))
            }
        }
        for (text, path) in [(gap, \PlanChange.gap), (breakLength, \.breakLength)] {
            guard let text else { continue }
            if let seconds = SongLength.duration(from: text) {
                change[keyPath: path] = seconds
            } else {
                errors.append(.invalidLength(text))
            }
        }
        if let target {
            do throws(ValueError) { change.target = try SongLength.parse(target) } catch { errors.append(error) }
        }
        guard errors.isEmpty else { throw LibraryError.invalidValues(errors) }
        if clear && !PlanChange(start: change.start, gap: change.gap, breakLength: change.breakLength, target: change.target).isEmpty {
            throw ValidationError("--clear removes the plan; give it alone.")
        }
        let playlist = try libraryOptions.modify(in: context) { library in try library.plan(self.playlist, change) }
        guard let plan = playlist.plan else {
            return context.say(
                clear
                    ? "Removed the plan of '\(playlist.name)'."
                    : "'\(playlist.name)' has no plan. Give one with `setlist plan --start 20:00 --gap 20s --target 1h30m`.")
        }
        let clock = context.planClock(plan)
        context.say("Plan of '\(playlist.name)': " + PlanText.summary(clock) + ".")
        context.say(PlanText.lines(playlist, clock).joined(separator: "\n"))
    }
}
