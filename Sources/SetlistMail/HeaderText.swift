import Foundation
import SetlistModel

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
    /// characters (a multi-byte UTF-8 sequence, even a whole emoji with its joiners, is never
    /// split), and the spaces of the text travel inside the words, so decoding gives it back exactly.
    /// Uses Q encoding for mostly-ASCII text and B (base64) otherwise, whichever is shorter.
    public static func encodedWords(_ text: String, limit: Int = encodedWordLimit) -> [String] {
        let bytes = Array(text.utf8)
        let qLength = bytes.reduce(0) { $0 + qEncoded([$1]).count }
        let useB = (bytes.count + 2) / 3 * 4 < qLength
        let overhead = "=?utf-8?Q??=".count
        func encode(_ chunk: [UInt8]) -> String {
            useB ? "=?utf-8?B?" + base64(chunk) + "?=" : "=?utf-8?Q?" + qEncoded(chunk) + "?="
        }
        func length(_ chunk: [UInt8]) -> Int {
            overhead + (useB ? (chunk.count + 2) / 3 * 4 : qEncoded(chunk).count)
        }
        // Units that must stay in one word: characters, or their scalars when a character alone
        // is too long for a word.
        var units: [[UInt8]] = []
        for character in text {
            let utf8 = Array(String(character).utf8)
            if length(utf8) <= limit {
                units.append(utf8)
            } else {
                units += character.unicodeScalars.map { Array(String($0).utf8) }
            }
        }
        var words: [String] = []
        var current: [UInt8] = []
        for unit in units {
            if !current.isEmpty, length(current + unit) > limit {
                words.append(encode(current))
                current = []
            }
            current += unit
        }
        if !current.isEmpty { words.append(encode(current)) }
        return words
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
