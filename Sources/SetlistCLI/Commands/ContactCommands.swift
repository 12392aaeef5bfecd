import ArgumentParser
import SetlistModel
import SetlistSupport

struct AddContactCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "add-contact", abstract: "Add someone to share setlists with.",
        discussion: "Example: setlist add-contact \"Pepa Kytara\" pepa@example.com")

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The name.") var name: String
    @Argument(help: "The email address.") var email: String

    func run(_ context: CommandContext) throws {
        let contact = try Contact(validatingName: name, email: email)
        try libraryOptions.modify(in: context) { library in try library.addContact(contact) }
        context.say("Added \(contact.name) <\(contact.email)>.")
    }
}

struct ContactsCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts", abstract: "List the contacts.")

    @OptionGroup var libraryOptions: LibraryOptions
    @Flag(help: "Print JSON for scripts (see docs/json.md).") var json = false

    func run(_ context: CommandContext) throws {
        let contacts = try libraryOptions.load(in: context).contacts
        if json { return context.printJSON(contacts) }
        guard !contacts.isEmpty else {
            context.say("No contacts yet. Add one with `setlist add-contact NAME EMAIL`.")
            return
        }
        var table = Table([("Name", .text), ("Email", .left)])
        // A hand-edited file may hold line breaks or escape codes; they must not reach the terminal.
        for contact in contacts { table.add([ControlCharacters.printable(contact.name), ControlCharacters.printable(contact.email)]) }
        context.say(table.render(for: context))
    }
}

struct RemoveContactCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-contact", abstract: "Remove a contact.")

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The contact's name or email address.", completion: .contacts) var contact: String

    func run(_ context: CommandContext) throws {
        let removed = try libraryOptions.modify(in: context) { library in try library.removeContact(contact) }
        context.say("Removed \(removed.name) <\(removed.email)>.")
    }
}
