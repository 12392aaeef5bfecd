import Foundation
import SetlistSupport

/// Measuring, cutting and wrapping text in terminal cells.
public enum Cells {
    /// Columns a string takes in a terminal: combining marks none, wide East Asian letters and emoji two.
    public static func width(_ text: String) -> Int {
        // Most text (names, keys, Czech and other Latin letters) is one column a scalar, each scalar a
        // character of its own; only text with marks, wide letters, emoji or controls is measured by character.
        oneColumnScalars(text) ?? text.reduce(0) { $0 + width(of: $1) }
    }

    /// How many scalars `text` has when each is ``isOneColumnAlone(_:)``, read from its UTF-8
    /// bytes (a table measures every cell); nil when one is not.
    static func oneColumnScalars(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            var index = 0, count = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x20 && byte < 0x7F {
                    index += 1
                } else if byte >= 0xC2 && byte < 0xCC && index + 1 < bytes.count {
                    // U+0080 to U+02FF.
                    guard isOneColumnAlone(Int(byte & 0x1F) << 6 | Int(bytes[index + 1] & 0x3F)) else { return nil }
                    index += 2
                } else if byte == 0xE2 && index + 2 < bytes.count {
                    // U+2000 to U+2FFF: punctuation, ♭ and ♯.
                    guard isOneColumnAlone(0x2000 | Int(bytes[index + 1] & 0x3F) << 6 | Int(bytes[index + 2] & 0x3F)) else { return nil }
                    index += 3
                } else {
                    return nil
                }
                count += 1
            }
            return count
        }
    }

    /// Printable ASCII and Latin letters before the combining marks (U+0300), but the soft hyphen,
    /// the dashes, quotes and signs of U+2010 to U+205E but the separators and format characters
    /// between them, and the flat, natural and sharp signs of keys: one column each, and never
    /// joined to a neighbour into one character.
    static func isOneColumnAlone(_ scalar: Unicode.Scalar) -> Bool {
        isOneColumnAlone(Int(scalar.value))
    }

    static func isOneColumnAlone(_ value: Int) -> Bool {
        (0x20...0x7E).contains(value) || ((0xA0..<0x300).contains(value) && value != 0xAD)
            || ((0x2000...0x205E).contains(value) && LatinText.isSelfFoldingPunctuation(value - 0x2000))
            || (0x266D...0x266F).contains(value)
    }

    /// Columns one character takes. A character drawn as an emoji (emoji presentation such as
    /// ⚡, or any symbol followed by the emoji selector U+FE0F, such as ❤️) takes at least two.
    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        let sum = scalars.reduce(0) { $0 + width(of: $1) }
        guard let first = scalars.first, first.value >= 0x80 else { return sum }
        if first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}") { return max(2, sum) }
        return sum
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        let value = scalar.value
        let wide =
            (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
            || (0x20000...0x3FFFD).contains(value)
        return wide ? 2 : 1
    }

    /// `text` cut to at most `width` columns, ending in "…" when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard self.width(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = "", used = 0
        for character in text {
            let w = self.width(of: character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// `left` and `right` on one line of `width` columns, the right part flush right; the left
    /// part is cut when both do not fit.
    public static func spread(_ left: String, _ right: String, width: Int) -> String {
        let right = truncate(right, to: width)
        let room = width - self.width(right) - 2
        guard room > 0 else { return right }
        let left = truncate(left, to: room)
        return left + String(repeating: " ", count: width - self.width(left) - self.width(right)) + right
    }

    /// `text` wrapped at spaces to lines of at most `width` columns; words longer than a line are
    /// split. New lines in `text` start new lines; tabs become spaces. A line that fits keeps its
    /// spacing (chords lined up over lyrics stay lined up).
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.replacingTabs().split(separator: "\n", omittingEmptySubsequences: false) {
            if self.width(String(paragraph)) <= width {
                lines.append(String(paragraph))
                continue
            }
            var line = "", used = 0
            for word in paragraph.split(separator: " ") {
                var word = String(word), w = self.width(word)
                if used > 0 && used + 1 + w <= width {
                    line += " " + word
                    used += 1 + w
                    continue
                }
                if used > 0 { lines.append(line) }
                while w > width {
                    let (head, tail) = split(word, at: width)
                    lines.append(head)
                    word = tail
                    w = self.width(word)
                }
                line = word
                used = w
            }
            lines.append(line)
        }
        return lines
    }

    private static func split(_ word: String, at width: Int) -> (String, String) {
        var head = "", used = 0
        var index = word.startIndex
        while index < word.endIndex {
            let w = self.width(of: word[index])
            if used + w > width && used > 0 { break }
            head.append(word[index])
            used += w
            index = word.index(after: index)
        }
        return (head, String(word[index...]))
    }
}

extension String {
    fileprivate func replacingTabs() -> String {
        var result = ""
        for character in self { result += character == "\t" ? "    " : String(character) }
        return result
    }
}
