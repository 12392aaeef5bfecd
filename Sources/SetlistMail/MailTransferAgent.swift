import Foundation
import SetlistModel
import SetlistSupport

/// The system's mail transfer agent, run the way `sendmail -t -i` is: the message on standard
/// input, the recipients read from its To header, a line of a single "." not taken as its end.
public struct MailTransferAgent: Sendable, Equatable {
    /// The name of the environment variable that names the program (after the `sendmail` setting).
    public static let environmentVariable = "SETLIST_SENDMAIL"
    /// Where sendmail lives when it is not on the PATH (it often is not for ordinary users).
    public static let standardLocations = ["/usr/sbin/sendmail", "/usr/lib/sendmail"]

    /// Seconds the program may take before it is ended (`setlist config sendmail-timeout`).
    public static let defaultTimeout = 60.0

    /// The program to run.
    public var executable: String
    /// Arguments the user configured (e.g. `-C ~/.msmtprc`), before the ones setlist adds.
    public var arguments: [String]

    public init(executable: String, arguments: [String] = []) {
        self.executable = executable
        self.arguments = arguments
    }

    /// Finds the program: the `sendmail` setting, else `$SETLIST_SENDMAIL`, else `sendmail` on the
    /// PATH or in its standard places. A configured command may carry arguments, split at spaces
    /// as a shell would (quotes group words; `~/` starts in `$HOME`).
    /// - Throws: ``MailError/noMailTransferAgent(_:)`` when the program cannot be found.
    public static func resolve(
        setting: String?, environment: [String: String],
        isExecutable: (String) -> Bool = MailTransferAgent.isExecutableFile
    ) throws(MailError) -> MailTransferAgent {
        let configured = [setting, environment[environmentVariable]].compactMap { $0 }
            .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        // As a shell would, `~/` at the start of a word is the home folder ("~/bin/msmtp -C ~/.msmtprc").
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        let words = (configured.map(splitCommand) ?? ["sendmail"]).map { word in
            guard let home, word == "~" || word.hasPrefix("~/") else { return word }
            return home + word.dropFirst()
        }
        guard let program = words.first, !program.isEmpty else { throw .noMailTransferAgent(configured) }
        let candidates: [String]
        if program.contains("/") {
            candidates = [program]
        } else {
            let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
            candidates =
                path.split(separator: ":").map { "\($0)/\(program)" }
                + (configured == nil ? standardLocations : [])
        }
        guard let found = candidates.first(where: isExecutable) else { throw .noMailTransferAgent(configured) }
        return MailTransferAgent(executable: found, arguments: Array(words.dropFirst()))
    }

    /// Whether `path` is a program that can be run: an executable file, not a folder (folders
    /// carry the execute permission too).
    public static func isExecutableFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }

    /// The arguments after the configured ones: `-i -t` and the envelope sender.
    public func commandArguments(envelopeSender: String) -> [String] {
        arguments + ["-i", "-t", "-f", envelopeSender]
    }

    /// Hands the message to the agent and waits for it.
    /// - Parameter message: the message as ``MailMessage/rendered()`` gives it; its CRLF line
    ///   ends are given as LF, the local convention sendmail programs expect on standard input.
    /// - Throws: ``MailError/mailTransferAgentFailed(program:status:stderr:)`` when the agent
    ///   exits unsuccessfully (nothing is to be taken as sent), or
    ///   ``MailError/cannotRun(program:detail:)`` when it cannot be started.
    ///   ``MailError/mailTransferAgentStopped(program:reason:)`` when it ran past `timeout`
    ///   seconds or setlist was interrupted meanwhile (it and its process group are ended).
    public func send(_ message: Data, envelopeSender: String, timeout: Double = MailTransferAgent.defaultTimeout) throws(MailError) {
        let local = Data(String(decoding: message, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n").utf8)
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(executable, commandArguments(envelopeSender: envelopeSender), input: local, timeout: timeout)
        } catch {
            throw .cannotRun(program: executable, detail: error.reason)
        }
        if let stop = result.stopped {
            throw .mailTransferAgentStopped(program: executable, reason: stop.description)
        }
        guard result.succeeded else {
            let said = String(decoding: result.errorOutput + result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw .mailTransferAgentFailed(program: executable, status: result.ending, stderr: said)
        }
    }

    /// Splits a command line into words at unquoted spaces; single and double quotes group words
    /// and a backslash escapes the next character.
    public static func splitCommand(_ line: String) -> [String] {
        var words: [String] = [], current = "", inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                inWord = true
            } else if character == "\\" && quote != "'" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
