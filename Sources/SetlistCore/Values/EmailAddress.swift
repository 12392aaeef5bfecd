import Foundation

/// Email addresses as the contacts hold them.
public enum EmailAddress {
    /// Checks an address (`name@example.com`) and returns it trimmed.
    public static func validate(_ raw: String) throws(ValueError) -> String {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard text.count <= 254, let at = text.lastIndex(of: "@") else { throw .invalidEmail(raw) }
        let local = text[..<at], domain = text[text.index(after: at)...]
        let atext = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~")
        let localOK =
            !local.isEmpty && local.count <= 64
            && local.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty && part.allSatisfy { atext.contains($0) }
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
}
