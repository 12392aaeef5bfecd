/// swift-argument-parser writes a command's usage on one line, which for a command of many
/// options runs far past a terminal's 80 columns. This breaks it between its parts (an option and
/// its value stay together, as does each bracketed part), continuing under the first word after
/// "USAGE: ", as swift-argument-parser indents a usage of several lines.
enum UsageLines {
    /// The width of a terminal nobody resized (the help is laid out for it too).
    static let columns = 80

    /// `text` with each line that starts with "USAGE: " or "Usage: " wrapped to `columns`.
    static func wrapped(_ text: String, columns: Int = UsageLines.columns) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.hasPrefix("USAGE: ") || line.hasPrefix("Usage: "), line.count > columns else { return String(line) }
            return wrap(String(line), columns: columns)
        }.joined(separator: "\n")
    }

    private static func wrap(_ line: String, columns: Int) -> String {
        let indent = String(repeating: " ", count: "USAGE: ".count)
        var lines: [String] = []
        var current = ""
        for part in parts(of: line) {
            if current.isEmpty {
                current = part
            } else if current.count + 1 + part.count <= columns {
                current += " " + part
            } else {
                lines.append(current)
                current = indent + part
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    /// The words of the line, a bracketed part ("[--add <playlist>]") and an option with its
    /// value ("--to <playlist>") each one word. "USAGE:" and the command's name stay together.
    private static func parts(of line: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in line {
            switch character {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth = max(0, depth - 1)
            default: break
            }
            if character == " " && depth == 0 {
                if !current.isEmpty { parts.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { parts.append(current) }
        // An option's value goes with its name ("--to" "<playlist>"), a repeat with what repeats.
        var joined: [String] = []
        for part in parts {
            if let last = joined.last, (last.hasPrefix("-") && part.hasPrefix("<")) || part == "..." {
                joined[joined.count - 1] += " " + part
            } else {
                joined.append(part)
            }
        }
        // "USAGE: setlist add-song" is the head of the first line.
        guard joined.count >= 3 else { return joined }
        return [joined[0...2].joined(separator: " ")] + joined.dropFirst(3)
    }
}
