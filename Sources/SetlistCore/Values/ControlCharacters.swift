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
    /// (and, in notes, tabs and new lines) and the two-byte letters and marks below U+0370 but C1
    /// and the soft hyphen, read as bytes. True when it may, and the scalars are to be looked at:
    /// `check` looks at every name and note of the library, and most are such text.
    static func mayHoldForbidden(_ text: String, inNotes: Bool) -> Bool {
        let answer = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var index = 0
            while index < bytes.count {
                // Sixteen bytes at once from a character's start, when each is printable ASCII (or
                // a tab or new line in notes), a lead C3–CC or a continuation byte (which in text
                // follows such a lead here): most notes are. Byte by byte this loop took 2.3 M
                // instructions of `check` of the band library, now 1.6 M, and a tenth less time.
                if bytes.count - index >= 16, isPlainLetters(Bytes.run(at: bytes.baseAddress! + index), inNotes: inNotes) {
                    index += 16
                    // A lead that ends the run starts the next one.
                    if (0xC3...0xCC).contains(bytes[index - 1]) { index -= 1 }
                    continue
                }
                let byte = bytes[index]
                switch byte {
                case 0x20..<0x7F:
                    index += 1
                case 0x09, 0x0A:
                    guard inNotes else { return true }
                    index += 1
                case 0xC2:
                    // U+0080 to U+00BF: C1 (to U+009F) and the soft hyphen are forbidden.
                    guard index + 1 < bytes.count, bytes[index + 1] > 0x9F, bytes[index + 1] != 0xAD else { return true }
                    index += 2
                case 0xC3...0xCC:
                    index += 2
                case 0xCD:
                    // U+0340 to U+037F: the fast answer goes to U+036F.
                    guard index + 1 < bytes.count, bytes[index + 1] < 0xB0 else { return true }
                    index += 2
                default:
                    return true
                }
            }
            return false
        }
        return answer ?? true
    }

    /// Whether every byte of `run` is one that ``mayHoldForbidden(_:inNotes:)`` passes by alone,
    /// in lane arithmetic (``Bytes/highBits(_:atLeast:)``).
    @inline(__always)
    private static func isPlainLetters(_ run: SIMD16<UInt8>, inNotes: Bool) -> Bool {
        let high = run & 0x80, low = run & 0x7F
        var ascii = Bytes.highBits(low, atLeast: 0x20) & ~Bytes.highBits(low, atLeast: 0x7F)
        if inNotes { ascii |= Bytes.highBits(low, atLeast: 0x09) & ~Bytes.highBits(low, atLeast: 0x0B) }
        // 0x80 to 0xBF (continuation bytes) and the leads 0xC3 to 0xCC.
        let upper = ~Bytes.highBits(low, atLeast: 0x40) | Bytes.highBits(low, atLeast: 0x43) & ~Bytes.highBits(low, atLeast: 0x4D)
        return Bytes.allHigh(~high & ascii | high & upper)
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
        for scalar in Text.truncate(text, to: limit).unicodeScalars {
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
