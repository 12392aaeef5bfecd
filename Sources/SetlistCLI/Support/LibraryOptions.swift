import ArgumentParser
import Foundation
import SetlistModel
import SetlistStore

/// The `--library` option every command shares, and access to the library it names.
struct LibraryOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The library folder (default: $SETLIST_HOME, else $XDG_DATA_HOME/setlist, else ~/.local/share/setlist).",
            valueName: "dir"))
    var library: String?

    /// The library folder these options name for a command running in `context`.
    func root(in context: CommandContext) -> URL {
        LibraryLocation.resolve(option: library, environment: context.environment, currentDirectory: context.currentDirectory)
    }

    /// The store of that library.
    func store(in context: CommandContext) -> LibraryStore {
        var store = LibraryStore(root: root(in: context))
        let saved = context.saved
        store.changeSaved = { saved.markSaved() }
        return store
    }

    /// The library as it is now, or the part of it the command needs (see ``LibraryScope``).
    /// - Parameter changing: the command goes on to change the library, which creates a missing
    ///   folder: not said to be missing.
    func load(_ scope: LibraryScope = .everything, changing: Bool = false, in context: CommandContext) throws -> Library {
        // The folder is worked out once (it was twice, for the load and for the note).
        let store = store(in: context)
        defer { noteSyncConflictCopies(in: store, context: context) }
        if !changing { noteMissingFolder(store, in: context) }
        return try store.load(scope)
    }

    /// Whether the library folder is missing altogether (not merely empty).
    static func folderIsMissing(_ store: LibraryStore) -> Bool {
        !FileManager.default.fileExists(atPath: store.root.path)
    }

    /// What to say of a library folder that does not exist: a mistyped --library or $SETLIST_HOME
    /// would otherwise look like an empty library.
    static func missingFolder(_ store: LibraryStore) -> String {
        "There is no library at \(store.root.path): the folder does not exist. Check --library and $SETLIST_HOME; "
            + "the first change (like `setlist add-song`) creates it."
    }

    /// One line on standard error when the library folder does not exist; the command goes on
    /// with an empty library.
    func noteMissingFolder(_ store: LibraryStore, in context: CommandContext) {
        guard Self.folderIsMissing(store) else { return }
        let text = Self.missingFolder(store)
        context.note(text.prefix(1).lowercased() + text.dropFirst())
    }

    /// ``load(_:in:)`` for a command that lists: playlist files that cannot be read are left out
    /// and named on standard error (``LibraryStore/loadListing(_:)``). Whether some were, for
    /// the exit status.
    func loadListing(_ scope: LibraryScope, in context: CommandContext) throws -> (library: Library, incomplete: Bool) {
        let store = store(in: context)
        defer { noteSyncConflictCopies(in: store, context: context) }
        noteMissingFolder(store, in: context)
        let (library, unreadable) = try store.loadListing(scope)
        for problem in unreadable {
            context.note(
                "left out, \(problem) "
                    + (problem.kind == .unreadableFile
                        ? "Fix or restore the file (it was left untouched); `setlist check` tells when it is right."
                        : "`setlist check --repair` puts it back."))
        }
        return (library, !unreadable.isEmpty)
    }

    /// Changes the library (or the part of it `scope` names) in one locked transaction, recorded
    /// in the history under the command line.
    @discardableResult
    func modify<T>(_ scope: ChangeScope = .everything, in context: CommandContext, _ body: (inout Library) throws -> T) throws -> T {
        let store = store(in: context)
        defer { noteSyncConflictCopies(in: store, context: context) }
        return try store.modify(scope, command: context.commandLine, body)
    }

    /// One line on standard error when a sync tool left conflict copies; the command goes on.
    private func noteSyncConflictCopies(in store: LibraryStore, context: CommandContext) {
        let copies = store.syncConflictCopies()
        guard let first = copies.first else { return }
        let more = copies.count > 1 ? " and \(copies.count - 1) more" : ""
        context.errorOutput.line(
            "setlist: \(first.path)\(more): conflict cop\(copies.count == 1 ? "y" : "ies") left by \(first.tool); `setlist check` shows what differs, `setlist check --repair` merges \(copies.count == 1 ? "it" : "them") in."
        )
    }
}
