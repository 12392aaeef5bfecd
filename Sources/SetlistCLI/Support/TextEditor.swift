import Foundation
import SetlistModel
import SetlistStore

/// Runs the user's editor on a text, as git does: `$VISUAL`, else `$EDITOR`, through the shell
/// so that an editor given with options (`code --wait`) works.
enum TextEditor {
    /// What the editor saved. The file is in a private temporary folder, removed afterwards.
    static func edit(_ text: String, fileName: String, in context: CommandContext) throws -> String {
        let editor = [context.environment["VISUAL"], context.environment["EDITOR"]].compactMap { $0 }
            .first { !Text.trimmedSpaces($0).isEmpty }
        guard let editor else {
            throw CLIError("No editor is set. Set $EDITOR (for example `export EDITOR=nano`), or give the chart with --set FILE.")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-chart-\(Identifier.make())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(fileName)
        try Data(text.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", editor + " \"$1\"", "setlist-editor", file.path]
        process.environment = context.environment
        process.currentDirectoryURL = URL(fileURLWithPath: context.currentDirectory)
        do {
            try process.run()
        } catch {
            throw CLIError("Cannot run the editor \(editor): \(FailureText.reason(error))")
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let ending =
                process.terminationReason == .exit ? "exit status \(process.terminationStatus)" : "signal \(process.terminationStatus)"
            throw CLIError("The editor (\(editor)) ended with \(ending); the chart is unchanged.")
        }
        guard let data = try? Data(contentsOf: file), let saved = String(data: data, encoding: .utf8) else {
            throw CLIError("The editor left no UTF-8 text in \(file.path); the chart is unchanged.")
        }
        return saved
    }
}
