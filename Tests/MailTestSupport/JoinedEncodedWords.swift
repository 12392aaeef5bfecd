import Foundation

/// Decodes the RFC 2047 encoded words of a header the way GMime does (and so notmuch, mu,
/// Evolution and Geary): adjacent encoded words of the same charset and encoding are joined and
/// their payloads decoded as one. A base64 word with `=` padding followed by another word breaks
/// that decoding, though each word alone is valid.
public enum JoinedEncodedWords {
    /// The header's value (after `Name:`) with its folds undone, from a whole message.
    public static func rawHeader(_ name: String, in message: Data) -> String? {
        let text = String(decoding: message, as: UTF8.self)
        let block = text.components(separatedBy: "\r\n\r\n")[0].replacingOccurrences(of: "\r\n ", with: " ")
        let prefix = name.lowercased() + ":"
        return block.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix(prefix) }.map {
            String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        }
    }

    /// The text of `value` with its encoded words decoded joined; nil when a joined payload does
    /// not decode (GMime then shows a cut or garbled text) or is not UTF-8.
    public static func decode(_ value: String) -> String? {
        enum Token {
            case word(charset: String, encoding: Character, payload: String)
            case text(String)
        }
        var tokens: [Token] = []
        var rest = Substring(value)
        while !rest.isEmpty {
            if let word = encodedWord(at: rest) {
                // White space between two encoded words is dropped (RFC 2047 section 6.2).
                if case .text(let between) = tokens.last, between.allSatisfy({ $0 == " " || $0 == "\t" }),
                    tokens.count >= 2, case .word = tokens[tokens.count - 2]
                {
                    tokens.removeLast()
                }
                tokens.append(.word(charset: word.charset.lowercased(), encoding: word.encoding, payload: word.payload))
                rest = rest.dropFirst(word.length)
            } else if case .text(let text) = tokens.last {
                tokens[tokens.count - 1] = .text(text + String(rest.removeFirst()))
            } else {
                tokens.append(.text(String(rest.removeFirst())))
            }
        }
        var result = ""
        var index = 0
        while index < tokens.count {
            switch tokens[index] {
            case .text(let text):
                result += text
                index += 1
            case .word(let charset, let encoding, var payload):
                index += 1
                // Adjacent words of the same charset and encoding are decoded as one.
                while index < tokens.count, case .word(charset, encoding, let more) = tokens[index] {
                    payload += more
                    index += 1
                }
                guard charset == "utf-8", let bytes = decodePayload(payload, encoding: encoding),
                    let text = String(data: bytes, encoding: .utf8)
                else { return nil }
                result += text
            }
        }
        return result
    }

    private static func encodedWord(at text: Substring) -> (charset: String, encoding: Character, payload: String, length: Int)? {
        guard text.hasPrefix("=?") else { return nil }
        let parts = text.dropFirst(2).split(separator: "?", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[3].hasPrefix("="), let encoding = parts[1].uppercased().first, parts[1].count == 1,
            encoding == "B" || encoding == "Q"
        else { return nil }
        let length = 2 + parts[0].count + 1 + 1 + 1 + parts[2].count + 2
        return (String(parts[0]), encoding, String(parts[2]), length)
    }

    private static func decodePayload(_ payload: String, encoding: Character) -> Data? {
        if encoding == "B" {
            // Strict: padding is allowed only at the very end of the joined payload.
            return Data(base64Encoded: payload)
        }
        var bytes: [UInt8] = []
        var utf8 = Array(payload.utf8)[...]
        while let byte = utf8.popFirst() {
            switch byte {
            case UInt8(ascii: "_"): bytes.append(0x20)
            case UInt8(ascii: "="):
                guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            default: bytes.append(byte)
            }
        }
        return Data(bytes)
    }
}
