import Foundation
import SetlistModel
import SetlistStore

/// Charts as `setlist chart` reads them: from a file or standard input, and from the editor.
enum ChartInput {
    /// The first line of the file the editor opens; taken out again before the chart is read.
    static let header = "# The chart of setlist's song; save to keep it. An empty chart removes it. {key} says what key it is in."

    /// The text of `file` (`-`: standard input), which must be UTF-8.
    static func read(_ file: String, in context: CommandContext) throws -> String {
        let limit = Chart.maximumLength * 4 + 1
        let source = file == "-" ? "standard input" : file
        let data: Data
        if file == "-" {
            data = context.readInput(limit)
        } else {
            do {
                let handle = try FileHandle(forReadingFrom: context.url(for: file))
                defer { try? handle.close() }
                data = try handle.read(upToCount: limit) ?? Data()
            } catch {
                throw CLIError("Cannot read the chart \(file): \(FailureText.reason(error)) Check the path.")
            }
        }
        guard data.count < limit else {
            throw CLIError("The chart in \(source) is too long. Keep it to \(Chart.maximumLength) characters at most.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError("The chart in \(source) is not UTF-8 text. Save the file as UTF-8 and try again.")
        }
        return text
    }

    /// What the editor opens: the header, the title and key as directives, and the chart.
    static func editorText(name: String, key: MusicalKey?, chart: Chart?) -> String {
        var lines = [header, "{title: \(Text.oneLine(name))}"]
        if let key { lines.append("{key: \(key.tonic)\(key.mode == .minor ? "m" : "")}") }
        lines.append("")
        lines += chart?.lines ?? ["[C]Lyrics with [G]chords in brackets before their [Am]syllables"]
        return lines.map { $0 + "\n" }.joined()
    }

    /// `text` without the header line the editor was given.
    static func withoutHeader(_ text: String) -> String {
        text.hasPrefix(header + "\n") ? String(text.dropFirst(header.count + 1)) : text
    }
}

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

/// A chart for the terminal: chords over the lyrics, in bold where the output is a terminal.
enum ChartText {
    static func lines(of chart: Chart, emphasis: Emphasis) -> [String] {
        ChartLine.monospaced(ChartLine.lines(of: chart)).map { line in
            let indent = String(repeating: " ", count: line.indent)
            switch line.kind {
            case .chords, .heading: return indent + emphasis.strong(line.text)
            // Set apart from the lyrics by brackets where no bold shows.
            case .comment: return indent + "(" + line.text + ")"
            case .lyrics, .verbatim, .blank: return line.indented
            }
        }
    }
}
