import ArgumentParser
import Foundation
import SetlistModel
import SetlistStore
import SetlistSupport

struct UndoCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Revert the last change to the library (--list shows the recent changes).",
        discussion: """
            Every change is recorded with the command that made it; the last \(History.limit) are kept. \
            Each undo reverts one more, newest first; `setlist redo` makes them again, until a new \
            change is made. A change whose files were edited since by other means is not undone, so \
            those edits are never lost.
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Flag(help: "List the recent changes, newest first, and the undone ones redo can make again.") var list = false
    @Flag(help: "With --list: print JSON for scripts: [{number, date, command, files, undone}].") var json = false

    func validate() throws {
        if json && !list { throw ValidationError("--json goes with --list.") }
    }

    struct Change: JSONWritable {
        var number: Int
        var date: String
        var command: String
        var files: [String]
        /// Undone, so `setlist redo` can make it again.
        var undone: Bool

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("command", command)
                writer.member("date", date)
                writer.member("files", files)
                writer.member("number", number)
                writer.member("undone", undone)
            }
        }
    }

    func run(_ context: CommandContext) throws {
        let store = libraryOptions.store(in: context)
        if list { libraryOptions.noteMissingFolder(store, in: context) }
        if list { return try printList(store.history(), undone: store.undoneChanges(), in: context) }
        let outcome = try store.undo()
        context.say(
            "Undid `\(Text.oneLine(outcome.command))` (\(DateText.local(outcome.date))): \(Show.files(of: outcome, written: "put back")). `setlist redo` makes it again."
        )
        let left = store.history().count
        context.say(
            left == 0
                ? "No earlier changes are recorded."
                : "\(Show.count(left, "earlier change")) \(left == 1 ? "is" : "are") recorded; `setlist undo --list` shows them.")
    }

    private func printList(_ entries: [History.Entry], undone: [History.Entry], in context: CommandContext) throws {
        if json {
            let done = entries.map {
                Change(number: $0.number, date: DateText.iso8601($0.date), command: $0.command, files: $0.paths, undone: false)
            }
            let redoable = undone.map {
                Change(number: $0.number, date: DateText.iso8601($0.date), command: $0.command, files: $0.paths, undone: true)
            }
            return context.printJSON(done + redoable)
        }
        if entries.isEmpty && undone.isEmpty {
            context.say("No changes are recorded yet.")
            return
        }
        if !undone.isEmpty {
            var table = Table([("#", .right), ("When", .left), ("Undone command", .text), ("Files", .text)])
            for (index, entry) in undone.enumerated() {
                table.add(["R\(index + 1)", DateText.local(entry.date), Text.oneLine(entry.command), entry.paths.joined(separator: ", ")])
            }
            context.say(table.render(for: context))
            context.say("`setlist redo` makes R1 again; run it again for the next. A new change forgets them.")
            if !entries.isEmpty { context.say() }
        }
        guard !entries.isEmpty else { return context.say("No earlier changes are recorded.") }
        var table = Table([("#", .right), ("When", .left), ("Command", .text), ("Files", .text)])
        for (index, entry) in entries.enumerated() {
            table.add(["\(index + 1)", DateText.local(entry.date), Text.oneLine(entry.command), entry.paths.joined(separator: ", ")])
        }
        context.say(table.render(for: context))
        context.say("`setlist undo` reverts #1; run it again to revert the next.")
    }

}

struct RedoCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "redo",
        abstract: "Make the last undone change again (until a new change is made).",
        discussion: """
            Changes taken back with `setlist undo` can be made again, the last undone first, until \
            the library is changed another way. `setlist undo --list` shows them. A change whose \
            files were edited since by other means is not redone, so those edits are never lost.
            """)

    @OptionGroup var libraryOptions: LibraryOptions

    func run(_ context: CommandContext) throws {
        let store = libraryOptions.store(in: context)
        let outcome = try store.redo()
        context.say(
            "Redid `\(Text.oneLine(outcome.command))` (\(DateText.local(outcome.date))): \(Show.files(of: outcome, written: "changed")) again. `setlist undo` takes it back."
        )
        let left = store.undoneChanges().count
        if left > 0 { context.say("\(Show.count(left, "more undone change")) can be redone.") }
    }
}
