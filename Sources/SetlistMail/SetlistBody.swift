import SetlistExchange
import SetlistModel

/// The plain-text body of a shared setlist: short lines that read well on a phone.
public enum SetlistBody {
    /// A subject typed with `--subject`: held to the rules for names (one line, no control or
    /// direction-override characters, at most ``Text/maximumNameLength`` characters), in NFC.
    public static func subject(typed text: String) throws(MailError) -> String {
        do { return try Text.cleanName(text, field: "subject") } catch { throw .invalidSubject(error) }
    }

    /// The default subject, "Setlist: NAME".
    public static func subject(for playlist: Playlist) -> String {
        "Setlist: " + playlist.name
    }

    /// The body: the playlist's name and size, every song with its position, author, length,
    /// key and tempo, the breaks between sets, the total length, the plan when there is one, and
    /// how to open the attachments.
    /// - Parameters:
    ///   - plstsFileName: the attached .plsts file, for the line on importing it; nil if none.
    ///   - pdfFileNames: the attached PDFs.
    ///   - notation: how keys are printed.
    ///   - clock: the plan's times for the reader (``PlanClock``); by default this machine's.
    ///   - introduction: lines before the listing (the member's part, what changed), if any.
    public static func text(
        for playlist: Playlist, plstsFileName: String?, pdfFileNames: [String],
        notation: KeyNotation = .english, clock: PlanClock? = nil, introduction: String? = nil
    ) -> String {
        // The listing is what `export --format text` writes, so the two never disagree.
        var lines = (introduction.map { [$0] } ?? []) + [SetlistText.plain(playlist, notation: notation, clock: clock)]
        // The files are named as the message names its attachments, so what the text says to
        // save and import is what the mail program saves.
        if let plstsFileName {
            let name = MailMessage.safeFileName(plstsFileName)
            lines.append("To open the setlist in setlist, save \(name) and run: setlist import \(shellQuoted(name))")
        }
        if !pdfFileNames.isEmpty {
            lines.append("To print it, open " + pdfFileNames.map(MailMessage.safeFileName).joined(separator: " or ") + ".")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `name` as one shell word that a member can paste (see ``ShellWord/quoted(_:)``).
    public static func shellQuoted(_ name: String) -> String { ShellWord.quoted(name) }
}
