import ArgumentParser
import SetlistModel
import SetlistStore
import SetlistSupport

struct CheckCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the library for damaged or contradictory files (and repair what is safe).",
        discussion: """
            Lists every problem: files that are not valid JSON (with line and column), files written \
            by a newer setlist, playlists missing from playlists.json or listed without a file, \
            repeated ids and names, control characters and values out of range, and the conflicts a \
            merge left (`setlist resolve` settles them; see docs/git.md).

            --repair fixes what can be fixed without losing data: playlist files go back into the \
            order, entries without a file leave it, repeated ids get new ones, control characters are \
            cleaned, a set left without songs loses its break. Files that do not parse are never touched. `setlist undo` reverts a repair.

            The exit status is 0 when the library is sound (after repairing), 1 when problems remain.
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Flag(help: "Fix what can be fixed without losing data, and say what was done.") var repair = false
    @Flag(
        help:
            "Print JSON for scripts: {sound, problems: [{path, detail}], conflicts: [{number, path, subject, item, field, ours, theirs}], repaired, leftovers, counts}."
    ) var json = false

    struct Output: JSONWritable {
        struct Counts {
            var songs: Int
            var playlists: Int
            var copies: Int
            var contacts: Int
        }
        var library: String
        var sound: Bool
        var problems: [IntegrityProblem]
        var conflicts: [NumberedConflict]
        var repaired: [String]
        var leftovers: [String]
        var finishedChange: String?
        var counts: Counts

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("conflicts", conflicts)
                writer.member("counts") { writer in
                    writer.object { writer in
                        writer.member("contacts", counts.contacts)
                        writer.member("copies", counts.copies)
                        writer.member("playlists", counts.playlists)
                        writer.member("songs", counts.songs)
                    }
                }
                writer.member("finishedChange", finishedChange)
                writer.member("leftovers", leftovers)
                writer.member("library", library)
                writer.member("problems", problems)
                writer.member("repaired", repaired)
                writer.member("sound", sound)
            }
        }
    }

    func run(_ context: CommandContext) throws {
        let store = libraryOptions.store(in: context)
        // "No problems found" in a folder that is not there would hide a mistyped path.
        if LibraryOptions.folderIsMissing(store) { throw CLIError(LibraryOptions.missingFolder(store)) }
        var actions: [String] = []
        let report: IntegrityReport
        if repair {
            let result = try store.repair(command: context.commandLine)
            actions = result.actions
            report = result.remaining
        } else {
            report = try store.check()
        }
        if json {
            context.printJSON(
                Output(
                    library: store.root.path, sound: report.isSound,
                    problems: report.problems, conflicts: report.conflicts,
                    repaired: actions, leftovers: report.leftovers, finishedChange: report.finishedChange,
                    counts: .init(
                        songs: report.songCount, playlists: report.playlistCount, copies: report.copyCount, contacts: report.contactCount)))
        } else {
            printReport(report, actions: actions, root: store.root.path, in: context)
        }
        if !report.isSound { throw ExitCode(1) }
    }

    private func printReport(_ report: IntegrityReport, actions: [String], root: String, in context: CommandContext) {
        if let finished = report.finishedChange {
            context.say("Finished the change `\(finished)`, which had been interrupted.")
        }
        if repair {
            // The words agree with what remains: a problem left unrepaired did need repairing.
            context.say(actions.isEmpty ? (report.isSound ? "Nothing needed repairing." : "Could not repair anything.") : "Repaired:")
            for action in actions { context.say("  - \(action)") }
        }
        context.say(
            "Checked \(root): \(Show.count(report.songCount, "song")), \(Show.count(report.playlistCount, "playlist")) "
                + "(\(Show.count(report.copyCount, "copied song"))), \(Show.count(report.contactCount, "contact")).")
        if !report.withheld.isEmpty {
            context.say("Not read: \(report.withheld.joined(separator: ", ")) (its owner keeps it private).")
        }
        if !report.leftovers.isEmpty && !repair {
            context.say(
                "\(Show.count(report.leftovers.count, "temporary file")) left by an interrupted command (harmless; the next change removes them)."
            )
        }
        guard !report.isSound else {
            context.say("No problems found.")
            return
        }
        if !report.conflicts.isEmpty {
            context.say("\(Show.count(report.conflicts.count, "conflict")) left by a merge (the files hold ours):")
            for conflict in report.conflicts { context.say("  \(conflict)") }
            context.note("settle them with `setlist resolve --ours` or `--theirs` (all, or by number: `setlist resolve 2 --theirs`).")
        }
        guard !report.problems.isEmpty else { return }
        let count = report.problems.count
        context.say("\(Show.count(count, "problem"))\(repair ? (count == 1 ? " remains" : " remain") : ""):")
        for problem in report.problems { context.say("  - \(problem)") }
        if repair, report.problems.contains(where: { $0.kind == .unreadableFile }) {
            context.note(
                "could not repair what remains: a file that cannot be read or does not parse is never rewritten, since what could not be read in it would be lost. "
                    + "Fix it by hand, or restore it from git, a backup or the sync tool; `setlist check` tells when it is right.")
        } else if repair || !report.problems.contains(where: \.kind.isRepairable) {
            context.note("fix the files above by hand (or restore them from a backup or git); `setlist check` tells when they are right.")
        } else {
            context.note("run `setlist check --repair` to fix what can be fixed without losing data.")
        }
    }
}
