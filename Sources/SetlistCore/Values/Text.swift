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

    /// A name, author or label: trimmed, one line, no ``ControlCharacters``, not too long.
    /// - Parameter field: what the text is, for the error ("name", "author").
    public static func cleanName(_ text: String, field: String) throws(ValueError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty(field: field) }
        if let bad = ControlCharacters.firstForbidden(in: trimmed) {
            throw .controlCharacter(field: field, scalar: bad)
        }
        guard trimmed.count <= maximumNameLength else {
            throw .tooLong(field: field, limit: maximumNameLength)
        }
        return trimmed
    }

    /// Notes: line ends made "\n", trailing space trimmed, tabs and new lines allowed but no
    /// other control characters. Empty notes become nil.
    public static func cleanNotes(_ text: String) throws(ValueError) -> String? {
        let unified = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
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

    /// `text` shortened to at most `width` characters, ending in "…" when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(max(width, 0))) }
        return String(text.prefix(width - 1)) + "…"
    }
}
