/// Text shown as one word to paste into a shell, in the commands setlist suggests
/// (`setlist import "Můj koncert.plsts"`, `setlist remove-contact 'Pepa "K"'`).
public enum ShellWord {
    /// `text` in double quotes, or in single quotes when it holds a character the shell would act
    /// on inside double quotes (`"`, `$`, `` ` ``, `\`, `!`).
    public static func quoted(_ text: String) -> String {
        guard text.contains(where: { "\"$`\\!".contains($0) }) else { return "\"" + text + "\"" }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `text` as it is when the shell would not act on any of its characters, else ``quoted(_:)``.
    public static func asNeeded(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || "._-/+,@%:=".contains($0) }) {
            return text
        }
        return quoted(text)
    }
}
