import SetlistModel

/// Turns the words given after `--to` into mailboxes.
public enum Recipients {
    /// Each word is `all` (every contact), a contact (by name or address), or an address not in
    /// the contacts; a word with commas that is none of these is taken as several. Duplicates
    /// are dropped.
    /// - Throws: ``MailError/noRecipients`` when nothing is left, ``MailError/noContacts``, a
    ///   contact's invalid address, or the ``LibraryError`` of a name that matches no contact.
    public static func resolve(_ words: [String], in library: Library) throws -> [Mailbox] {
        try members(words, in: library).map(\.mailbox)
    }

    /// The recipients as ``resolve(_:in:)`` finds them, each with the part they read: a
    /// contact's own, concert pitch for an address that is no contact.
    public static func members(_ words: [String], in library: Library) throws -> [Member] {
        var result: [Member] = []
        func add(_ member: Member) {
            if !result.contains(where: { $0.mailbox.address.lowercased() == member.mailbox.address.lowercased() }) { result.append(member) }
        }
        for word in words {
            do {
                try one(word, in: library).forEach(add)
            } catch _ where word.contains(",") {
                let parts = word.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                for part in parts { try one(part, in: library).forEach(add) }
            }
        }
        guard !result.isEmpty else { throw MailError.noRecipients }
        return result
    }

    /// A recipient and what they read.
    public struct Member: Sendable, Hashable {
        public var mailbox: Mailbox
        /// The contact, when the recipient is one.
        public var contact: Contact?
        /// The contact's part, else concert pitch.
        public var part: Part { contact?.readsPart ?? .concert }
    }

    private static func one(_ word: String, in library: Library) throws -> [Member] {
        let text = word.trimmingCharacters(in: .whitespaces)
        // An empty name would match every contact by prefix.
        guard !text.isEmpty else { throw MailError.noRecipients }
        if text.lowercased() == "all" {
            guard !library.contacts.isEmpty else { throw MailError.noContacts }
            return try library.contacts.map { Member(mailbox: try mailbox($0), contact: $0) }
        }
        let index: Int
        do throws(LibraryError) {
            index = try library.contactIndex(matching: text)
        } catch {
            // An address that is not among the contacts is fine; a name that matches none is not.
            guard case .contactNotFound = error, text.contains("@") else { throw error }
            return [Member(mailbox: try Mailbox(parsing: text), contact: nil)]
        }
        return [Member(mailbox: try mailbox(library.contacts[index]), contact: library.contacts[index])]
    }

    /// A contact's mailbox. The address is checked again: contacts.json may have been edited by
    /// hand or merged from a synced copy, and an address is written into the To header.
    private static func mailbox(_ contact: Contact) throws(MailError) -> Mailbox {
        guard let address = try? EmailAddress.validate(contact.email) else {
            throw .invalidContactAddress(name: contact.name, address: Text.oneLine(contact.email))
        }
        return Mailbox(name: contact.name, address: address)
    }
}
