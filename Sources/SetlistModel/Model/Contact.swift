import SetlistSupport

/// A member of the band or anyone else setlists are shared with.
public struct Contact: Hashable, Sendable {
    public var name: String
    /// A validated address (see ``EmailAddress``).
    public var email: String
    /// What the member reads (``Part``); nil reads concert pitch, as a contact without a part did.
    public var part: Part?
    /// The member's instrument as the band calls it ("alto sax"), shown beside the part.
    public var instrument: String?

    public init(name: String, email: String, part: Part? = nil, instrument: String? = nil) {
        self.name = name
        self.email = email
        self.part = part
        self.instrument = instrument
    }

    /// The part the member reads: theirs, else concert pitch.
    public var readsPart: Part { part ?? .concert }

    /// Whether the member's part or instrument is set.
    public var hasPart: Bool { part != nil || instrument != nil }

    /// "E♭ part (alto sax)", "Concert (bass)", "Lyrics"; "Concert" when neither is set.
    public var partDescription: String { readsPart.name + (instrument.map { " (\($0))" } ?? "") }
}

extension Contact {
    /// A contact from what a person typed: the name and instrument cleaned, the address
    /// validated, and every problem reported at once.
    public init(validatingName name: String, email: String, part: Part? = nil, instrument: String? = nil) throws(LibraryError) {
        var errors: [ValueError] = []
        var contact = Contact(name: "", email: "", part: part)
        do throws(ValueError) { contact.name = try Text.cleanName(name, field: "contact name") } catch { errors.append(error) }
        do throws(ValueError) { contact.email = try EmailAddress.validate(email) } catch { errors.append(error) }
        do throws(ValueError) { contact.instrument = try Self.cleanInstrument(instrument) } catch { errors.append(error) }
        guard errors.isEmpty else { throw .invalidValues(errors) }
        self = contact
    }

    /// An instrument as typed, cleaned as a name is; nil for nothing or only spaces (no instrument).
    public static func cleanInstrument(_ text: String?) throws(ValueError) -> String? {
        guard let text, !Text.trimmedSpaces(text).isEmpty else { return nil }
        return try Text.cleanName(text, field: "instrument")
    }
}

extension Contact: JSONRecord {
    public static let json = JSONMembers<Contact>(
        blank: { Contact(name: "", email: "") },
        [.text("name", \.name), .text("email", \.email), .value("part", \.part), .text("instrument", \.instrument)])
}

extension Part: JSONCodable {
    /// The part's canonical form (``Part/description``): `"Eb"`, `"capo 2"`.
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        let text = try reader.readString()
        guard let part = Part(parsing: text) else { throw reader.invalid(ValueError.invalidPart(text).description) }
        self = part
    }

    public func write(json writer: inout JSONWriter) {
        writer.string(description)
    }
}
