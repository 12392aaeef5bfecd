import Foundation
import SetlistSupport

/// Rules for the free text people type: names, authors, labels and notes.
public enum Text {
    /// Longest name, author or label accepted.
    public static let maximumNameLength = 300
    /// Longest notes accepted (about 30 printed pages).
    public static let maximumNotesLength = 100_000

    /// Folds case and accents so that "pribeh" matches "Příběh".
    public static func fold(_ text: String) -> String {
        LatinText.fold(text) ?? foldWhole(text)
    }

    /// A text folded once to be compared with many others' folds (a reference with every song's
    /// name), each without building its fold when it is Latin text.
    struct Folded {
        /// ``Text/fold(_:)`` of the text.
        let text: String
        /// ``text``'s bytes when it is a Latin fold (``LatinText``), nil otherwise. Kept beside
        /// ``text`` rather than read from it on each call: `song` compares it with every song's name.
        private let latin: LatinText.FoldBytes?

        init(_ text: String) {
            let latin = LatinText.fold(text)
            self.text = latin ?? Text.foldWhole(text)
            self.latin = latin.map(LatinText.FoldBytes.init)
        }

        /// Whether `Text.fold(other) == text`.
        func isFold(of other: String) -> Bool {
            guard let latin else { return Text.fold(other) == text }
            return latin.isFold(of: other) ?? (Text.foldWhole(other) == text)
        }
    }

    /// `text.lowercased()`, read from the bytes of text whose scalars are ASCII, below U+0180
    /// (but İ) or the punctuation of U+2010 to U+205E, each lowered on its own: a playlist's name
    /// is lowered on every read of the playlists to tell their names apart.
    public static func lowercased(_ text: String) -> String {
        LatinText.lowercased(text) ?? text.lowercased()
    }

    /// Folds by decomposing, dropping the marks and lowering the case.
    static func foldWhole(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars).lowercased()
    }

    /// The lines of `text`, split at "\n", "\r\n" and "\r", found by its bytes: split as
    /// Characters, the lines of 2 000 charts took a sixth of importing them.
    public static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex, index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                index = bytes.index(after: index)
                continue
            }
            lines.append(text[start..<index])
            index = bytes.index(after: index)
            if byte == 0x0D, index < bytes.endIndex, bytes[index] == 0x0A { index = bytes.index(after: index) }
            start = index
        }
        lines.append(text[start..<bytes.endIndex])
        return lines
    }

    /// Text as it is stored and compared: Unicode NFC, so that an accent typed decomposed (as
    /// macOS file names and some terminals give it) and one typed composed are the same bytes.
    public static func normalized(_ text: String) -> String {
        // Every scalar below U+0300 (ASCII, and Latin letters with their accents precomposed) is
        // NFC and composes with nothing, so most text is already NFC, and is not copied through
        // NSString to ask Foundation.
        // A UTF-8 byte from 0xCC up belongs to a scalar from U+0300 up.
        text.utf8.contains { $0 >= 0xCC } ? normalizedByFoundation(text) : text
    }

    /// ``normalized(_:)`` by Foundation, the definition the shortcut is tested against.
    static func normalizedByFoundation(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping
    }

    /// `text` without white space and new lines at either end: what
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives, without the copy through NSString.
    public static func trimmed(_ text: String) -> String {
        trimmed(text, isSpaceOrNewline)
    }

    /// `parts` with `separator` between them, as `joined(separator:)` gives them, without its
    /// generic set-up: its first use had the runtime look up conformances (a scan of every
    /// conformance record) on every run of the commands that print a table or record a change.
    public static func joined(_ parts: [String], separator: String) -> String {
        var text = ""
        for index in parts.indices {
            if index > 0 { text += separator }
            text += parts[index]
        }
        return text
    }

    /// `text` without spaces and tabs at either end (new lines stay): what
    /// `trimmingCharacters(in: .whitespaces)` gives, as references to songs and playlists are read.
    public static func trimmedSpaces(_ text: String) -> String {
        trimmed(text, isSpace)
    }

    private static func trimmed(_ text: String, _ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return text }
        return String(scalars[first...last])
    }

    /// Whether `scalar` is in `CharacterSet.whitespacesAndNewlines`; ASCII answered directly.
    static func isSpaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : CharacterSet.whitespacesAndNewlines.contains(scalar)
    }

    /// Whether `scalar` is in `CharacterSet.whitespaces` (space separators and the tab); ASCII
    /// answered directly.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || scalar == "\t" : CharacterSet.whitespaces.contains(scalar)
    }

    /// Whether `text` has more than `limit` characters, without counting them when its bytes are
    /// few enough (a character has at least one byte).
    static func isLonger(_ text: String, than limit: Int) -> Bool {
        text.utf8.count > limit && text.count > limit
    }

    /// A name, author or label: NFC, trimmed, one line, no ``ControlCharacters``, not too long.
    /// - Parameter field: what the text is, for the error ("name", "author").
    public static func cleanName(_ text: String, field: String) throws(ValueError) -> String {
        let trimmed = trimmed(normalized(text))
        guard !trimmed.isEmpty else { throw .empty(field: field) }
        if let bad = ControlCharacters.firstForbidden(in: trimmed) {
            throw .controlCharacter(field: field, scalar: bad)
        }
        guard !isLonger(trimmed, than: maximumNameLength) else {
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
        // "." and ".." name folders, and left no letter for a file name (every one became setlist.pdf).
        if !name.isEmpty && name.allSatisfy({ $0 == "." }) { return true }
        let parts = name.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }
        return parts.count > 1 && parts.contains { $0 == ".." || $0 == "." || $0 == "~" }
    }

    /// Notes: NFC, line ends made "\n", trailing space trimmed, tabs and new lines allowed but no
    /// other control characters. Empty notes become nil.
    public static func cleanNotes(_ text: String) throws(ValueError) -> String? {
        var unified = normalized(text)
        if ByteSearch.contains(0x0D, inUTF8Of: unified) {
            unified = unified.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        let trimmed = trimmed(unified)
        if trimmed.isEmpty { return nil }
        if let bad = ControlCharacters.firstForbiddenInNotes(trimmed) {
            throw .controlCharacter(field: "notes", scalar: bad)
        }
        guard !isLonger(trimmed, than: maximumNotesLength) else {
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
        text.truncated(to: width)
    }
}
