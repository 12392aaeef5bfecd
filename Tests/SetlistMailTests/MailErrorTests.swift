import Testing
@testable import SetlistMail

@Test func MailErrorMessageSaysWhatToDo() {
    let error: MailError = .noSender
    #expect(error.description.contains("setlist config sender"))
}
