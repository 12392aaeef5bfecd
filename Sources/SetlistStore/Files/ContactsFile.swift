import SetlistModel
import SetlistSupport

extension LibraryFiles {
    /// `contacts.json`: the band's address book.
    struct ContactsFile: LibraryFile, Codable, Equatable {
        var format = "setlist-contacts"
        var version = LibraryFiles.version
        var contacts: [Contact]
        var conflicts: [LibraryConflict]?

        init(contacts: [Contact], conflicts: [LibraryConflict]? = nil) {
            self.contacts = contacts
            self.conflicts = conflicts
        }

        init(json reader: inout JSONReader) throws(JSONReadError) {
            var header = LibraryFileHeader()
            var contacts: [Contact]?, conflicts: [LibraryConflict]?
            try reader.readObject { key, reader throws(JSONReadError) in
                switch key {
                case "contacts": contacts = try reader.readArray { reader throws(JSONReadError) in try Contact(json: &reader) }
                case "conflicts": conflicts = try readConflicts(&reader)
                default: try header.read(key, from: &reader)
                }
            }
            (format, version) = try header.checked(reader)
            guard let contacts else { throw reader.missing("contacts") }
            self.contacts = contacts
            self.conflicts = conflicts
        }

        func write(json writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("conflicts", conflicts)
                writer.member("contacts", contacts)
                writer.member("format", format)
                writer.member("version", version)
            }
        }
    }
}
