import SetlistSupport

/// A member of the band or anyone else setlists are shared with.
public struct Contact: Hashable, Sendable, Codable {
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

extension Contact: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        var name: String?, email: String?
        try reader.readObject { key, reader throws(JSONReadError) in
            switch key {
            case "name": name = try reader.readString()
            case "email": email = try reader.readString()
            default: try reader.skipValue()
            }
        }
        guard let name else { throw reader.missing("name") }
        guard let email else { throw reader.missing("email") }
        self.init(name: name, email: email)
    }

    public func write(json writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("email", email)
            writer.member("name", name)
        }
    }
}
