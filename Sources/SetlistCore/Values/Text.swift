import Foundation

/// Rules for the free text people type: names, authors, labels and notes.
public enum Text {
    /// Longest name, author or label accepted.
    public static let maximumNameLength = 300
    /// Longest notes accepted (about 30 printed pages).
    public static let maximumNotesLength = 100_000

    /// Folds case and accents so that "pribeh" matches "Příběh".
    public static func fold(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars).lowercased()
    }

    /// Text as it is stored and compared: Unicode NFC, so that an accent typed decomposed (as
    /// macOS file names and some terminals give it) and one typed composed are the same bytes.
    public static func normalized(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping
    }

    /// A name, author or label: NFC, trimmed, one line, no ``ControlCharacters``, not too long.
    /// - Parameter field: what the text is, for the error ("name", "author").
    public static func cleanName(_ text: String, field: String) throws(ValueError) -> String {
        let trimmed = normalized(text).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty(field: field) }
        if let bad = ControlCharacters.firstForbidden(in: trimmed) {
            throw .controlCharacter(field: field, scalar: bad)
        }
        guard trimmed.count <= maximumNameLength else {
            throw .tooLong(field: field, limit: maximumNameLength)
        }
        return trimmed
    }

    /// A playlist name: a name (``cleanName(_:field:)``) that does not look like a file path, so
    /// that every playlist can be exported and shared under its name.
    public static func cleanPlaylistName(_ text: String) throws(ValueError) -> String {
        let name = try cleanName(text, field: "playlist name")
        if looksLikePath(name) { throw .looksLikePath(field: "playlist name", text: name) }
        return name
    }

    /// Whether a name looks like a file path (`../../x`, `/etc/x`, `~/x`) rather than a name.
    /// Slashes alone are fine: "AC/DC" or "Praha 1/2".
    public static func looksLikePath(_ name: String) -> Bool {
        if name.hasPrefix("/") || name.hasPrefix("\\") || name.hasPrefix("~/") || name == "~" { return true }
        let parts = name.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }
        return parts.count > 1 && parts.contains { $0 == ".." || $0 == "." || $0 == "~" }
    }

    /// Notes: NFC, line ends made "\n", trailing space trimmed, tabs and new lines allowed but no
    /// other control characters. Empty notes become nil.
    public static func cleanNotes(_ text: String) throws(ValueError) -> String? {
        let unified = normalized(text).replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let trimmed = unified.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        if let bad = trimmed.unicodeScalars.first(where: ControlCharacters.isForbiddenInNotes) {
            throw .controlCharacter(field: "notes", scalar: bad)
        }
        guard trimmed.count <= maximumNotesLength else {
            throw .tooLong(field: "notes", limit: maximumNotesLength)
        }
        return trimmed
    }

    /// `text` on one line: every forbidden character (``ControlCharacters``: CR and LF among
    /// them) and every run of whitespace made a single space, and the ends trimmed. Mail headers,
    /// the share body and the text export all print names through it.
    public static func oneLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if ControlCharacters.isForbidden(scalar) || scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(scalar)
        }
        return String(result)
    }

    /// `text` shortened to at most `width` characters, ending in "…" when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(max(width, 0))) }
        return String(text.prefix(width - 1)) + "…"
    }
}
