import Foundation
import SetlistModel

/// Message-ID values (RFC 5322 section 3.6.4): unique, or reproducible from the message's content.
public enum MessageID {
    /// A new random id at `domain`.
    public static func random(domain: String) -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased() + "@" + domain
    }

    /// An id derived from `content` (for SOURCE_DATE_EPOCH builds): the same content, the same id.
    public static func derived(from content: Data, domain: String) -> String {
        digest(content) + "@" + domain
    }

    /// 32 hex digits that depend only on `data` (``Identifier/derived(from:)``).
    static func digest(_ data: Data) -> String {
        Identifier.derived(from: data)
    }
}
