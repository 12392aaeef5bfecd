import CLITestSupport
import Foundation
import Testing

/// The README's short tour runs as written, command by command, on an empty library: a newcomer
/// who types it meets no error. (`live` needs a terminal: it is checked to be the tour's last
/// command and left out; the mail program is a script that keeps what it is handed.)
@Suite struct ReadmeTourTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../README.md").standardized

    /// The tour's commands, each split into words as a shell would, without `setlist`.
    static func tourCommands() throws -> [[String]] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: "## A short tour\n\n```sh\n"),
            let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex)
        else { throw TourError("README.md has no '## A short tour' with a sh block") }
        return try text[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let words = try shellWords(String(line))
            guard let first = words.first else { return nil }
            guard first == "setlist" else { throw TourError("a tour line that is not a setlist command: \(line)") }
            return Array(words.dropFirst())
        }
    }

    @Test func everyCommandOfTheTourSucceeds() throws {
        var commands = try Self.tourCommands()
        #expect(commands.count >= 15)
        #expect(commands.last == ["live"])
        commands.removeLast()
        let lib = try TemporaryLibrary()
        let mailProgram = lib.folder.appendingPathComponent("mail-program")
        let handed = lib.folder.appendingPathComponent("handed.eml")
        try "#!/bin/sh\ncat > '\(handed.path)'\n".write(to: mailProgram, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: mailProgram.path)
        for command in commands {
            let result = try lib.run(command, environment: ["SETLIST_SENDMAIL": mailProgram.path])
            #expect(result.status == 0, "setlist \(command.joined(separator: " ")): \(result.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: handed.path), "share --to handed nothing to the mail program")
        #expect(FileManager.default.fileExists(atPath: lib.folder.appendingPathComponent("message.eml").path))
        #expect(FileManager.default.fileExists(atPath: lib.folder.appendingPathComponent("Můj koncert.pdf").path))
        #expect(try lib.ok("show", "--at", "2").contains("Highway to Hell"))
    }

    @Test func shellWordsSplitsAsAShellDoes() throws {
        #expect(try Self.shellWords(#"setlist new "Můj koncert" A  # a comment"#) == ["setlist", "new", "Můj koncert", "A"])
        #expect(try Self.shellWords(#"setlist x --key """#) == ["setlist", "x", "--key", ""])
        #expect(try Self.shellWords("# only a comment").isEmpty)
        #expect(throws: TourError.self) { try Self.shellWords(#"setlist "open"#) }
    }

    /// Words as sh splits them, for the tour's lines: blanks, double quotes, and a `#` that
    /// starts a word begins a comment.
    static func shellWords(_ line: String) throws -> [String] {
        var words: [String] = []
        var word: String?
        var quoted = false
        for character in line {
            if quoted {
                if character == "\"" { quoted = false } else { word!.append(character) }
            } else if character == "\"" {
                quoted = true
                word = word ?? ""
            } else if character == " " || character == "\t" {
                if let finished = word { words.append(finished) }
                word = nil
            } else if character == "#", word == nil {
                break
            } else {
                word = (word ?? "") + String(character)
            }
        }
        guard !quoted else { throw TourError("an unclosed quote in: \(line)") }
        if let finished = word { words.append(finished) }
        return words
    }

    struct TourError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
