import Testing

@testable import SetlistMail

@Suite struct MailboxTests {
    @Test(
        arguments: [
            ("Jirka Novák <jirka@example.com>", "Jirka Novák", "jirka@example.com"),
            ("  jirka@example.com  ", nil, "jirka@example.com"),
            ("<jirka@example.com>", nil, "jirka@example.com"),
            ("\"Novák, Jirka\" <jirka@example.com>", "Novák, Jirka", "jirka@example.com"),
            ("\"Say \\\"hi\\\"\" <a@example.com>", "Say \"hi\"", "a@example.com"),
        ] as [(String, String?, String)])
    func parsesWhatPeopleType(text: String, name: String?, address: String) throws {
        let mailbox = try Mailbox(parsing: text)
        #expect(mailbox.name == name)
        #expect(mailbox.address == address)
        #expect(mailbox.domain == "example.com")
    }

    @Test(arguments: [
        "", "Jirka", "Jirka <jirka>", "Jirka <jirka@example.com", "jirka@example.com>",
        "Eve <eve@example.com>\r\nBcc: x@example.com", "Eve\n <eve@example.com>", "a@b@c",
    ])
    func rejectsWhatIsNoAddress(text: String) {
        #expect(throws: MailError.self) { try Mailbox(parsing: text) }
    }

    @Test func errorShowsTheAcceptedForms() {
        do {
            _ = try Mailbox(parsing: "Jirka")
            Issue.record("accepted a bare name")
        } catch {
            #expect(error.description.contains("\"Your Name <you@example.com>\""))
            #expect(error.description.contains("'Jirka'"))
        }
    }

    @Test func descriptionIsReadable() {
        #expect(Mailbox(name: "Jirka Novák", address: "j@example.com").description == "Jirka Novák <j@example.com>")
        #expect(Mailbox(name: nil, address: "j@example.com").description == "j@example.com")
    }
}
