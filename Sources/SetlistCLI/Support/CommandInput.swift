import Foundation
import SetlistModel
import SetlistStore
import SetlistSupport

extension CommandContext {
    /// The UTF-8 text of `file` (`-`: standard input), of at most `limit` characters; `what`
    /// names it in messages ("the notes in …", "the chart in …"), `plural` says which verbs agree.
    func readText(_ file: String, limit: Int, what: String, plural: Bool) throws -> String {
        // A character takes at most four bytes: more than that many bytes is too long for sure.
        let bytes = limit * 4 + 1
        let data: Data
        if file == "-" {
            data = readInput(bytes)
        } else {
            do {
                let handle = try FileHandle(forReadingFrom: url(for: file))
                defer { try? handle.close() }
                data = try handle.read(upToCount: bytes) ?? Data()
            } catch {
                throw CLIError("Cannot read the \(what) file \(file): \(FailureText.reason(error)) Check the path.")
            }
        }
        let source = file == "-" ? "standard input" : file
        guard data.count < bytes else {
            throw CLIError(
                "The \(what) in \(source) \(plural ? "are" : "is") too long. Keep \(plural ? "them" : "it") to \(limit) characters at most."
            )
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError("The \(what) in \(source) \(plural ? "are" : "is") not UTF-8 text. Save the file as UTF-8 and try again.")
        }
        return text
    }
}
