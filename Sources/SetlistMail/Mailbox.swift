import SetlistModel
import SetlistSupport

/// One person's address as a header shows it: an optional display name and an address, like
/// `Jirka Novák <jirka@example.com>`.
public struct Mailbox: Hashable, Sendable, CustomStringConvertible {
    /// The name people see; nil or empty for a bare address.
    public var name: String?
    /// The address, validated by ``EmailAddress/validate(_:)`` (ASCII only).
    public var address: String

    /// A mailbox from parts already checked. Control characters in `name` are made spaces when
    /// the header is written, so they can never start a header of their own.
    public init(name: String?, address: String) {
        self.name = name
        self.address = address
    }

    /// Parses what a person types: `Name <addr>`, `"Name, Jr." <addr>`, `<addr>` or a bare `addr`.
    /// - Throws: ``MailError/invalidMailbox(_:reason:)`` with a message that shows the accepted forms.
    public init(parsing raw: String) throws(MailError) {
        let text = raw.trimmingCharacters(in: .whitespaces)
        if let bad = ControlCharacters.firstForbidden(in: text) {
            throw .invalidMailbox(raw, reason: "it contains the control character \(Hex.codePoint(bad))")
        }
        guard !text.isEmpty else { throw .invalidMailbox(raw, reason: "it is empty") }
        var name: String?
        var addressText = text
        if text.hasSuffix(">") {
            guard let open = text.lastIndex(of: "<") else {
                throw .invalidMailbox(raw, reason: "the '>' has no matching '<'")
            }
            addressText = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            var display = text[..<open].trimmingCharacters(in: .whitespaces)
            if display.count >= 2, display.hasPrefix("\""), display.hasSuffix("\"") {
                display = Self.unquote(String(display.dropFirst().dropLast()))
            }
            name = try Self.displayName(display, raw: raw)
        }
        do {
            address = try EmailAddress.validate(addressText)
        } catch {
            throw .invalidMailbox(raw, reason: "'\(addressText)' is not an email address")
        }
        self.name = name
    }

    /// `Name <address>`, or the bare address, as people read it (not header-encoded).
    public var description: String {
        guard let name, !name.isEmpty else { return address }
        return "\(name) <\(address)>"
    }

    /// The domain part of the address, for Message-ID.
    public var domain: String {
        guard let at = address.lastIndex(of: "@") else { return "localhost" }
        return String(address[address.index(after: at)...])
    }

    /// The display name, held to the rules for names (NFC, capped, no direction overrides); nil
    /// when there is none.
    private static func displayName(_ display: String, raw: String) throws(MailError) -> String? {
        guard !display.isEmpty else { return nil }
        let result = Result { () throws(ValueError) -> String in try Text.cleanName(display, field: "name") }
        switch result {
        case .success(let name):
            return name
        case .failure(.tooLong(_, let limit)):
            throw .invalidMailbox(raw, reason: "the name is longer than \(limit) characters")
        case .failure(.controlCharacter(_, let scalar)):
            throw .invalidMailbox(raw, reason: "the name contains the control character \(Hex.codePoint(scalar))")
        case .failure(let error):
            throw .invalidMailbox(raw, reason: error.description)
        }
    }

    private static func unquote(_ text: String) -> String {
        var result = "", escaped = false
        for character in text {
            if escaped || character != "\\" {
                result.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return result
    }
}
