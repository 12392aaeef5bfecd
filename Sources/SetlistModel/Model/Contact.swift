import SetlistSupport

/// A member of the band or anyone else setlists are shared with.
public struct Contact: Hashable, Sendable {
    public var name: String
    /// A validated address (see ``EmailAddress``).
    public var email: String

    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }
}

extension Contact {
    /// A contact from what a person typed: the name cleaned, the address validated, and both
    /// problems reported at once.
    public init(validatingName name: String, email: String) throws(LibraryError) {
        var errors: [ValueError] = []
        var contact = Contact(name: "", email: "")
        do throws(ValueError) { contact.name = try Text.cleanName(name, field: "contact name") } catch { errors.append(error) }
        do throws(ValueError) { contact.email = try EmailAddress.validate(email) } catch { errors.append(error) }
        guard errors.isEmpty else { throw .invalidValues(errors) }
        self = contact
    }
}

extension Contact: JSONRecord {
    public static let json = JSONMembers<Contact>(
        blank: { Contact(name: "", email: "") }, [.text("name", \.name), .text("email", \.email)])
}
