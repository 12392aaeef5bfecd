import ArgumentParser
import Foundation
import SetlistExchange
import SetlistMail
import SetlistModel
import SetlistPDF
import SetlistSupport
import Synchronization

struct ShareCommand: SetlistSubcommand {
    static let drawsPDFs = true

    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Email a playlist to the band: the .plsts to import and a PDF to print.",
        discussion: """
            One message goes to every recipient, from the sender in --from, else the `sender` setting \
            (`setlist config sender "Name <you@example.com>"`), else $EMAIL. Without any, --eml writes \
            the message from your login name at this computer; sending needs a sender. It lists the \
            songs in its text and carries NAME.plsts (members import it with `setlist import`) and NAME.pdf.

            Members who read a part (`setlist add-contact --part`, `setlist edit-contact`) each get a \
            message of their own: the PDFs written for their part (an E♭ saxophonist's keys as written, \
            a singer's words alone), their songbook part when the setlist has charts, and the .plsts. \
            Each part's PDFs are made once, however many members read it. Then --eml names a folder \
            (--eml messages/), which gets one NAME.eml per member; the messages have the same subject \
            and sender and a Message-ID each. Where every recipient gets the same documents (no parts, \
            or no charts and no part that changes a key), one message goes to them all, as --eml FILE writes it.

            Every message names the setlist's revision, a number that goes up when a changed setlist \
            is shared or exported again ("Revision 4 · 28 Nov 2026" in the PDFs' footers, "revision" \
            in the .plsts), and its text says what changed (songs added, removed or moved; keys, \
            tempos, charts, the plan) since the revision that member last received, or that it is \
            the first they receive.

            Without --eml the message goes to the system's mail program as `sendmail -t -i` does: the \
            `sendmail` setting, else $SETLIST_SENDMAIL, else `sendmail` on the PATH (for example msmtp \
            with the msmtp-mta package), which delivers it: a message it cannot deliver bounces back to \
            the sender. With --eml FILE it is written to a file any mail program \
            opens instead; add --send to do both. With SOURCE_DATE_EPOCH set, the same library \
            gives the same message, byte for byte. The format is in docs/email.md.

            Examples:
              setlist share --to "Pepa Kytara"
              setlist share "Můj koncert" --to all --short
              setlist share --to pepa@example.com --to "Jana" --pdf long,short
              setlist share --to all --eml koncert.eml
              setlist share --to all --eml messages/
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @Argument(help: "The playlist (default: the current one).", completion: .playlists) var playlist: String?
    @Option(
        help: ArgumentHelp(
            "A recipient: a contact's name (accents and case don't matter), an email address, or `all` for every contact. Repeat it, or separate several with commas.",
            valueName: "who"), completion: .contacts)
    var to: [String] = []
    @Option(
        help: ArgumentHelp(
            "The sender, \"Name <you@example.com>\" (default: the sender setting, else $EMAIL; sending needs one).", valueName: "mailbox"))
    var from: String?
    @Option(help: ArgumentHelp("The subject (default: \"Setlist: NAME\").", valueName: "text")) var subject: String?
    @Flag(help: "Attach the short PDF (titles and authors) instead of the long one.") var short = false
    @Flag(help: "Attach the stage PDF (titles and keys in large type) instead of the long one.") var stage = false
    @Option(help: ArgumentHelp("The PDFs to attach, separated by commas: long, short, stage, or none.", valueName: "list"))
    var pdf: String?
    @Option(help: ArgumentHelp("The paper size of the PDFs: a4 or letter.", valueName: "paper"), transform: PDFPaper.parse)
    var paper: PDFPaper = .a4
    @Option(help: ArgumentHelp("Write the message to this file (- for standard output) instead of sending it.", valueName: "file"))
    var eml: String?
    @Flag(help: "Hand the message to the mail program (the default without --eml; with --eml, do both).") var send = false
    @Option(help: ArgumentHelp("The attached .plsts: app for members on the original iOS app.", valueName: "format"))
    var plstsFormat: PlstsFlavour = .setlist
    @Flag(help: "Attach the PDFs alone, without the .plsts (for members who only print, or a playlist too big to import).")
    var noPlsts = false

    func validate() throws {
        if to.isEmpty { throw ValidationError("Say whom to send it to: --to NAME, --to ADDRESS or --to all.") }
        if pdf != nil && (short || stage) { throw ValidationError("Choose the PDFs with either --pdf or --short/--stage, not both.") }
        if try styles().isEmpty && noPlsts {
            throw ValidationError("Nothing to attach: --no-plsts with --pdf none leaves the message empty.")
        }
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
                throw ValidationError("Unknown PDF '\(word)'. Use --pdf with long, short, stage, songbook or none, like --pdf long,short.")
            }
            if !result.contains(style) { result.append(style) }
        }
        return result
    }

    func run(_ context: CommandContext) throws {
        let library = try libraryOptions.load(in: context)
        let playlist = try library.playlist(matching: self.playlist)
        let styles = try styles()
        let revision = playlist.revisionToday(in: context)
        let (paper, notation, footer, pdfStyles) = (paper, library.notation, revision.footer, styles)
        // The parts are drawn side by side: their warnings are told once each, after, in one order.
        let warnings = Mutex<Set<String>>([])
        let share = try MemberShare(
            playlist, in: library, to: to, from: from, subject: subject, environment: context.environment, sending: eml == nil || send,
            note: context.note, revision: revision,
            plsts: { date in
                guard !noPlsts else { return nil }
                let plsts = try PlstsExport(playlist, from: library, date: date, flavour: plstsFormat, revision: revision.number)
                return ShareMessage.Document(fileName: plsts.fileName, data: plsts.data)
            }
        ) { date, part, songbook in
            try (pdfStyles + (songbook && !pdfStyles.contains(.songbook) ? [.songbook] : [])).map { style in
                ShareMessage.Document(
                    fileName: PDFFile.defaultName(for: playlist, style: style, part: part),
                    data: try context.renderPDF(
                        playlist, style: style, paper: paper, date: date, notation: notation,
                        reader: PDFReader(part: part, member: nil, footerNote: footer),
                        warn: { text in warnings.withLock { _ = $0.insert(text) } }))
            }
        }
        for warning in warnings.withLock({ $0.sorted() }) { context.errorOutput.line(warning) }
        // With the message on standard output, what setlist says goes to standard error.
        let tell: (String) -> Void = eml == "-" ? { context.errorOutput.line($0) } : { context.say($0) }
        if let eml { try write(share, to: eml, in: context, tell: tell) }
        // What each member now has, for the next share's "what changed", and as `export` does the
        // base of their replies; noted also when a later message could not be sent.
        var reached = eml == nil ? [] : share.messages.flatMap(\.members)
        defer {
            if !reached.isEmpty {
                libraryOptions.noteShared(
                    playlist, revision: revision, to: reached.map(\.mailbox.address), asBase: !noPlsts && plstsFormat == .setlist,
                    in: context)
            }
        }
        if eml == nil || send {
            for (members, message) in share.messages {
                let program = try message.send(settings: library.settings, environment: context.environment)
                if eml == nil { reached += members }
                // A sendmail program that exits 0 has queued the message, not delivered it.
                tell(
                    "Handed \(message.summary) for \(message.recipientList) to the mail program (\(program)), which delivers it; "
                        + "a message it cannot deliver comes back to \(message.sender.address).")
            }
        }
    }

    /// Writes the messages for `--eml`: to standard output or a file when there is one message,
    /// else one file per member in the folder `eml` names (made when missing).
    private func write(_ share: MemberShare, to eml: String, in context: CommandContext, tell: (String) -> Void) throws {
        let url = context.url(for: eml)
        var isFolder: ObjCBool = false
        // A folder is named with a slash; an existing folder without one is taken as one only for
        // messages per member (one message names its file, and a folder there is refused).
        let folder =
            eml.hasSuffix("/")
            || (share.isPerMember && FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue)
        guard folder else {
            if share.isPerMember {
                throw CLIError(
                    "Each member gets a message of their own (their parts differ), so --eml needs a folder: "
                        + "--eml \(ShellWord.asNeeded(eml == "-" ? "messages/" : eml + "/")) writes one .eml per member.")
            }
            let message = share.messages[0].message
            if eml == "-" { return context.output.write(message.data) }
            try message.write(to: url, path: eml)
            return tell("Wrote \(message.summary) to \(eml), addressed to \(message.recipientList).")
        }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        var used: Set<String> = []
        for (members, message) in share.messages {
            // Named after the member, or after the setlist for one message to them all.
            let base = share.isPerMember ? (members[0].contact?.name ?? members[0].mailbox.address) : message.playlist.name
            var name = FileName.safe(base) + ".eml", count = 1
            while !used.insert(name.lowercased()).inserted {
                count += 1
                name = FileName.safe(base) + " \(count).eml"
            }
            let path = (eml.hasSuffix("/") ? eml : eml + "/") + name
            try message.write(to: url.appendingPathComponent(name), path: path)
            tell("Wrote \(message.summary) to \(path), addressed to \(message.recipientList).")
        }
    }
}
