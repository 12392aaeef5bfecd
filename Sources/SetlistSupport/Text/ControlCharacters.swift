/// The one rule for characters that could break a line, hide text or reorder it on screen:
/// what names, notes and header text refuse, what `check --repair` cleans, what file names and
/// printed text leave out, and what messages escape.
///
/// Forbidden are control characters (C0, DEL, C1: tab and new line among them), the Unicode line
/// and paragraph separators, unassigned code points, and format characters (direction overrides
/// such as U+202E, zero-width spaces, the byte order mark) — except the zero-width joiner and
/// non-joiner and the emoji selector U+FE0F, which emoji and some scripts need.
public enum ControlCharacters {
    /// Whether `scalar` may not stand in a name, author, label, email header or file name.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        // Below U+0370 (ASCII, Latin letters with their accents, and the combining marks of NFD
        // text) every code point is assigned, and only C0, DEL, C1 and the soft hyphen are
        // forbidden: answered without the category lookup, which most of a check's time was.
        let value = scalar.value
        if value < 0x370 { return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xAD }
        return byCategory(scalar)
    }

    /// The rule itself, by general category (``isForbidden(_:)`` answers the first code points
    /// quicker, as tested against this).
    static func byCategory(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: true
        case .format: !(scalar == "\u{200D}" || scalar == "\u{200C}" || scalar == "\u{FE0F}")
        default: false
        }
    }

    /// A forbidden character as messages name it, for what it is: "the control character U+0001",
    /// "the unassigned code point U+0378", "the direction override U+202E", "the invisible
    /// formatting character U+200B", "the line separator U+2028".
    public static func described(_ scalar: Unicode.Scalar) -> String {
        let kind: String
        switch scalar.properties.generalCategory {
        case .unassigned: kind = "unassigned code point"
        case .lineSeparator: kind = "line separator"
        case .paragraphSeparator: kind = "paragraph separator"
        case .surrogate: kind = "surrogate code point"
        case .format:
            switch scalar.value {
            case 0x202A...0x202E, 0x2066...0x2069: kind = "direction override"
            case 0x200E, 0x200F, 0x061C: kind = "direction mark"
            default: kind = "invisible formatting character"
            }
        default: kind = "control character"
        }
        return "the \(kind) \(Hex.codePoint(scalar))"
    }

    /// Whether `scalar` may not stand in notes, which keep their tabs and new lines.
    public static func isForbiddenInNotes(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && isForbidden(scalar)
    }

    /// Whether `scalar` cannot be seen when a message quotes it: the forbidden characters, the
    /// joiners and selectors they allow, and private-use characters.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .privateUse: true
        default: isForbidden(scalar)
        }
    }

    /// The first forbidden character of `text`, if any.
    public static func firstForbidden(in text: String) -> Unicode.Scalar? {
        guard mayHoldForbidden(text, inNotes: false) else { return nil }
        return text.unicodeScalars.first(where: isForbidden)
    }

    /// The first character notes may not hold (``isForbiddenInNotes(_:)``), or nil.
    public static func firstForbiddenInNotes(_ text: String) -> Unicode.Scalar? {
        guard mayHoldForbidden(text, inNotes: true) else { return nil }
        return text.unicodeScalars.first(where: isForbiddenInNotes)
    }

    /// False when the bytes of `text` show that it holds no forbidden character: printable ASCII
    /// (and, in notes, tabs and new lines) and the letters and marks below U+0340 but for C1 and
    /// the soft hyphen, whose UTF-8 tells them apart, so that accented notes are not looked at
    /// scalar by scalar (docs/performance.md, "Text is checked by its bytes"). True when it may,
    /// and the scalars are to be looked at.
    static func mayHoldForbidden(_ text: String, inNotes: Bool) -> Bool {
        // A span of the bytes: stepping through `utf8` itself checks more at each step.
        let bytes = text.utf8.span
        for index in bytes.indices {
            switch bytes[index] {
            case 0x20..<0x7F: continue
            case 0x09, 0x0A: if !inNotes { return true }
            // C2 leads U+0080 to U+00BF, among them C1 (second byte 80 to 9F) and the soft hyphen (AD).
            case 0xC2: if bytes[index + 1] <= 0x9F || bytes[index + 1] == 0xAD { return true }
            // The other lead bytes below U+0340, and the later bytes of every scalar.
            case 0x80...0xCC: continue
            // Other C0, DEL, and the lead bytes from U+0340 on.
            default: return true
            }
        }
        return false
    }

    /// A name as `check --repair` cleans it: each forbidden character made a space, the ends
    /// trimmed (empty if nothing else is left).
    public static func cleanedName(_ text: String) -> String {
        let scalars = text.unicodeScalars.map { isForbidden($0) ? " " : $0 }
        return String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .whitespaces)
    }

    /// Notes as `check --repair` cleans them: forbidden characters dropped, tabs and new lines kept.
    public static func cleanedNotes(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !isForbiddenInNotes($0) }))
    }

    /// Text quoted in a message, on one line: in double quotes, cut to `limit` characters, each
    /// invisible character written as `[U+202E]` (``Hex/codePoint(_:)``, as the message names it)
    /// so that nothing breaks the line or hides.
    public static func quoted(_ text: String, limit: Int = 40) -> String {
        var result = "\""
        for scalar in text.truncated(to: limit).unicodeScalars {
            if isInvisible(scalar) {
                result += "[" + Hex.codePoint(scalar) + "]"
            } else {
                if scalar == "\"" || scalar == "\\" { result += "\\" }
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Text that came from a file and is about to reach a terminal: each forbidden character
    /// shown as U+FFFD, so that no escape sequence or line break gets through.
    public static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isForbidden($0) ? "\u{FFFD}" : $0 }))
    }
}

extension String {
    /// The text shortened to at most `width` characters, ending in "…" when cut.
    public func truncated(to width: Int) -> String {
        guard count > width else { return self }
        guard width > 1 else { return String(prefix(max(width, 0))) }
        return String(prefix(width - 1)) + "…"
    }
}
