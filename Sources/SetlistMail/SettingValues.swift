import SetlistModel
import SetlistSupport

/// Checking what `setlist config` saves. It lives here because most settings are the mail's
/// (a mailbox, a mail program); the others are checked by the type they hold.
extension Settings.Key {
    /// `value` as it is saved, or an error that says what is accepted: the notation by its name,
    /// the sender as a mailbox, the sendmail command trimmed, without control characters and
    /// naming a program.
    public func cleaned(_ value: String) throws -> String {
        switch self {
        case .notation:
            guard let notation = KeyNotation(parsing: value) else { throw ValueError.invalidNotation(value) }
            return notation.rawValue
        case .sender:
            return try Mailbox(parsing: value).description
        case .sendmail:
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            if let bad = ControlCharacters.firstForbidden(in: trimmed) {
                throw MailError.sendmailControlCharacter(Hex.codePoint(bad))
            }
            guard MailTransferAgent.splitCommand(trimmed).first?.isEmpty == false else { throw MailError.emptySendmail }
            return trimmed
        case .sendmailTimeout:
            guard let seconds = Settings.seconds(parsing: value) else { throw ValueError.invalidTimeout(value) }
            return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        }
    }
}
