import CLITestSupport
import Foundation
import MailTestSupport
import TestLevels
import Testing

/// `setlist share` delivering for real: the binary hands the message to msmtp, which sends it to
/// an aiosmtpd server on 127.0.0.1. Everything else about sharing is in SetlistCLITests.
@Suite(.tags(.endToEnd, .externalTools), .needs("msmtp", "python3")) struct MailDeliveryTests {
    static let epoch = ["SOURCE_DATE_EPOCH": "1700000000"]

    @Test func deliversThroughMsmtpToAnSMTPServer() throws {
        let lib = try TemporaryLibrary.band()
        let sink = try SMTPSink()
        let environment = Self.epoch.merging(["SETLIST_SENDMAIL": "msmtp -C \(try sink.msmtpConfiguration())"]) { $1 }
        let arguments = ["share", "--to", "all", "--to", "guest@example.org", "--from", "Jirka Novák <jirka@example.com>", "--short"]
        let sent = try lib.runBinary(arguments, environment: environment)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("Handed 'Můj koncert 🎸'"))
        #expect(sent.stdout.contains("msmtp"))

        let received = try sink.messages(count: 1)[0]
        #expect(received.from == "jirka@example.com")
        #expect(received.to == ["pepa@example.com", "jana@example.com", "ondra@example.com", "guest@example.org"])
        // What arrived is exactly the message --eml writes (from a twin library: this one now
        // knows the members received the revision, and says so in the next message).
        let written = try TemporaryLibrary.band().run(arguments + ["--eml", "-"], environment: Self.epoch)
        #expect(received.data == written.stdoutData)
        let message = try ParsedMessage.parse(received.data)
        #expect(message.defects == [])
        #expect(message.header("subject") == "Setlist: Můj koncert 🎸")
        let short = try lib.run(["pdf", "--short", "-o", "-"], environment: Self.epoch)
        #expect(message.attachments.last?.data == short.stdoutData)
        #expect(message.attachments.last?.filename == "Můj koncert 🎸-short.pdf")
    }
}
