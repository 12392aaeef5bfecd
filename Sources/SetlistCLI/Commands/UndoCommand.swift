import ArgumentParser
import Foundation
import SetlistCore

struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Revert the last change to the library (--list shows the recent changes).",
        discussion: """
            Every change is recorded with the command that made it; the last \(History.limit) are kept.
            Each undo reverts one more, newest first. A change whose files were edited since by other
            means is not undone, so those edits are never lost.
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Flag(help: "List the recent changes, newest first, instead of undoing one.") var list = false
    @Flag(help: "With --list: print JSON for scripts: [{number, date, command, files}].") var json = false

    func validate() throws {
        if json && !list { throw ValidationError("--json goes with --list.") }
    }

    struct Change: Encodable {
        var number: Int
        var date: String
        var command: String
        var files: [String]
    }

    func run() throws {
        let store = libraryOptions.store
        if list { return try printList(store.history()) }
        let outcome = try store.undo()
        say("Undid `\(outcome.command)` (\(Self.format(outcome.date))): put back \(outcome.paths.joined(separator: ", ")).")
        let left = store.history().count
        say(left == 0 ? "No earlier changes are recorded." : "\(Show.count(left, "earlier change")) \(left == 1 ? "is" : "are") recorded; `setlist undo --list` shows them.")
    }

    private func printList(_ entries: [History.Entry]) throws {
        if json {
            return try printJSON(entries.map { Change(number: $0.number, date: Self.iso($0.date), command: $0.command, files: $0.paths) })
        }
        guard !entries.isEmpty else {
            say("No changes are recorded yet.")
            return
        }
        var table = Table([("#", .right), ("When", .left), ("Command", .left), ("Files", .left)])
        for (index, entry) in entries.enumerated() {
            table.add(["\(index + 1)", Self.format(entry.date), entry.command, entry.paths.joined(separator: ", ")])
        }
        say(table.render())
        say("`setlist undo` reverts #1; run it again to revert the next.")
    }

    static func format(_ date: Date) -> String { DateText.local(date) }

    static func iso(_ date: Date) -> String { DateText.iso8601(date) }
}
