import Foundation
import SetlistModel
import SetlistSupport

/// What every command prints, through its context.
extension CommandContext {
    /// A line on standard output.
    func say(_ text: String = "") { output.line(text) }

    /// A remark on standard error that does not make the command fail.
    func note(_ text: String) { errorOutput.line("setlist: " + text) }

    /// Prints a value as pretty JSON with sorted keys.
    func printJSON(_ value: some JSONWritable) {
        printJSON(Data(JSONFormat.bytes(of: value)))
    }

    /// JSON already written in ``JSONFormat``'s layout, and a new line.
    func printJSON(_ json: Data) {
        output.write(json)
        output.line()
    }
}
