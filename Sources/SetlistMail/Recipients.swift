import SetlistModel

/// Turns the words given after `--to` into mailboxes.
public enum Recipients {
    /// Each word is `all` (every contact), a contact (by name or address), or an address not in
    /// the contacts; a word with commas that is none of these is taken as several. Duplicates
    /// are dropped.
    /// - Throws: ``MailError/noRecipients`` when nothing is left, ``MailError/noContacts``, a
    ///   contact's invalid address, or the ``LibraryError`` of a name that matches no contact.
    public static func resolve(_ words: [String], in library: Library) throws -> [Mailbox] {
        var result: [Mailbox] = []
        func add(_ mailbox: Mailbox) {
            if !result.contains(where: { $0.address.lowercased() == mailbox.address.lowercased() }) { result.append(mailbox) }
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

    private static func one(_ word: String, in library: Library) throws -> [Mailbox] {
        let text = word.trimmingCharacters(in: .whitespaces)
        // An empty name would match every contact by prefix.
        guard !text.isEmpty else { throw MailError.noRecipients }
        if text.lowercased() == "all" {
            guard !library.contacts.isEmpty else { throw MailError.noContacts }
            return try library.contacts.map(mailbox)
        }
        let index: Int
        do throws(LibraryError) {
            index = try library.contactIndex(matching: text)
        } catch {
            // An address that is not among the contacts is fine; a name that matches none is not.
            guard case .contactNotFound = error, text.contains("@") else { throw error }
            return [try Mailbox(parsing: text)]
        }
        return [try mailbox(library.contacts[index])]
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
