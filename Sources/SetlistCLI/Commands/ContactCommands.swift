import ArgumentParser
import SetlistModel
import SetlistSupport

struct AddContactCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "add-contact", abstract: "Add someone to share setlists with.",
        discussion: """
            A member's part is what they read, everywhere setlist prints or sends for them: \
            `share --to all` mails each member their own songbook part, and `pdf --for NAME` prints it. \
            A saxophonist in E♭ reads a song in C major in A major; a guitarist with --part "capo 2" \
            reads the shapes, the key that sounds named; a singer the words alone; a dep the Nashville \
            numbers. Change it later with `setlist edit-contact`.

            Examples:
              setlist add-contact "Pepa Kytara" pepa@example.com
              setlist add-contact Jana jana@example.com --part Eb --instrument "alto sax"
              setlist add-contact "Petr" petr@example.com --part "capo 2"
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The name.") var name: String
    @Argument(help: "The email address.") var email: String
    @Option(help: ArgumentHelp("What the member reads: " + Part.optionHelp, valueName: "part"), transform: Part.option)
    var part: Part?
    @Option(help: ArgumentHelp("The member's instrument, shown beside the part (\"alto sax\").", valueName: "name"))
    var instrument: String?

    func run(_ context: CommandContext) throws {
        let contact = try Contact(validatingName: name, email: email, part: part == .concert ? nil : part, instrument: instrument)
        try libraryOptions.modify(in: context) { library in try library.addContact(contact) }
        context.say("Added \(contact.name) <\(contact.email)>" + (contact.hasPart ? ", who reads \(contact.partDescription)" : "") + ".")
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
        // The part column only once some member has one: a band at concert pitch sees what it saw.
        let parts = contacts.contains(where: \.hasPart)
        var table = Table([("Name", .text), ("Email", .left)] + (parts ? [("Part", .text)] : []))
        // A hand-edited file may hold line breaks or escape codes; they must not reach the terminal.
        for contact in contacts {
            table.add(
                [ControlCharacters.printable(contact.name), ControlCharacters.printable(contact.email)]
                    + (parts ? [ControlCharacters.printable(contact.partDescription)] : []))
        }
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

struct EditContactCommand: SetlistSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "edit-contact", abstract: "Change a contact's part or instrument.",
        discussion: """
            Examples:
              setlist edit-contact Jana --part Bb --instrument "tenor sax"
              setlist edit-contact petr@example.com --part concert
              setlist edit-contact Jana --instrument ""      # no instrument
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The contact's name or email address.", completion: .contacts) var contact: String
    @Option(help: ArgumentHelp("What the member reads: " + Part.optionHelp, valueName: "part"), transform: Part.option)
    var part: Part?
    @Option(help: ArgumentHelp("The member's instrument (\"\" for none).", valueName: "name")) var instrument: String?

    func validate() throws {
        if part == nil && instrument == nil { throw ValidationError("Say what to change: --part PART, --instrument NAME, or both.") }
    }

    func run(_ context: CommandContext) throws {
        let instrument: String?? = try self.instrument.map { try Contact.cleanInstrument($0) }
        let (before, after) = try libraryOptions.modify(in: context) { library in
            try library.editContact(contact, part: part.map { $0 == .concert ? nil : $0 }, instrument: instrument)
        }
        guard before != after else { return context.say("\(after.name) already reads \(after.partDescription).") }
        context.say(
            "\(after.name) now reads \(after.partDescription) (was \(before.partDescription)).")
    }
}
