import Foundation

/// Email addresses as the contacts hold them.
public enum EmailAddress {
    /// Checks an address (`name@example.com`) and returns it trimmed.
    public static func validate(_ raw: String) throws(ValueError) -> String {
        let text = Text.trimmedSpaces(raw)
        guard text.count <= 254, let at = text.lastIndex(of: "@") else { throw .invalidEmail(raw) }
        let local = text[..<at], domain = text[text.index(after: at)...]
        let localOK =
            !local.isEmpty && local.count <= 64
            && local.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty && part.allSatisfy(isAtext)
            }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        let domainOK =
            labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
        guard localOK, domainOK else { throw .invalidEmail(raw) }
        return text
    }

    /// The characters a part of the name before the "@" may hold (RFC 5322 `atext`).
    static let atext = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~"

    /// Whether `character` is one of ``atext`` as characters compare (canonically: the Kelvin
    /// sign is a K): an ASCII byte found among theirs, anything else by its NFC (a `Set` of the
    /// characters, built for every address, was most of `check`'s look at the contacts).
    static func isAtext(_ character: Character) -> Bool {
        if character.utf8.count == 1, let byte = character.utf8.first, byte < 0x80 { return atext.utf8.contains(byte) }
        let nfc = Text.normalizedByFoundation(String(character)).utf8
        return nfc.count == 1 && nfc.first! < 0x80 && atext.utf8.contains(nfc.first!)
    }
}
