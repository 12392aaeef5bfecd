import CLITestSupport
import Foundation
import TestLevels
import Testing

/// `setlist chart --edit` on a real terminal (tmux): the editor runs in the terminal's
/// foreground, where it can read the keyboard, and Ctrl-C is the editor's to take. The editor's
/// contract (what it gets, failing editors, no editor) is in SetlistCLITests.ChartCommandTests.
@Suite(.serialized, .tags(.endToEnd, .externalTools), .needs("tmux")) struct ChartEditorTests {
    /// An editor that reads what is typed, as nano and vim do: one started in a process group of
    /// its own was stopped by the terminal at its first read, and setlist waited forever.
    @Test func theEditorReadsTheKeyboard() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let editor = try script(in: lib, "IFS= read -r line; printf '%s\\n' \"$line\" > \"$1\"")
        let tmux = try Tmux(columns: 80, rows: 24)
        defer { tmux.kill() }
        try tmux.type(
            "SETLIST_HOME='\(lib.root.path)' EDITOR='\(editor)' '\(try SetlistBinary.url().path)' chart 'Highway to Hell' --edit; echo EXIT=$?"
        )
        try tmux.keys("Enter")
        try tmux.type("[A]Living easy, [D]living free")
        try tmux.keys("Enter")
        let pane = try tmux.waitFor { $0.range(of: #"EXIT=[0-9]"#, options: .regularExpression) != nil }
        #expect(pane.contains("EXIT=0"), "\(pane)")
        #expect(try lib.ok("chart", "Highway to Hell", "--chordpro").contains("[A]Living easy, [D]living free"))
    }

    /// Ctrl-C while the editor runs ends the editor, not setlist: setlist says the chart is
    /// unchanged and removes the editor's temporary folder.
    @Test func ctrlCInTheEditorLeavesNothingBehind() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let seen = lib.folder.appendingPathComponent("edited-path")
        let editor = try script(in: lib, "echo \"$1\" > '\(seen.path)'; sleep 30")
        _ = try lib.ok("chart", "Highway to Hell", "--set", "-", stdin: Data("[A]Living easy\n".utf8))
        let before = try lib.ok("chart", "Highway to Hell", "--chordpro")
        let tmux = try Tmux(columns: 100, rows: 24)
        defer { tmux.kill() }
        try tmux.type(
            "SETLIST_HOME='\(lib.root.path)' EDITOR='\(editor)' '\(try SetlistBinary.url().path)' chart 'Highway to Hell' --edit; echo EXIT=$?"
        )
        try tmux.keys("Enter")
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: seen.path) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        try tmux.keys("C-c")
        let pane = try tmux.waitFor { $0.range(of: #"EXIT=[0-9]"#, options: .regularExpression) != nil }.replacingOccurrences(
            of: "\n", with: "")
        #expect(pane.contains("was interrupted (Ctrl-C); the chart is unchanged."), "\(pane)")
        #expect(pane.contains("EXIT=1"), "\(pane)")
        let file = try String(contentsOf: seen, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(file.hasSuffix(".cho"))
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: file).deletingLastPathComponent().path))
        #expect(try lib.ok("chart", "Highway to Hell", "--chordpro") == before)
    }

    /// The terminal closed while the editor runs (a laptop lid, a dropped ssh session): the
    /// editor's temporary folder does not stay behind.
    @Test func aClosedTerminalLeavesNoEditorFolder() throws {
        let lib = try TemporaryLibrary.stageConcert()
        let seen = lib.folder.appendingPathComponent("edited-path")
        let editor = try script(in: lib, "echo \"$1\" > '\(seen.path)'; sleep 30")
        let tmux = try Tmux(columns: 100, rows: 24)
        try tmux.type("SETLIST_HOME='\(lib.root.path)' EDITOR='\(editor)' '\(try SetlistBinary.url().path)' chart 'Highway to Hell' --edit")
        try tmux.keys("Enter")
        var deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: seen.path) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        tmux.kill()
        let folder = URL(fileURLWithPath: try String(contentsOf: seen, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
            .deletingLastPathComponent()
        deadline = Date().addingTimeInterval(15)
        while FileManager.default.fileExists(atPath: folder.path) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    private func script(in lib: TemporaryLibrary, _ body: String) throws -> String {
        let url = lib.folder.appendingPathComponent("editor-\(UUID().uuidString.prefix(6)).sh")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }
}
