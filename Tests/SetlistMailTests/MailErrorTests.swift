import Testing

@testable import SetlistMail

@Test func MailErrorMessageSaysWhatToDo() {
    let error: MailError = .noSender
    #expect(error.description.contains("setlist config sender"))
}

/// Every error names what went wrong and a next step: an option, a command or a setting.
@Test(arguments: [
    MailError.noSender,
    .senderNotSet(guessed: "jirka@laptop.localdomain"),
    .invalidMailbox("Jirka", reason: "'Jirka' is not an email address"),
    .noRecipients,
    .noMailTransferAgent(nil),
    .noMailTransferAgent("msmtp -a band"),
    .cannotRun(program: "/usr/sbin/sendmail", detail: "Permission denied"),
    .mailTransferAgentFailed(program: "/usr/bin/msmtp", status: "exit status 75", stderr: "cannot connect"),
    .cannotWrite(path: "/root/x.eml", detail: "Permission denied"),
])
func everyMailErrorSuggestsANextStep(error: MailError) {
    let text = error.description
    #expect(text.hasSuffix("."))
    #expect(text.contains("--") || text.contains("`setlist") || text.contains("you@example.com"))
    if case .mailTransferAgentFailed = error {
        #expect(text.contains("NOT sent") && text.contains("exit status 75") && text.contains("cannot connect"))
    }
    if case .noMailTransferAgent = error { #expect(text.contains("Nothing was sent")) }
    if case .senderNotSet = error { #expect(text.contains("NOT sent") && text.contains("jirka@laptop.localdomain")) }
}
