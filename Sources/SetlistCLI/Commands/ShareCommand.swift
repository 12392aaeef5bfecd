import ArgumentParser
import Foundation
import SetlistCore
import SetlistExchange
import SetlistMail
import SetlistPDF

struct ShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Email a playlist to the band: the .plsts to import and a PDF to print.",
        discussion: """
            One message goes to every recipient, from the sender in --from, else the `sender` setting \
            (`setlist config sender "Name <you@example.com>"`), else $EMAIL. It lists the songs in its \
            text and carries NAME.plsts (members import it with `setlist import`) and NAME.pdf.

            Without --eml the message goes to the system's mail program as `sendmail -t -i` does: the \
            `sendmail` setting, else $SETLIST_SENDMAIL, else `sendmail` on the PATH (for example msmtp \
            with the msmtp-mta package). With --eml FILE it is written to a file any mail program \
            opens instead; add --send to do both. With SOURCE_DATE_EPOCH set, the same playlist \
            gives the same message, byte for byte. The format is in docs/email.md.

            Examples:
              setlist share --to "Pepa Kytara"
              setlist share "Můj koncert" --to all --short
              setlist share --to pepa@example.com --to "Jana" --pdf long,short
              setlist share --to all --eml koncert.eml
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist (default: the current one).", completion: .playlists) var playlist: String?
    @Option(help: ArgumentHelp(
        "A recipient: a contact's name (accents and case don't matter), an email address, or `all` for every contact. Repeat it, or separate several with commas.",
        valueName: "who"), completion: .contacts)
    var to: [String] = []
    @Option(help: ArgumentHelp("The sender, \"Name <you@example.com>\" (default: the sender setting, else $EMAIL).", valueName: "mailbox"))
    var from: String?
    @Option(help: ArgumentHelp("The subject (default: \"Setlist: NAME\").", valueName: "text")) var subject: String?
    @Flag(help: "Attach the short PDF (titles and authors) instead of the long one.") var short = false
    @Flag(help: "Attach the stage PDF (titles and keys in large type) instead of the long one.") var stage = false
    @Option(help: ArgumentHelp("The PDFs to attach, separated by commas: long, short, stage, or none.", valueName: "list"))
    var pdf: String?
    @Option(help: ArgumentHelp("The paper size of the PDFs: a4 or letter.", valueName: "paper"), transform: PDFCommand.paper(from:))
    var paper: PDFPaper = .a4
    @Option(help: ArgumentHelp("Write the message to this file (- for standard output) instead of sending it.", valueName: "file"))
    var eml: String?
    @Flag(help: "Hand the message to the mail program (the default without --eml; with --eml, do both).") var send = false
    @Option(help: ArgumentHelp("The attached .plsts: setlist (default) or app, for members on the original iOS app.", valueName: "format"))
    var plstsFormat: PlstsFlavour = .setlist

    func validate() throws {
        if to.isEmpty { throw ValidationError("Say whom to send it to: --to NAME, --to ADDRESS or --to all.") }
        if pdf != nil && (short || stage) { throw ValidationError("Choose the PDFs with either --pdf or --short/--stage, not both.") }
        _ = try styles()
    }

    /// The PDF versions to attach, in the order given.
    func styles() throws -> [PDFStyle] {
        guard let pdf else {
            return (short ? [.short] : []) + (stage ? [.stage] : []) + (short || stage ? [] : [.long])
        }
        var result: [PDFStyle] = []
        for word in pdf.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !word.isEmpty {
            if word == "none" { continue }
            guard let style = PDFStyle(rawValue: word) else {
                throw ValidationError("Unknown PDF '\(word)'. Use --pdf with long, short, stage or none, like --pdf long,short.")
            }
            if !result.contains(style) { result.append(style) }
        }
        return result
    }

    func run() throws {
        let library = try libraryOptions.load()
        let chosen = library.playlists[try library.playlistIndex(matching: playlist)]
        let recipients = try Recipients.resolve(to, in: library)
        let sender = try senderMailbox(library)
        let environment = context.environment
        let date = DocumentDate.now(environment: environment)

        let plsts = MailAttachment(
            fileName: PlstsFile.defaultName(for: chosen.name), mimeType: Self.plstsMediaType,
            data: try plstsFormat.document(chosen, from: library, date: date))
        var pdfs: [MailAttachment] = []
        for style in try styles() {
            pdfs.append(MailAttachment(
                fileName: PDFRenderer.defaultFileName(for: chosen, style: style), mimeType: "application/pdf",
                data: try PDFRenderer.render(chosen, style: style, paper: paper, date: date, notation: library.notation)))
        }
        let attachments = [plsts] + pdfs
        var message = MailMessage(
            from: sender, to: recipients, subject: try subject.map(SetlistBody.subject(typed:)) ?? SetlistBody.subject(for: chosen), date: date, messageID: "",
            body: SetlistBody.text(for: chosen, plstsFileName: plsts.fileName, pdfFileNames: pdfs.map(\.fileName),
                                  notation: library.notation),
            attachments: attachments, userAgent: "setlist/\(SetlistVersion.current)")
        message.messageID = DocumentDate.fromEnvironment(environment) == nil
            ? MessageID.random(domain: sender.domain)
            : MessageID.derived(from: message.rendered(), domain: sender.domain)
        let data = message.rendered()
        let summary = "'\(chosen.name)' (" + attachments.map(\.fileName).joined(separator: ", ") + ")"

        // With the message on standard output, what setlist says goes to standard error.
        let tell: (String) -> Void = eml == "-" ? { context.errorOutput.line($0) } : { say($0) }
        if let eml {
            if eml == "-" {
                context.output.write(data)
            } else {
                let url = context.url(for: eml)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                    throw MailError.cannotWrite(path: eml, detail: "it is a folder; name the file, like --eml \(ExportCommand.quoted(eml + "/setlist.eml"))")
                }
                do {
                    try AtomicFile.write(data, to: url)
                } catch {
                    // The reason alone (the message names the file and says what to do).
                    throw MailError.cannotWrite(path: eml, detail: error.reason)
                }
                tell("Wrote \(summary) to \(eml), addressed to \(recipients.map(\.description).joined(separator: ", ")).")
            }
        }
        if eml == nil || send {
            let agent = try MailTransferAgent.resolve(setting: library.settings["sendmail"], environment: environment)
            try agent.send(data, envelopeSender: sender.address)
            tell("Sent \(summary) to \(recipients.map(\.description).joined(separator: ", ")) through \(agent.executable).")
        }
    }

    /// The media type of .plsts attachments (a vendor type, see docs/email.md).
    static let plstsMediaType = "application/vnd.setlist.plsts+json"

    /// --from, else the sender setting, else $EMAIL.
    private func senderMailbox(_ library: Library) throws -> Mailbox {
        let sources: [(String?, String)] = [
            (from, "--from"), (library.settings["sender"], "the sender setting"), (context.environment["EMAIL"], "$EMAIL"),
        ]
        for case let (text?, source) in sources where !text.trimmingCharacters(in: .whitespaces).isEmpty {
            do {
                return try Mailbox(parsing: text)
            } catch {
                throw CLIError("\(error) (It came from \(source).)")
            }
        }
        // Last: the login name at this host, as mail programs do, said out loud so it can be fixed.
        if let login = Self.loginAddress(environment: context.environment), let mailbox = try? Mailbox(parsing: login) {
            note("sending as \(login), made from the login name and this computer's name. Set your address with `setlist config sender \"Name <you@example.com>\"`.")
            return mailbox
        }
        throw MailError.noSender
    }

    /// "name@host" from $USER (or $LOGNAME, or the account) and the host name; nil when unknown.
    static func loginAddress(environment: [String: String]) -> String? {
        let user = [environment["USER"], environment["LOGNAME"]].compactMap { $0 }.first { !$0.isEmpty }
            ?? getpwuid(getuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
        var buffer = [CChar](repeating: 0, count: 256)
        guard let user, gethostname(&buffer, buffer.count) == 0 else { return nil }
        let host = String(cString: buffer)
        guard !host.isEmpty else { return nil }
        // A host without a domain gets the conventional local one, so the address is well-formed.
        return "\(user)@\(host.contains(".") ? host : host + ".localdomain")"
    }
}

/// Turns what follows --to into mailboxes.
enum Recipients {
    /// Each word is `all`, a contact (by name or address), or an address not in the contacts;
    /// a word with commas that is none of these is taken as several. Duplicates are dropped.
    static func resolve(_ words: [String], in library: Library) throws -> [Mailbox] {
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
            guard !library.contacts.isEmpty else {
                throw CLIError("There are no contacts to send to. Add them with `setlist add-contact NAME EMAIL`, or give addresses with --to.")
            }
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
    private static func mailbox(_ contact: Contact) throws -> Mailbox {
        guard let address = try? EmailAddress.validate(contact.email) else {
            throw CLIError("The contact '\(contact.name)' has the address '\(HeaderText.oneLine(contact.email))', which is not an email address. "
                + "Fix it with `setlist remove-contact \(ExportCommand.quoted(contact.name))` and `setlist add-contact`; nothing was sent.")
        }
        return Mailbox(name: contact.name, address: address)
    }
}
