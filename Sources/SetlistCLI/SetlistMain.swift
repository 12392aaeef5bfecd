import ArgumentParser
import Foundation
import SetlistModel
import SetlistSupport

/// The `setlist` program: parses the command line, runs the command, and turns errors into one
/// clear line on standard error and an exit status (0 success, 1 failed operation, 64 usage, 74
/// a saved change whose report could not be written).
public enum SetlistMain {
    /// The exit status of a change that was saved whose report could not be written (EX_IOERR):
    /// not 1, which asks for the command to be run again.
    public static let reportLost: Int32 = 74

    /// Runs `arguments` (without the program name) and returns the exit status. The command
    /// reads and writes only through `context` (``SetlistSubcommand/run(_:)``).
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        let words = CommandLineWords(arguments)
        let arguments = words.arguments
        switch words.early {
        case .version:
            context.output.line(SetlistVersion.current)
            return 0
        case .unknown(let word, let suggestions):
            context.errorOutput.line(CommandNames.unknownMessage(word, suggestions: suggestions))
            return ExitCode.validationFailure.rawValue
        case nil:
            break
        }
        do {
            var parsed = try SetlistCommand.parseAsRoot(arguments)
            if var command = parsed as? any SetlistSubcommand {
                do {
                    try command.run(context)
                } catch let error as ValidationError {
                    // Found once the command ran: the root's usage would not help.
                    return usageError(error.message, of: type(of: command), context: context)
                }
            } else {
                // `setlist` alone and swift-argument-parser's own `help`: their run() only throws
                // the help asked for, which `report` prints.
                try parsed.run()
            }
            if let failure = context.output.writeFailure {
                // Running a saved change again would make it twice (a second song of the name).
                if context.saved.isSaved {
                    context.errorOutput.line(
                        "setlist: the change was saved; its report could not be written (\(failure)). `setlist undo --list` shows it; check the disk space or where the output goes."
                    )
                    return Self.reportLost
                }
                context.errorOutput.line(
                    "setlist: \(context.errorEmphasis.error("error:")) Could not write the output (\(failure)). Check the disk space or where the output goes, and run the command again."
                )
                return 1
            }
            return 0
        } catch {
            return report(error, context: context)
        }
    }

    /// Runs the command line as the operating system passes it: bytes. An argument that is not
    /// valid UTF-8 (a name typed on a Latin-2 terminal) is refused with a usage error naming it,
    /// before anything could store it with U+FFFD in place of its letters.
    /// - Parameter context: the context for the decoded arguments (the real program passes
    ///   ``CommandContext/process(arguments:)``).
    public static func run(bytes: [[UInt8]], context: (_ arguments: [String]) -> CommandContext) -> Int32 {
        let arguments: [String]
        do {
            arguments = try decode(bytes)
        } catch {
            let context = context([])
            context.errorOutput.line("\(errorPrefix(context))\(error)")
            return ExitCode.validationFailure.rawValue
        }
        return run(arguments, context: context(arguments))
    }

    /// The process's arguments (without the program name) as the operating system passes them:
    /// bytes. `CommandLine.arguments` would already have replaced bytes that are not UTF-8 with
    /// U+FFFD, and setlist refuses those rather than store them.
    public static var processArguments: [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            let argument = CommandLine.unsafeArgv[index]!
            return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }

    /// The arguments as text, or an error naming the first that is not UTF-8.
    static func decode(_ bytes: [[UInt8]]) throws(CLIError) -> [String] {
        try bytes.enumerated().map { (index, argument) throws(CLIError) in
            if let text = String(validating: argument, as: UTF8.self) { return text }
            let shown = String(decoding: argument, as: UTF8.self)
            throw CLIError(
                "Argument \(index + 1) (\(ControlCharacters.quoted(shown))) is not UTF-8 text: it was typed in another "
                    + "character set (\u{FFFD} marks the bytes that are not UTF-8). Set the terminal to UTF-8 and type it again.")
        }
    }

    static func report(_ error: any Error, context: CommandContext) -> Int32 {
        switch error {
        case let error as any SetlistError:
            context.errorOutput.line("\(errorPrefix(context))\(error)")
            return error.exitStatus
        default:
            let code = SetlistCommand.exitCode(for: error)
            let message = UsageLines.wrapped(SetlistCommand.fullMessage(for: error))
            if code == .success {
                if !message.isEmpty { context.output.line(message) }
            } else if !message.isEmpty {
                context.errorOutput.line(oneErrorForm(message, context: context))
            }
            return code.rawValue
        }
    }

    /// How every error begins, whoever found it: "setlist: error: ".
    static func errorPrefix(_ context: CommandContext) -> String {
        "setlist: \(context.errorEmphasis.error("error:")) "
    }

    /// swift-argument-parser's "Error: " replaced by setlist's own beginning.
    static func oneErrorForm(_ message: String, context: CommandContext) -> String {
        let parsers = "Error: "
        guard message.hasPrefix(parsers) else { return message }
        return errorPrefix(context) + message.dropFirst(parsers.count)
    }

    /// A usage error found by `command` as it ran, with that command's usage (as the parser
    /// shows one it finds) and exit status 64.
    static func usageError(_ message: String, of command: any ParsableCommand.Type, context: CommandContext) -> Int32 {
        let name = command._commandName
        context.errorOutput.line(
            errorPrefix(context) + message + "\n" + UsageLines.wrapped("Usage: " + SetlistCommand.usageString(for: command))
                + "\n  See 'setlist \(name) --help' for more information.")
        return ExitCode.validationFailure.rawValue
    }
}
