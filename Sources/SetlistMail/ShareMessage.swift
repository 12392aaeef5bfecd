import Foundation
import SetlistModel
import SetlistSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The message `setlist share` sends: one playlist to its recipients, from the sender, with its
/// `.plsts` document and PDFs attached (see docs/email.md).
public struct ShareMessage: Sendable {
    /// The media type of `.plsts` attachments (a vendor type, see docs/email.md).
    public static let plstsMediaType = "application/vnd.setlist.plsts+json"

    /// A document to attach: the name the recipient sees and its bytes.
    public struct Document: Sendable {
        public var fileName: String
        public var data: Data

        public init(fileName: String, data: Data) {
            self.fileName = fileName
            self.data = data
        }
    }

    public var playlist: Playlist
    public var sender: Mailbox
    /// Whether no sender was configured and ``sender`` was made from the login name at this
    /// computer: such a message can be written to a file, but ``send(settings:environment:)``
    /// refuses it, since replies to that address would reach nobody.
    public var senderFromLoginName: Bool
    public var recipients: [Mailbox]
    /// The .plsts first (unless left out), then the PDFs in the order given.
    public var attachments: [MailAttachment]
    /// The whole message, as written to a file or handed to the mail program.
    public var data: Data

    /// Builds the message.
    ///
    /// - Parameters:
    ///   - words: what followed `--to` (see ``Recipients/resolve(_:in:)``).
    ///   - from: `--from`; without it the `sender` setting, else `$EMAIL`; else, for a message
    ///     only written to a file, the login name at this computer.
    ///   - subject: `--subject`; without it "Setlist: NAME".
    ///   - environment: for `$EMAIL`, `$TZ` (the zone of the plan's times in the body) and
    ///     `SOURCE_DATE_EPOCH` (the date, and a message id derived from the content, so the same
    ///     playlist gives the same bytes).
    ///   - sending: whether the message goes to the mail program: then a sender must be configured,
    ///     and its absence is ``MailError/senderNotSet(guessed:)`` before any document is made.
    ///   - note: told when the sender had to be made from the login name (the message is only
    ///     written, so it says "from", never "sending").
    ///   - documents: makes the .plsts (nil to send the PDFs alone) and the PDFs for the message's
    ///     date; called only once the recipients and the sender are known to be right.
    public init(
        _ playlist: Playlist, in library: Library, to words: [String], from: String?, subject: String?,
        environment: [String: String], sending: Bool = false, note: (String) -> Void = { _ in },
        documents: (Date) throws -> (plsts: Document?, pdfs: [Document])
    ) throws {
        let recipients = try Recipients.resolve(words, in: library)
        let sender = try Self.sender(from: from, library: library, environment: environment, sending: sending, note: note)
        let date = DocumentDate.now(environment: environment)
        let (plsts, pdfs) = try documents(date)
        try self.init(
            playlist, notation: library.notation, to: recipients, sender: sender, subject: subject, date: date, environment: environment,
            plsts: plsts, pdfs: pdfs)
    }

    /// The message to `recipients` with its documents made: what every message of a share is
    /// built by. `introduction` opens the text (a member's part, what changed).
    public init(
        _ playlist: Playlist, notation: KeyNotation, to recipients: [Mailbox], sender: (mailbox: Mailbox, fromLoginName: Bool),
        subject: String?, date: Date, environment: [String: String], plsts: Document?, pdfs: [Document], introduction: String? = nil
    ) throws {
        let attachments =
            (plsts.map { [MailAttachment(fileName: $0.fileName, mimeType: Self.plstsMediaType, data: $0.data)] } ?? [])
            + pdfs.map { MailAttachment(fileName: $0.fileName, mimeType: "application/pdf", data: $0.data) }
        var message = MailMessage(
            from: sender.mailbox, to: recipients,
            subject: try subject.map(SetlistBody.subject(typed:)) ?? SetlistBody.subject(for: playlist),
            date: date, messageID: "",
            body: SetlistBody.text(
                for: playlist, plstsFileName: plsts?.fileName, pdfFileNames: pdfs.map(\.fileName),
                notation: notation,
                clock: playlist.plan.map { PlanClock(plan: $0, environment: environment, reference: date) }, introduction: introduction),
            attachments: attachments, userAgent: "setlist/\(SetlistVersion.current)")
        message.messageID =
            DocumentDate.fromEnvironment(environment) == nil
            ? MessageID.random(domain: sender.mailbox.domain)
            : MessageID.derived(from: message.rendered(), domain: sender.mailbox.domain)
        self.playlist = playlist
        self.sender = sender.mailbox
        self.senderFromLoginName = sender.fromLoginName
        self.recipients = recipients
        self.attachments = attachments
        self.data = message.rendered()
    }

    /// The sender of a share (``sender(from:setting:environment:)``); when it had to be made
    /// from the login name, refused for `sending` and else told to `note`.
    public static func sender(
        from: String?, library: Library, environment: [String: String], sending: Bool, note: (String) -> Void
    ) throws -> (mailbox: Mailbox, fromLoginName: Bool) {
        let (sender, fromLoginName) = try Self.sender(from: from, setting: library.settings.sender, environment: environment)
        if fromLoginName {
            if sending { throw MailError.senderNotSet(guessed: sender.address) }
            note(
                "no sender is set, so the message is from \(sender.address), made from the login name and this computer's name. "
                    + "Set your address with `setlist config sender \"Name <you@example.com>\"`; sending needs it.")
        }
        return (sender, fromLoginName)
    }

    /// "'Koncert' (Koncert.plsts, Koncert.pdf)", for what the command says it did.
    public var summary: String {
        "'\(playlist.name)' (" + attachments.map(\.fileName).joined(separator: ", ") + ")"
    }

    /// The recipients as the To header names them, separated by commas.
    public var recipientList: String { recipients.map(\.description).joined(separator: ", ") }

    /// Writes the message atomically to `url`; `path` is the file as the user named it.
    public func write(to url: URL, path: String) throws(MailError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .cannotWrite(path: path, detail: "it is a folder; name the file, like --eml \(ShellWord.asNeeded(path + "/setlist.eml"))")
        }
        do {
            try AtomicFile.write(data, to: url)
        } catch {
            // The reason alone (the message names the file and says what to do).
            throw .cannotWrite(path: path, detail: error.reason)
        }
    }

    /// Hands the message to the mail program: the `sendmail` setting, else `$SETLIST_SENDMAIL`,
    /// else `sendmail` on the PATH. Returns the program that took it.
    ///
    /// - Throws: ``MailError/senderNotSet(guessed:)`` when the sender was made from the login name
    ///   (nothing is handed over), or what the mail program's failure was.
    @discardableResult
    public func send(settings: Settings, environment: [String: String]) throws(MailError) -> String {
        if senderFromLoginName { throw .senderNotSet(guessed: sender.address) }
        let agent = try MailTransferAgent.resolve(setting: settings.sendmail, environment: environment)
        try agent.send(
            data, envelopeSender: sender.address,
            timeout: settings.sendmailTimeoutSeconds ?? MailTransferAgent.defaultTimeout)
        return agent.executable
    }

    /// `--from`, else the sender setting, else `$EMAIL`, else the login name at this host (then
    /// `fromLoginName` is true, for the caller to say so and never to send from it).
    static func sender(from: String?, setting: String?, environment: [String: String]) throws(MailError) -> (
        mailbox: Mailbox, fromLoginName: Bool
    ) {
        let sources: [(String?, String)] = [(from, "--from"), (setting, "the sender setting"), (environment["EMAIL"], "$EMAIL")]
        for case (let text?, let source) in sources where !text.trimmingCharacters(in: .whitespaces).isEmpty {
            do throws(MailError) {
                return (try Mailbox(parsing: text), false)
            } catch {
                throw .invalidSender(reason: error.description, source: source)
            }
        }
        if let login = loginAddress(environment: environment), let mailbox = try? Mailbox(parsing: login) {
            return (mailbox, true)
        }
        throw .noSender
    }

    /// "name@host" from $USER (or $LOGNAME, or the account) and the host name; nil when unknown.
    static func loginAddress(environment: [String: String]) -> String? {
        let user =
            [environment["USER"], environment["LOGNAME"]].compactMap { $0 }.first { !$0.isEmpty }
            ?? getpwuid(getuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
        var buffer = [CChar](repeating: 0, count: 256)
        guard let user, gethostname(&buffer, buffer.count) == 0 else { return nil }
        let host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !host.isEmpty else { return nil }
        // A host without a domain gets the conventional local one, so the address is well-formed.
        return "\(user)@\(host.contains(".") ? host : host + ".localdomain")"
    }
}
