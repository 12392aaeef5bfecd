import Foundation

/// Rules for the free text people type: names, authors, labels and notes.
public enum Text {
    /// Longest name, author or label accepted.
    public static let maximumNameLength = 300
    /// Longest notes accepted (about 30 printed pages).
    public static let maximumNotesLength = 100_000

    /// Folds case and accents so that "pribeh" matches "Příběh".
    public static func fold(_ text: String) -> String {
        latinFold(text) ?? foldWhole(text)
    }

    /// ``fold(_:)`` of text whose scalars each fold on their own — ASCII, the Latin letters and
    /// signs below U+0250 (looked up in ``latinFoldBytes``) and the dashes, quotes and signs of
    /// U+2010 to U+205E (which fold to themselves) — worked out over its UTF-8 bytes into one
    /// buffer; nil for any other text, which ``foldWhole(_:)`` folds as a whole.
    static func latinFold(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var complete = true
            let folded = String(unsafeUninitializedCapacity: latinFoldCapacity(bytes.count)) { out in
                guard let count = latinFold(bytes, into: out) else {
                    complete = false
                    return 0
                }
                return count
            }
            return complete ? folded : nil
        }
    }

    /// Room for the Latin fold of `count` bytes: a two-byte letter folds to at most three.
    static func latinFoldCapacity(_ count: Int) -> Int { count + (count + 1) / 2 }

    /// Writes the Latin fold of `bytes` (see ``latinFold(_:)``) into `out` and returns its length;
    /// nil when the text is not Latin and is folded as a whole.
    @inline(__always)
    static func latinFold(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        latinFoldBytes.withUnsafeBufferPointer { table -> Int? in
            var index = 0, end = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    out[end] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                    index += 1
                    end += 1
                } else if byte < 0xCA, index + 1 < bytes.count {
                    // Two bytes, U+0080 to U+027F.
                    let value = Int(byte & 0x1F) << 6 | Int(bytes[index + 1] & 0x3F)
                    if value < 0xA0 {
                        out[end] = byte
                        out[end + 1] = bytes[index + 1]
                        end += 2
                    } else if value < 0x250 {
                        var packed = table[value - 0xA0]
                        for _ in 0..<(packed >> 24) {
                            out[end] = UInt8(truncatingIfNeeded: packed)
                            packed >>= 8
                            end += 1
                        }
                    } else {
                        return nil
                    }
                    index += 2
                } else if byte == 0xE2, index + 2 < bytes.count,
                    isSelfFoldingPunctuation(Int(bytes[index + 1] & 0x3F) << 6 | Int(bytes[index + 2] & 0x3F))
                {
                    out[end] = byte
                    out[end + 1] = bytes[index + 1]
                    out[end + 2] = bytes[index + 2]
                    index += 3
                    end += 3
                } else {
                    return nil
                }
            }
            return end
        }
    }

    /// A text folded once to be compared with many others' folds (a reference with every song's
    /// name), each without building its fold when it is Latin text.
    struct Folded {
        /// ``Text/fold(_:)`` of the text.
        let text: String
        /// The bytes of ``text`` when it is a Latin fold: made of scalars that are their own
        /// canonical decomposition (`TextFoldTests` checks each), so it is in NFD, and equal to
        /// another string in NFD (another Latin fold) exactly when their bytes are. Nil otherwise.
        /// Kept beside ``text`` rather than read from it on each call: `song` compares it with
        /// every song's name, and reaching a string's bytes each time cost 10 M instructions of
        /// 30 000.
        private let latinBytes: [UInt8]?

        init(_ text: String) {
            let latin = Text.latinFold(text)
            self.text = latin ?? Text.foldWhole(text)
            latinBytes = latin.map { Array($0.utf8) }
        }

        /// Whether `Text.fold(other) == text`.
        func isFold(of other: String) -> Bool {
            guard let latinBytes else { return Text.fold(other) == text }
            var other = other
            let latinAnswer = other.withUTF8 { bytes -> Bool? in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Text.latinFoldCapacity(bytes.count)) { out -> Bool? in
                    guard let count = Text.latinFold(bytes, into: out) else { return nil }
                    guard count == latinBytes.count else { return false }
                    return count == 0 || latinBytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, out.baseAddress!, count) == 0 }
                }
            }
            return latinAnswer ?? (Text.foldWhole(other) == text)
        }
    }

    /// `text.lowercased()`, read from the bytes of text whose scalars are ASCII, below U+0180
    /// (but İ) or the punctuation of U+2010 to U+205E, each lowered on its own: a playlist's name
    /// is lowered on every read of the playlists to tell their names apart.
    public static func lowercased(_ text: String) -> String {
        latinLowercased(text) ?? text.lowercased()
    }

    static func latinLowercased(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var complete = true
            // Each scalar lowers to one of as many bytes.
            let lowered = String(unsafeUninitializedCapacity: bytes.count) { out in
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte < 0x80 {
                        out[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                        index += 1
                    } else if byte >= 0xC2 && byte < 0xC6 && index + 1 < bytes.count,
                        let lower = latinLowercase(Int(byte & 0x1F) << 6 | Int(bytes[index + 1] & 0x3F))
                    {
                        out[index] = UInt8(0xC0 | lower >> 6)
                        out[index + 1] = UInt8(0x80 | lower & 0x3F)
                        index += 2
                    } else if byte == 0xE2 && index + 2 < bytes.count
                        && isSelfFoldingPunctuation(Int(bytes[index + 1] & 0x3F) << 6 | Int(bytes[index + 2] & 0x3F))
                    {
                        out[index] = byte
                        out[index + 1] = bytes[index + 1]
                        out[index + 2] = bytes[index + 2]
                        index += 3
                    } else {
                        complete = false
                        return 0
                    }
                }
                return index
            }
            return complete ? lowered : nil
        }
    }

    /// The lowercase of U+0080 to U+017F, each one scalar from U+0080 to U+017F; nil for U+0130
    /// (İ, which lowers to two). `TextShortcutTests` compares each with `lowercased()`.
    static func latinLowercase(_ value: Int) -> Int? {
        switch value {
        case 0xC0...0xDE where value != 0xD7: value + 0x20
        case 0x100...0x12F, 0x132...0x137, 0x14A...0x177: value | 1
        case 0x139...0x148, 0x179...0x17E: value + (value & 1)
        case 0x130: nil
        case 0x178: 0xFF
        default: value
        }
    }

    /// Whether U+2000 + `offset` is one of the dashes, quotes, bullets and signs from U+2010 to
    /// U+205E but the line and paragraph separators and the direction and spacing format
    /// characters (U+2028 to U+202F): no mark, no case, no decomposition, each folding to itself
    /// (`TextFoldTests` checks every one against the whole rule) and each a character of its own.
    static func isSelfFoldingPunctuation(_ offset: Int) -> Bool {
        (0x10...0x27).contains(offset) || (0x30...0x5E).contains(offset)
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

    /// Text as it is stored and compared: Unicode NFC, so that an accent typed decomposed (as
    /// macOS file names and some terminals give it) and one typed composed are the same bytes.
    public static func normalized(_ text: String) -> String {
        // Every scalar below U+0300 (ASCII, and Latin letters with their accents precomposed) is
        // NFC and composes with nothing, so most text is already NFC. Asking Foundation costs a
        // copy through NSString: a third of exporting a 100-song playlist.
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
        let carriageReturn =
            unified.utf8.withContiguousStorageIfAvailable { bytes in bytes.baseAddress.map { memchr($0, 0x0D, bytes.count) != nil } ?? false
            }
            ?? unified.utf8.contains(0x0D)
        if carriageReturn {
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
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(max(width, 0))) }
        return String(text.prefix(width - 1)) + "…"
    }
}

extension Text {
    /// ``latinFolds`` as UTF-8 (one to three bytes each): the bytes from the lowest up, their
    /// count in the top byte.
    static let latinFoldBytes: [UInt32] = latinFolds.map { fold in
        // Each is one scalar below U+2C67, encoded here by hand: going through each string's
        // UTF-8 view made this table cost more than folding 300 names.
        let value = fold.unicodeScalars.first!.value
        if value < 0x80 { return 1 << 24 | value }
        if value < 0x800 { return 2 << 24 | (0x80 | value & 0x3F) << 8 | (0xC0 | value >> 6) }
        return 3 << 24 | (0x80 | value & 0x3F) << 16 | (0x80 | value >> 6 & 0x3F) << 8 | (0xE0 | value >> 12)
    }

    /// ``Text/foldWhole(_:)`` of U+00A0 to U+024F, one scalar each (the Latin letters and signs);
    /// `TextFoldTests` checks every one against the whole rule.
    static let latinFolds: [String] = [
        "\u{A0}", "\u{A1}", "\u{A2}", "\u{A3}", "\u{A4}", "\u{A5}", "\u{A6}", "\u{A7}", "\u{A8}", "\u{A9}", "\u{AA}", "\u{AB}",
        "\u{AC}", "\u{AD}", "\u{AE}", "\u{AF}", "\u{B0}", "\u{B1}", "\u{B2}", "\u{B3}", "\u{B4}", "\u{B5}", "\u{B6}", "\u{B7}",
        "\u{B8}", "\u{B9}", "\u{BA}", "\u{BB}", "\u{BC}", "\u{BD}", "\u{BE}", "\u{BF}", "a", "a", "a", "a",
        "a", "a", "\u{E6}", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "\u{F0}", "n", "o", "o", "o", "o", "o", "\u{D7}", "\u{F8}", "u", "u", "u",
        "u", "y", "\u{FE}", "\u{DF}", "a", "a", "a", "a", "a", "a", "\u{E6}", "c",
        "e", "e", "e", "e", "i", "i", "i", "i", "\u{F0}", "n", "o", "o",
        "o", "o", "o", "\u{F7}", "\u{F8}", "u", "u", "u", "u", "y", "\u{FE}", "y",
        "a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c",
        "c", "c", "d", "d", "\u{111}", "\u{111}", "e", "e", "e", "e", "e", "e",
        "e", "e", "e", "e", "g", "g", "g", "g", "g", "g", "g", "g",
        "h", "h", "\u{127}", "\u{127}", "i", "i", "i", "i", "i", "i", "i", "i",
        "i", "\u{131}", "\u{133}", "\u{133}", "j", "j", "k", "k", "\u{138}", "l", "l", "l",
        "l", "l", "l", "\u{140}", "\u{140}", "\u{142}", "\u{142}", "n", "n", "n", "n", "n",
        "n", "\u{149}", "\u{14B}", "\u{14B}", "o", "o", "o", "o", "o", "o", "\u{153}", "\u{153}",
        "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s",
        "s", "s", "t", "t", "t", "t", "\u{167}", "\u{167}", "u", "u", "u", "u",
        "u", "u", "u", "u", "u", "u", "u", "u", "w", "w", "y", "y",
        "y", "z", "z", "z", "z", "z", "z", "\u{17F}", "\u{180}", "\u{253}", "\u{183}", "\u{183}",
        "\u{185}", "\u{185}", "\u{254}", "\u{188}", "\u{188}", "\u{256}", "\u{257}", "\u{18C}", "\u{18C}", "\u{18D}", "\u{1DD}", "\u{259}",
        "\u{25B}", "\u{192}", "\u{192}", "\u{260}", "\u{263}", "\u{195}", "\u{269}", "\u{268}", "\u{199}", "\u{199}", "\u{19A}", "\u{19B}",
        "\u{26F}", "\u{272}", "\u{19E}", "\u{275}", "o", "o", "\u{1A3}", "\u{1A3}", "\u{1A5}", "\u{1A5}", "\u{280}", "\u{1A8}",
        "\u{1A8}", "\u{283}", "\u{1AA}", "\u{1AB}", "\u{1AD}", "\u{1AD}", "\u{288}", "u", "u", "\u{28A}", "\u{28B}", "\u{1B4}",
        "\u{1B4}", "\u{1B6}", "\u{1B6}", "\u{292}", "\u{1B9}", "\u{1B9}", "\u{1BA}", "\u{1BB}", "\u{1BD}", "\u{1BD}", "\u{1BE}", "\u{1BF}",
        "\u{1C0}", "\u{1C1}", "\u{1C2}", "\u{1C3}", "\u{1C6}", "\u{1C6}", "\u{1C6}", "\u{1C9}", "\u{1C9}", "\u{1C9}", "\u{1CC}", "\u{1CC}",
        "\u{1CC}", "a", "a", "i", "i", "o", "o", "u", "u", "u", "u", "u",
        "u", "u", "u", "u", "u", "\u{1DD}", "a", "a", "a", "a", "\u{E6}", "\u{E6}",
        "\u{1E5}", "\u{1E5}", "g", "g", "k", "k", "o", "o", "o", "o", "\u{292}", "\u{292}",
        "j", "\u{1F3}", "\u{1F3}", "\u{1F3}", "g", "g", "\u{195}", "\u{1BF}", "n", "n", "a", "a",
        "\u{E6}", "\u{E6}", "\u{F8}", "\u{F8}", "a", "a", "a", "a", "e", "e", "e", "e",
        "i", "i", "i", "i", "o", "o", "o", "o", "r", "r", "r", "r",
        "u", "u", "u", "u", "s", "s", "t", "t", "\u{21D}", "\u{21D}", "h", "h",
        "\u{19E}", "\u{221}", "\u{223}", "\u{223}", "\u{225}", "\u{225}", "a", "a", "e", "e", "o", "o",
        "o", "o", "o", "o", "o", "o", "y", "y", "\u{234}", "\u{235}", "\u{236}", "\u{237}",
        "\u{238}", "\u{239}", "\u{2C65}", "\u{23C}", "\u{23C}", "\u{19A}", "\u{2C66}", "\u{23F}", "\u{240}", "\u{242}", "\u{242}",
        "\u{180}",
        "\u{289}", "\u{28C}", "\u{247}", "\u{247}", "\u{249}", "\u{249}", "\u{24B}", "\u{24B}", "\u{24D}", "\u{24D}", "\u{24F}", "\u{24F}",
    ]
}
