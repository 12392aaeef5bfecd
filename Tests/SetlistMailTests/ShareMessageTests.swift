import Foundation
import SetlistModel
import Testing

@testable import SetlistMail

/// The message `setlist share` builds: recipients, sender and attachments.
@Suite struct ShareMessageTests {
    static let fixed = ["SOURCE_DATE_EPOCH": "1700000000"]

    func library() -> Library {
        var library = Library(contacts: [
            Contact(name: "Pepa Kytara", email: "pepa@example.com"), Contact(name: "Jana Bicí", email: "jana@example.com"),
        ])
        library.playlists = [Playlist(name: "Koncert")]
        library.settings.sender = "Jirka <jirka@example.com>"
        return library
    }

    func message(_ library: Library, to: [String], from: String? = nil, environment: [String: String] = fixed) throws -> ShareMessage {
        try ShareMessage(library.playlists[0], in: library, to: to, from: from, subject: nil, environment: environment) { _ in
            (
                ShareMessage.Document(fileName: "Koncert.plsts", data: Data("{}".utf8)),
                [ShareMessage.Document(fileName: "Koncert.pdf", data: Data("%PDF".utf8))]
            )
        }
    }

    @Test func allCommaListsAndAddressesBecomeOneListWithoutRepeats() throws {
        let shared = try message(library(), to: ["all", "jana, extra@example.com"])
        #expect(shared.recipients.map(\.address) == ["pepa@example.com", "jana@example.com", "extra@example.com"])
        #expect(shared.summary == "'Koncert' (Koncert.plsts, Koncert.pdf)")
        #expect(shared.attachments.map(\.mimeType) == [ShareMessage.plstsMediaType, "application/pdf"])
    }

    @Test func theSenderComesFromTheOptionThenTheSettingThenEmail() throws {
        var library = library()
        #expect(try message(library, to: ["pepa"], from: "Me <me@example.com>").sender.address == "me@example.com")
        #expect(try message(library, to: ["pepa"]).sender.address == "jirka@example.com")
        library.settings.sender = nil
        #expect(
            try message(library, to: ["pepa"], environment: Self.fixed.merging(["EMAIL": "env@example.com"]) { $1 }).sender.address
                == "env@example.com")
        #expect(throws: MailError.self) { try message(library, to: ["pepa"], from: "not an address") }
    }

    /// With no sender configured, a message written to a file is from the login name at this
    /// computer, said out loud without claiming anything is sent; handed to the mail program, it is
    /// refused before the program runs, since nobody could reply to that address.
    @Test func withoutASenderTheMessageIsWrittenFromTheLoginNameButNeverSent() throws {
        var library = library()
        library.settings.sender = nil
        var notes: [String] = []
        let written = try ShareMessage(
            library.playlists[0], in: library, to: ["pepa"], from: nil, subject: nil,
            environment: Self.fixed.merging(["USER": "jirka"]) { $1 }, note: { notes.append($0) }
        ) { _ in
            (ShareMessage.Document(fileName: "Koncert.plsts", data: Data()), [])
        }
        #expect(written.sender.address.hasPrefix("jirka@"))
        #expect(notes.count == 1)
        #expect(
            notes.allSatisfy { $0.contains("from jirka@") && $0.contains("setlist config sender") && !$0.contains("sending as") },
            "\(notes)")

        let scripts = try DeliveryTests.Scripts()
        let ran = scripts.folder.appendingPathComponent("ran").path
        let program = try scripts.script("mta", "cat > \"\(ran)\"")
        #expect(throws: MailError.senderNotSet(guessed: written.sender.address)) {
            try written.send(settings: Settings(sendmail: program), environment: [:])
        }
        #expect(!FileManager.default.fileExists(atPath: ran), "the mail program was run")

        // Built to be sent, it is refused at once: no note, no documents made.
        notes = []
        var made = false
        #expect(throws: MailError.self) {
            try ShareMessage(
                library.playlists[0], in: library, to: ["pepa"], from: nil, subject: nil,
                environment: Self.fixed.merging(["USER": "jirka"]) { $1 }, sending: true, note: { notes.append($0) }
            ) { _ in
                made = true
                return (ShareMessage.Document(fileName: "Koncert.plsts", data: Data()), [])
            }
        }
        #expect(notes.isEmpty && !made)
        // $EMAIL is a configured sender: that message can be sent.
        let configured = try message(library, to: ["pepa"], environment: Self.fixed.merging(["EMAIL": "env@example.com"]) { $1 })
        #expect(!configured.senderFromLoginName)
    }

    @Test func theDocumentsAreMadeOnlyOnceTheAddressesAreRight() throws {
        var made = false
        let empty = Library(playlists: [Playlist(name: "Koncert")])
        #expect(throws: MailError.noContacts) {
            try ShareMessage(empty.playlists[0], in: empty, to: ["all"], from: "a@example.com", subject: nil, environment: Self.fixed) {
                _ in
                made = true
                return (ShareMessage.Document(fileName: "x.plsts", data: Data()), [])
            }
        }
        #expect(!made)
    }

    @Test func aFixedDateGivesTheSameBytes() throws {
        #expect(try message(library(), to: ["all"]).data == message(library(), to: ["all"]).data)
    }

    @Test func configChecksTheMailSettings() throws {
        #expect(try Settings.Key.sender.cleaned(" Jirka  <jirka@example.com> ") == "Jirka <jirka@example.com>")
        #expect(try Settings.Key.sendmail.cleaned("  msmtp -a band ") == "msmtp -a band")
        #expect(throws: MailError.emptySendmail) { try Settings.Key.sendmail.cleaned("\"\"") }
        #expect(throws: MailError.sendmailControlCharacter("U+0007")) { try Settings.Key.sendmail.cleaned("msmtp\u{7}") }
    }
}
