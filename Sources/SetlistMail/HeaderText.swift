import Foundation
import SetlistModel
import SetlistSupport

/// Header values written safely: control characters neutralised, non-ASCII text as RFC 2047
/// encoded words, and long values folded at whitespace to lines of at most 78 characters.
///
/// Nothing a person types can end a header line early: CR, LF and every other control character
/// become a space before a value is written, and whatever is not plain printable ASCII is encoded.
public enum HeaderText {
    /// The longest line this writer produces (RFC 5322 section 2.1.1 recommends 78).
    public static let lineLimit = 78
    /// The longest encoded word (RFC 2047 section 2).
    public static let encodedWordLimit = 75

    /// Whether `text` can stand in a header as it is: printable ASCII and spaces, and nothing a
    /// decoder would take for an encoded word.
    static func isPlain(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F } && !text.contains("=?")
    }

    // MARK: Unstructured headers (Subject)

    /// A complete unstructured header such as `Subject`, folded, without the final CRLF.
    public static func unstructured(_ name: String, _ value: String) -> String {
        let text = Text.oneLine(value)
        let prefix = name.count + 2
        let words = text.split(separator: " ").map(String.init)
        if isPlain(text), let first = words.first, prefix + first.count <= lineLimit,
            words.allSatisfy({ 1 + $0.count <= lineLimit })
        {
            return fold(name: name, tokens: words)
        }
        if text.isEmpty { return name + ":" }
        return fold(name: name, tokens: encodedWords(text, limit: min(encodedWordLimit, lineLimit - prefix)))
    }

    // MARK: Address headers (From, To)

    /// A complete address header such as `To`, one mailbox after another, folded between them.
    public static func addresses(_ name: String, _ mailboxes: [Mailbox]) -> String {
        let limit = min(encodedWordLimit, lineLimit - name.count - 2)
        var tokens: [String] = []
        for (index, mailbox) in mailboxes.enumerated() {
            var mine = phrase(mailbox.name.map(Text.oneLine) ?? "", limit: limit)
            // Addresses are validated where they are typed, but one from a hand-edited file must
            // not end the header line either.
            let address = Text.oneLine(mailbox.address).replacingOccurrences(of: " ", with: "")
            mine.append(mine.isEmpty ? address : "<\(address)>")
            if index < mailboxes.count - 1 { mine[mine.count - 1] += "," }
            tokens += mine
        }
        return fold(name: name, tokens: tokens)
    }

    /// A display name as tokens of an RFC 5322 phrase: atoms when it is made of them, one quoted
    /// string when it is printable ASCII that fits a line, else encoded words.
    static func phrase(_ name: String, limit: Int) -> [String] {
        guard !name.isEmpty else { return [] }
        let atext = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~")
        let words = name.split(separator: " ")
        if isPlain(name), words.allSatisfy({ $0.allSatisfy { atext.contains($0) } && $0.count < 60 }) {
            return words.map(String.init)
        }
        if isPlain(name), name.count + 2 <= limit {
            return ["\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""]
        }
        return encodedWords(name, limit: limit)
    }

    // MARK: Folding

    /// `Name: token token ...`, a line break (CRLF and a space) put between tokens wherever the
    /// next one would pass ``lineLimit``. Lines are never broken inside a token.
    static func fold(name: String, tokens: [String]) -> String {
        var lines: [String] = []
        var line = name + ":"
        var lineHasToken = false
        for token in tokens {
            if lineHasToken, line.count + 1 + token.count > lineLimit {
                lines.append(line)
                line = ""
            }
            line += " " + token
            lineHasToken = true
        }
        lines.append(line)
        return lines.joined(separator: "\r\n")
    }

    // MARK: RFC 2047 encoded words

    /// `text` as UTF-8 encoded words of at most `limit` characters each. Words end only between
    /// characters (a multi-byte UTF-8 sequence is never split, and an emoji with its joiners stays
    /// in one word where the encoding lets it), and the spaces of the text travel inside the words,
    /// so decoding gives it back exactly.
    ///
    /// Uses B (base64) when that is shorter and every word but the last can end on a whole 3-byte
    /// group, else Q. GMime (notmuch, mu, Evolution, Geary) joins adjacent encoded words before
    /// decoding them, so a base64 word padded with "=" ahead of another would cut the text there.
    public static func encodedWords(_ text: String, limit: Int = encodedWordLimit) -> [String] {
        let bytes = Array(text.utf8)
        let qLength = bytes.reduce(0) { $0 + qEncoded([$1]).count }
        if (bytes.count + 2) / 3 * 4 < qLength, let words = base64Words(text, limit: limit) {
            return words
        }
        let chunks = split(units(text) { overhead + qEncoded($0).count <= limit }) { overhead + qEncoded($0).count <= limit }
        return chunks.map { "=?utf-8?Q?" + qEncoded($0) + "?=" }
    }

    /// The length of an encoded word without its text: `=?utf-8?Q??=`.
    private static let overhead = "=?utf-8?Q??=".count

    /// `text` as B words of whole characters, each but the last a whole number of 3-byte groups
    /// (no "=" padding); nil when the characters leave no such place to end a word.
    private static func base64Words(_ text: String, limit: Int) -> [String]? {
        func fits(_ count: Int) -> Bool { overhead + (count + 2) / 3 * 4 <= limit }
        let units = units(text) { fits($0.count) }
        var words: [String] = []
        var start = 0
        while start < units.count {
            // The most units from `start` that fit, and the most whose bytes end a 3-byte group.
            var count = 0
            var end = start
            var aligned: Int?
            while end < units.count, fits(count + units[end].count) {
                count += units[end].count
                end += 1
                if count % 3 == 0 { aligned = end }
            }
            guard let cut = end == units.count ? end : aligned else { return nil }
            words.append("=?utf-8?B?" + base64(Array(units[start..<cut].joined())) + "?=")
            start = cut
        }
        return words
    }

    /// The UTF-8 bytes of each character, or of each of its scalars when the character alone does
    /// not `fit` a word.
    private static func units(_ text: String, fit: ([UInt8]) -> Bool) -> [[UInt8]] {
        var units: [[UInt8]] = []
        for character in text {
            let utf8 = Array(String(character).utf8)
            if fit(utf8) {
                units.append(utf8)
            } else {
                units += character.unicodeScalars.map { Array(String($0).utf8) }
            }
        }
        return units
    }

    /// Units gathered into the longest runs that `fit`.
    private static func split(_ units: [[UInt8]], fit: ([UInt8]) -> Bool) -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        var current: [UInt8] = []
        for unit in units {
            if !current.isEmpty, !fit(current + unit) {
                chunks.append(current)
                current = []
            }
            current += unit
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }

    /// The Q encoding of RFC 2047 section 4.2, restricted to the characters allowed in a phrase
    /// (section 5 rule 3) so the same word is valid in any header.
    static func qEncoded(_ bytes: [UInt8]) -> String {
        var result = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "!"), UInt8(ascii: "*"),
                UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                result += "_"
            default:
                result += "=" + hex(byte)
            }
        }
        return result
    }

    static func hex(_ byte: UInt8) -> String {
        Hex.digits(byte, 2, uppercase: true)
    }

    static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
