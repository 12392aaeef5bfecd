import SetlistModel
import SetlistSupport

/// A message that cannot be built or delivered. Every message says what to do next.
public enum MailError: SetlistError, Sendable, Equatable {
    /// No sender configured and none could be made from the login name either.
    case noSender
    /// No sender configured for a message to send; `guessed` is the login-name address the
    /// message would have had, which nobody could reply to.
    case senderNotSet(guessed: String)
    /// A sender or recipient that is not `Name <address>` or an address.
    case invalidMailbox(String, reason: String)
    case noRecipients
    /// A subject typed by a person that breaks the rules for names.
    case invalidSubject(ValueError)
    /// No mail transfer agent was found; carries the configured command, if there was one.
    case noMailTransferAgent(String?)
    /// The agent could not be started.
    case cannotRun(program: String, detail: String)
    /// The agent ran and failed; nothing is to be taken as sent.
    case mailTransferAgentFailed(program: String, status: String, stderr: String)
    /// The agent was ended before it finished (a timeout, or setlist was interrupted).
    case mailTransferAgentStopped(program: String, reason: String)
    /// The message file could not be written.
    case cannotWrite(path: String, detail: String)
    /// `--to all` with no contacts.
    case noContacts
    /// A contact whose address (from a hand-edited contacts.json) is none; both as shown.
    case invalidContactAddress(name: String, address: String)
    /// The sender could not be used; `source` says where it came from (--from, the setting, $EMAIL).
    case invalidSender(reason: String, source: String)
    /// A `sendmail` setting holding a control character.
    case sendmailControlCharacter(String)
    /// A `sendmail` setting that names no program.
    case emptySendmail

    public var description: String {
        switch self {
        case .noSender:
            "No sender address. Give --from \"Name <you@example.com>\", or save one with `setlist config sender \"Name <you@example.com>\"`, or set $EMAIL."
        case .senderNotSet(let guessed):
            "No sender is set, so the message was NOT sent: replies to \(guessed) (made from the login name and this computer's name) "
                + "would reach nobody, and mail servers refuse it. Set your address once with "
                + "`setlist config sender \"Name <you@example.com>\"` (or give --from, or set $EMAIL); --eml FILE writes the message without one."
        case .invalidMailbox(let text, let reason):
            "Cannot use \(ControlCharacters.quoted(text, limit: 80)) as an email address: \(reason). Write it as you@example.com or \"Your Name <you@example.com>\"."
        case .noRecipients:
            "Say whom to send it to: --to NAME (a contact), --to ADDRESS, or --to all (every contact). `setlist contacts` lists the contacts."
        case .invalidSubject(let error):
            error.description + " Nothing was sent."
        case .noMailTransferAgent(let configured?):
            "The mail program '\(configured)' (from the `sendmail` setting or $SETLIST_SENDMAIL) was not found. Fix it with `setlist config sendmail PROGRAM`, or write the message with --eml FILE and send that from your mail program. Nothing was sent."
        case .noMailTransferAgent(nil):
            "No mail transfer agent: `sendmail` is not on the PATH nor in /usr/sbin. Install one (for example `sudo apt install msmtp-mta` and configure ~/.msmtprc), or point setlist at one with `setlist config sendmail PROGRAM`, or write the message with --eml FILE and send that from your mail program. Nothing was sent."
        case .cannotRun(let program, let detail):
            "Cannot run the mail program \(program): \(detail). Check `setlist config sendmail`, or use --eml FILE instead. Nothing was sent."
        case .mailTransferAgentFailed(let program, let status, let stderr):
            "The mail program \(program) failed (\(status))"
                + (stderr.isEmpty ? "" : ": \(stderr)")
                + ". The message was NOT sent. Fix the mail setup, or write it with --eml FILE and send it from your mail program."
        case .mailTransferAgentStopped(let program, let reason):
            "The mail program \(program) was ended: \(reason). The message was NOT sent. Check the mail setup, "
                + "give it longer with `setlist config sendmail-timeout SECONDS`, or write it with --eml FILE and send it from your mail program."
        case .cannotWrite(let path, let detail):
            "Cannot write the message to \(path): \(detail). Choose another file, or `--eml -` for standard output."
        case .noContacts:
            "There are no contacts to send to. Add them with `setlist add-contact NAME EMAIL`, or give addresses with --to."
        case .invalidContactAddress(let name, let address):
            "The contact '\(name)' has the address '\(address)', which is not an email address. "
                + "Fix it with `setlist remove-contact \(ShellWord.asNeeded(name))` and `setlist add-contact`; nothing was sent."
        case .invalidSender(let reason, let source):
            "\(reason) (It came from \(source).)"
        case .sendmailControlCharacter(let scalar):
            "The sendmail command cannot contain the control character \(scalar)."
        case .emptySendmail:
            "Give the mail program, like `setlist config sendmail /usr/sbin/sendmail`, or remove the setting with --unset."
        }
    }
}
