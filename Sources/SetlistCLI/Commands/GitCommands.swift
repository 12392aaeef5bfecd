import ArgumentParser
import Foundation
import SetlistModel
import SetlistStore

struct MergeFileCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-file",
        abstract: "Merge three versions of a library file by their meaning (git's merge driver).",
        discussion: """
            git calls this as `setlist merge-file %O %A %B %P` once `setlist git-setup` has set it up. \
            Songs, copies, playlists and contacts added on both sides are all kept; edits to different \
            fields of one song merge; reorderings merge where they do not cross; an item removed on one \
            side and unchanged on the other goes.

            Where both sides changed the same field differently the result keeps ours, records theirs \
            in the file's "conflicts" section and exits with status 1, so git reports the conflict; \
            `setlist check` lists it and `setlist resolve` settles it. Versions that do not parse or \
            come from a newer setlist are refused and OURS is left as it was. See docs/git.md.
            """)

    @Argument(help: "The common version (git's %O; an empty file when there is none).") var base: String
    @Argument(help: "Our version (git's %A); the result is written here.") var ours: String
    @Argument(help: "Their version (git's %B).") var theirs: String
    @Argument(help: "The file's path in the repository (git's %P), for messages.") var path: String?

    func run(_ context: CommandContext) throws {
        let name = path ?? ours
        let result = try LibraryFileMerge.mergeFiles(
            base: context.url(for: base), ours: context.url(for: ours), theirs: context.url(for: theirs), path: name)
        guard !result.conflicts.isEmpty else { return }
        context.note("\(name): \(Show.count(result.conflicts.count, "conflict")); the file keeps ours and records theirs:")
        for conflict in result.conflicts { context.errorOutput.line("  " + conflict.summary) }
        context.errorOutput.line("  `setlist check` lists them; `setlist resolve --ours` or `--theirs` settles them.")
        throw ExitCode(1)
    }
}

struct ResolveCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Settle the conflicts a merge left: keep ours or take theirs.",
        discussion: """
            `setlist check` lists the conflicts with their numbers. Without numbers every conflict is \
            settled. In a git repository the files left without conflicts are staged, so `git commit` \
            finishes the merge. `setlist undo` takes a resolve back.

            Examples:
              setlist resolve --theirs
              setlist resolve 1 3 --ours
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The conflicts' numbers, as `setlist check` lists them (default: all).") var numbers: [Int] = []
    @Flag(help: "Keep our value (what the files hold now).") var ours = false
    @Flag(help: "Take their value.") var theirs = false

    func validate() throws {
        guard ours != theirs else { throw ValidationError("Say which side to keep: --ours or --theirs.") }
    }

    func run(_ context: CommandContext) throws {
        let report = try libraryOptions.store(in: context).resolveConflicts(
            numbers, taking: theirs ? .theirs : .mine, command: context.commandLine)
        for (path, conflict) in report.settled {
            context.say(
                "\(path): \(conflict.subject), \(conflict.field): \(theirs ? "took theirs, \(conflict.shown(.theirs))" : "kept ours, \(conflict.shown(.mine))")."
            )
        }
        if !report.staged.isEmpty { context.say("Staged for git: \(report.staged.joined(separator: ", ")).") }
        context.say(
            report.remaining == 0
                ? "No conflicts remain." : "\(Show.count(report.remaining, "conflict")) remain; `setlist check` lists them.")
    }
}

struct GitSetupCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "git-setup",
        abstract: "Set up a library kept in git so that merges go by meaning, not by line.",
        discussion: """
            Run it in the library folder (or name it with --library). It writes .gitattributes \
            (*.json merge=setlist), a .gitignore for the history and lock files, and the merge.setlist \
            driver in the repository's config (`setlist merge-file %O %A %B %P`). Safe to run again; \
            each member runs it once in their clone, since git does not share its config.
            """)

    @OptionGroup var libraryOptions: LibraryOptions

    func run(_ context: CommandContext) throws {
        // In a library folder, that folder; else the library the options name.
        let here = context.url(for: ".")
        let inLibrary =
            libraryOptions.library == nil
            && [LibraryFiles.songs, LibraryFiles.playlistOrder].contains {
                FileManager.default.fileExists(atPath: here.appendingPathComponent($0).path)
            }
        let root = inLibrary ? here : libraryOptions.root(in: context)
        let actions = try GitRepository(containing: root).setUp()
        context.say(actions.isEmpty ? "\(root.path) is already set up for git." : "Set up \(root.path) for git:")
        for action in actions { context.say("  - \(action)") }
    }
}
