import Foundation
import SetlistModel
import TestLevels
import Testing

@testable import SetlistMail

/// A message with everything a shared setlist has, parsed back by Python's `email` package.
@Suite(.tags(.externalTools), .needs("python3")) struct MessageTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    static func message(
        subject: String = "Setlist: Můj koncert", from: Mailbox = Mailbox(name: "Jirka Novák", address: "jirka@example.com"),
        to: [Mailbox] = [Mailbox(name: "Pepa Kytara", address: "pepa@example.com")],
        body: String = "Hello\n", attachments: [MailAttachment] = []
    ) -> MailMessage {
        MailMessage(
            from: from, to: to, subject: subject, date: date, messageID: "abc123@example.com",
            body: body, attachments: attachments, userAgent: "setlist/0.1.0")
    }

    static func randomData(_ count: Int, seed: UInt64) -> Data {
        var state = seed
        return Data(
            (0..<count).map { _ in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt8(truncatingIfNeeded: state >> 33)
            })
    }

    @Test func everyHeaderParsesBack() throws {
        let pdf = Self.randomData(10_000, seed: 1)
        let plsts = Data("{\"format\": \"plsts\"}\n".utf8)
        let message = Self.message(attachments: [
            MailAttachment(fileName: "Můj koncert.plsts", mimeType: "application/vnd.setlist+json", data: plsts),
            MailAttachment(fileName: "Můj koncert.pdf", mimeType: "application/pdf", data: pdf),
        ])
        let check = try PythonMIME.check(message.rendered())
        #expect(check.defects == [])
        #expect(check.headerNames == ["From", "To", "Subject", "Date", "Message-ID", "MIME-Version", "Content-Type", "User-Agent"])
        #expect(check.from == [.init(name: "Jirka Novák", address: "jirka@example.com")])
        #expect(check.to == [.init(name: "Pepa Kytara", address: "pepa@example.com")])
        #expect(check.header("subject") == "Setlist: Můj koncert")
        #expect(check.header("date") == "Tue, 14 Nov 2023 22:13:20 +0000")
        #expect(check.dateUtc == 1_700_000_000)
        #expect(check.header("message-id") == "<abc123@example.com>")
        #expect(check.header("mime-version") == "1.0")
        #expect(check.header("user-agent") == "setlist/0.1.0")
        #expect(check.contentType == "multipart/mixed")
        #expect(check.boundary?.hasPrefix("=_setlist_") == true)

        #expect(check.parts.count == 3)
        let text = check.parts[0]
        #expect(text.contentType == "text/plain")
        #expect(text.charset == "utf-8")
        #expect(text.transferEncoding == "quoted-printable")
        #expect(text.text == "Hello\n")

        let attachments = check.attachments
        #expect(attachments.map(\.filename) == ["Můj koncert.plsts", "Můj koncert.pdf"])
        #expect(attachments.map(\.typeName) == ["Muj koncert.plsts", "Muj koncert.pdf"])
        #expect(attachments.map(\.contentType) == ["application/vnd.setlist+json", "application/pdf"])
        #expect(attachments.map(\.transferEncoding) == ["base64", "base64"])
        #expect(attachments[0].data == plsts)
        #expect(attachments[1].data == pdf)
        #expect(attachments[1].encodedLineLengths == [76])
        #expect(attachments[1].lastEncodedLineLength <= 76)
    }

    @Test func rawFileIsASCIIWithCRLFAndShortLines() throws {
        let message = Self.message(
            subject: String(repeating: "Příliš žluťoučký kůň úpěl ďábelské ódy 🎸 ", count: 6),
            body: String(repeating: "Žluťoučký kůň ", count: 40) + "\n.\nFrom here\n",
            attachments: [
                MailAttachment(
                    fileName: String(repeating: "Dlouhý název ", count: 12) + ".pdf",
                    mimeType: "application/pdf", data: Self.randomData(3000, seed: 2))
            ])
        let data = message.rendered()
        let check = try PythonMIME.check(data)
        #expect(check.defects == [])
        #expect(check.raw.asciiOnly)
        #expect(check.raw.bareLf == 0)
        #expect(check.raw.bareCr == 0)
        #expect(check.raw.endsWithCrlf)
        #expect(check.raw.maxLine <= 78)
        #expect(check.raw.badEncodedWords == [])
        #expect(check.header("subject") == Text.oneLine(message.subject))
        #expect(check.parts[0].text == message.body)
        #expect(check.attachments.first?.filename == String(repeating: "Dlouhý název ", count: 12) + ".pdf")
        // A line of the body that starts with "From " or "." is encoded, so no mail system changes it.
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("\r\nFrom "))
        #expect(!text.contains("\r\n.\r\n"))
    }

    @Test func sameInputGivesSameBytes() {
        let attachments = [MailAttachment(fileName: "a.pdf", mimeType: "application/pdf", data: Self.randomData(100, seed: 3))]
        #expect(Self.message(attachments: attachments).rendered() == Self.message(attachments: attachments).rendered())
        var other = Self.message(attachments: attachments)
        other.messageID = "other@example.com"
        #expect(other.rendered() != Self.message(attachments: attachments).rendered())
    }

    @Test func messageIDsAreUniqueOrDerived() {
        #expect(MessageID.random(domain: "example.com") != MessageID.random(domain: "example.com"))
        #expect(MessageID.random(domain: "example.com").hasSuffix("@example.com"))
        let content = Data("the same".utf8)
        #expect(MessageID.derived(from: content, domain: "x.cz") == MessageID.derived(from: content, domain: "x.cz"))
        #expect(MessageID.derived(from: content, domain: "x.cz") != MessageID.derived(from: Data("other".utf8), domain: "x.cz"))
        #expect(MessageID.digest(content).count == 32)
    }

    @Test(arguments: [
        (0.0, "Thu, 01 Jan 1970 00:00:00 +0000"),
        (951_782_400.0, "Tue, 29 Feb 2000 00:00:00 +0000"),
        (1_795_306_751.0, "Sun, 22 Nov 2026 00:19:11 +0000"),
    ])
    func dateHeaderFormat(seconds: Double, expected: String) {
        #expect(MailDate.format(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func manyRecipientsFoldBetweenAddresses() throws {
        let recipients = (1...12).map { Mailbox(name: "Člen kapely \($0)", address: "clen\($0)@example.com") }
        let check = try PythonMIME.check(Self.message(to: recipients).rendered())
        #expect(check.defects == [])
        #expect(check.to == recipients.map { .init(name: $0.name!, address: $0.address) })
        #expect(check.raw.maxLine <= 78)
    }

    @Test func emptyAttachmentAndEmptyBody() throws {
        let check = try PythonMIME.check(
            Self.message(
                body: "",
                attachments: [
                    MailAttachment(fileName: "empty.plsts", mimeType: "application/vnd.setlist+json", data: Data())
                ]
            ).rendered())
        #expect(check.defects == [])
        #expect(check.attachments.first?.size == 0)
        #expect(check.attachments.first?.filename == "empty.plsts")
    }
}
