import SetlistModel
import SetlistSupport

extension LibraryFiles {
    /// `contacts.json`: the band's address book.
    struct ContactsFile: LibraryFile, Equatable {
        var format = "setlist-contacts"
        var version = LibraryFiles.version
        var contacts: [Contact]
        var conflicts: [LibraryConflict]?

        init(contacts: [Contact], conflicts: [LibraryConflict]? = nil) {
            self.contacts = contacts
            self.conflicts = conflicts
        }

        static let json = JSONMembers<Self>(
            blank: { Self(contacts: []) }, header + [.list("contacts", \.contacts), .list("conflicts", \.conflicts)])
    }
}
