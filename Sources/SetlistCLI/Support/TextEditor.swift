import Foundation
import SetlistModel
import SetlistStore
import SetlistSupport

/// Runs the user's editor on a text, as git does: `$VISUAL`, else `$EDITOR`, through the shell
/// so that an editor given with options (`code --wait`) works.
enum TextEditor {
    /// Opens `text` in the editor and gives `use` what it saved. The file is in a private
    /// temporary folder, removed afterwards; when the saved text cannot be used (not UTF-8, or
    /// `use` refuses it), the file is kept and its path named, so the writing is not lost.
    static func edit<T>(_ text: String, fileName: String, in context: CommandContext, then use: (String) throws -> T) throws -> T {
        let editor = [context.environment["VISUAL"], context.environment["EDITOR"]].compactMap { $0 }
            .first { !Text.trimmedSpaces($0).isEmpty }
        guard let editor else {
            throw CLIError("No editor is set. Set $EDITOR (for example `export EDITOR=nano`), or give the chart with --set FILE.")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-chart-\(Identifier.make())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        var keep = false
        defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
        let file = folder.appendingPathComponent(fileName)
        try Data(text.utf8).write(to: file)
        let result: ChildProcess.Result
        do {
            // In the command's own folder, where a relative path in $EDITOR is meant.
            result = try ChildProcess.runOnTerminal(
                "/bin/sh", ["-c", "cd -- \"$2\" && " + editor + " \"$1\"", "setlist-editor", file.path, context.currentDirectory],
                environment: context.environment)
        } catch {
            throw CLIError("Cannot run the editor \(editor): \(error.reason)")
        }
        if let stopped = result.stopped { throw CLIError("The chart is unchanged: \(stopped).") }
        guard result.succeeded else {
            let ending = !result.exited && result.status == SIGINT ? "was interrupted (Ctrl-C)" : "ended with \(result.ending)"
            throw CLIError("The editor (\(editor)) \(ending); the chart is unchanged.")
        }
        guard let data = try? Data(contentsOf: file) else {
            throw CLIError("The editor left no file at \(file.path) (saved elsewhere, or deleted?); the chart is unchanged.")
        }
        do {
            guard let saved = String(data: data, encoding: .utf8) else {
                throw CLIError("The editor saved text that is not UTF-8; the chart is unchanged.")
            }
            return try use(saved)
        } catch {
            keep = true
            context.note(
                "what you wrote is kept in \(file.path): correct it there and give it with --set \(ShellWord.asNeeded(file.path)).")
            throw error
        }
    }
}
