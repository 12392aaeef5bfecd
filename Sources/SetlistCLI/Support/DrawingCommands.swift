import SetlistModel

/// The commands that draw PDFs (`pdf`, `share`): only they load Cairo and Pango, and `setlist`
/// starts preparing the fonts for them before parsing the command line.
public enum DrawingCommands {
    /// Whether `arguments` (the command line without the program name) run a command that draws.
    public static func areNeeded(by arguments: [[UInt8]]) -> Bool {
        // Lossy text is enough to compare with command names; the parser refuses bytes that are
        // not UTF-8 with its usual error.
        let words = SetlistMain.movingLibraryOption(arguments.map { String(decoding: $0, as: UTF8.self) })
        return words.first.map(names.contains) ?? false
    }

    /// `PDFCommand`'s and `ShareCommand`'s names (DrawingCommandsTests check them), written out:
    /// this runs before anything else and must not start ArgumentParser.
    static let names = ["pdf", "share"]
}
