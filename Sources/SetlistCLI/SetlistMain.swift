import ArgumentParser
import Foundation
import SetlistModel

/// The `setlist` program: parses the command line, runs the command, and turns errors into one
/// clear line on standard error and an exit status (0 success, 1 failed operation, 64 usage).
public enum SetlistMain {
    /// Runs `arguments` (without the program name) and returns the exit status. The command
    /// reads and writes only through `context` (``SetlistSubcommand/run(_:)``).
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        let arguments = movingLibraryOption(arguments)
        switch CommandNames.early(arguments) {
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
                try command.run(context)
            } else {
                // `setlist` alone and swift-argument-parser's own `help`: their run() only throws
                // the help asked for, which `report` prints.
                try parsed.run()
            }
            if let failure = context.output.writeFailure {
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
            context([]).errorOutput.line("setlist: error: \(error)")
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

    /// `setlist --library DIR songs` reads as naturally as `setlist songs --library DIR`; the
    /// option belongs to each subcommand, so move a leading one behind the subcommand's name.
    static func movingLibraryOption(_ arguments: [String]) -> [String] {
        guard let first = arguments.first else { return arguments }
        let width = first == "--library" ? 2 : first.hasPrefix("--library=") ? 1 : 0
        guard width > 0, arguments.count > width else { return arguments }
        var rest = Array(arguments.dropFirst(width))
        let option = Array(arguments.prefix(width))
        rest.insert(contentsOf: option, at: 1)
        return rest
    }

    static func report(_ error: any Error, context: CommandContext) -> Int32 {
        switch error {
        case let error as any SetlistError:
            context.errorOutput.line("setlist: \(context.errorEmphasis.error("error:")) \(error)")
            return error.exitStatus
        default:
            let code = SetlistCommand.exitCode(for: error)
            let message = SetlistCommand.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { context.output.line(message) }
            } else if !message.isEmpty {
                context.errorOutput.line(message)
            }
            return code.rawValue
        }
    }
}
