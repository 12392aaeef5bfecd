import Foundation
import SetlistCore

#if canImport(Glibc)
    import Glibc
#endif

/// `setlist pdf` and `setlist share` run in `setlist-draw`, the same commands with Cairo and Pango
/// linked in. `setlist` itself does not link them: loading them and the forty libraries they
/// bring cost every command about 4 ms at start-up (docs/performance.md). `setlist` replaces
/// itself with setlist-draw (exec), so the user sees one program: same arguments, environment,
/// streams and exit status.
public enum DrawingProgram {
    /// The program's file name.
    public static let name = "setlist-draw"

    /// Whether `arguments` (the command line without the program name) run a command that draws.
    public static func isNeeded(by arguments: [[UInt8]]) -> Bool {
        // Lossy text is enough to compare with command names; setlist-draw refuses bytes that
        // are not UTF-8 as setlist would.
        let words = SetlistMain.movingLibraryOption(arguments.map { String(decoding: $0, as: UTF8.self) })
        return words.first.map(drawingCommands.contains) ?? false
    }

    /// `PDFCommand`'s and `ShareCommand`'s names (DrawingProgramTests check them), written out:
    /// this path runs before anything else and must not start ArgumentParser.
    static let drawingCommands = ["pdf", "share"]

    /// Where setlist-draw may be for the program at `executable`, in the order looked at: beside it
    /// (a build folder, an unpacked release), then in `../libexec/setlist/` (`make install`).
    static func places(besides executable: String) -> [String] {
        let folder = parent(of: executable)
        return [folder + "/" + name, parent(of: folder) + "/libexec/setlist/" + name]
    }

    /// The first of ``places(besides:)`` that can be run, if any.
    static func locate(besides executable: String) -> String? {
        places(besides: executable).first { access($0, X_OK) == 0 }
    }

    /// The folder part of a path, "" for the root ("/bin" of "/bin/setlist", "" of "/bin").
    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    /// Replaces this process with setlist-draw running `arguments`. Returns only when that could
    /// not be done, with the exit status after printing why.
    public static func handOver(_ arguments: [[UInt8]]) -> Int32 {
        let executable = ownPath()
        let error: CLIError
        if let program = locate(besides: executable) {
            error = CLIError(
                "Cannot start \(program), the part of setlist that draws PDFs: \(exec(program, arguments: arguments)). Install setlist again (make install)."
            )
        } else {
            error = CLIError(
                "Cannot make PDFs: \(name), the part of setlist that draws them, is missing (looked for \(places(besides: executable).joined(separator: " and "))). Install setlist again (make install), or build it with `swift build`."
            )
        }
        return SetlistMain.report(error, context: .process(arguments: []))
    }

    /// This program's file, symbolic links resolved (`/proc/self/exe`).
    private static func ownPath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Runs `execv`; returns why it failed.
    private static func exec(_ path: String, arguments: [[UInt8]]) -> String {
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(path)]
        for argument in arguments {
            argv.append(
                (argument + [0]).withUnsafeBufferPointer { strdup(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) })
        }
        argv.append(nil)
        execv(path, argv)
        return String(cString: strerror(errno))
    }
}
