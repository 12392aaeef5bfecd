import CLITestSupport
import Foundation
import MailTestSupport
import TestLevels
import Testing

/// `setlist share` and `setlist config` through the real binary; messages checked by Python's
/// `email` package, attachments against `setlist export` and `setlist pdf`, delivery for real
/// through msmtp to an aiosmtpd server on 127.0.0.1.
@Suite(.tags(.externalTools), .needs("python3", "msmtp")) struct ShareTests {
    static let epoch = ["SOURCE_DATE_EPOCH": "1700000000"]

    /// A library with a Czech setlist, a break, and three contacts.
    static func band() throws -> TemporaryLibrary { try TemporaryLibrary.band() }

    func share(_ lib: TemporaryLibrary, _ arguments: [String], environment: [String: String] = epoch) throws -> (RunResult, ParsedMessage?)
    {
        let result = try lib.run(["share"] + arguments + ["--eml", "-"], environment: environment)
        guard result.status == 0 else { return (result, nil) }
        return (result, try ParsedMessage.parse(result.stdoutData))
    }

    @Test func messageHasEveryHeaderAndAttachmentsMatchExportAndPDF() throws {
        let lib = try Self.band()
        let result = try lib.run(
            [
                "share", "--to", "pepa kytara", "--to", "mail@mail.com", "--from", "Jirka Novák <jirka@example.com>",
                "--pdf", "long,short", "--eml", "koncert.eml",
            ], environment: Self.epoch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("koncert.eml"))
        let data = try Data(contentsOf: lib.folder.appendingPathComponent("koncert.eml"))
        let message = try ParsedMessage.parse(data)

        #expect(message.defects == [])
        #expect(message.raw.asciiOnly && message.raw.bareLf == 0 && message.raw.bareCr == 0)
        #expect(message.raw.maxLine <= 78)
        #expect(message.raw.badEncodedWords == [])
        #expect(message.headerNames == ["From", "To", "Subject", "Date", "Message-ID", "MIME-Version", "Content-Type", "User-Agent"])
        #expect(message.from == [.init(name: "Jirka Novák", address: "jirka@example.com")])
        #expect(message.to == [.init(name: "Pepa Kytara", address: "pepa@example.com"), .init(name: "", address: "mail@mail.com")])
        #expect(message.toAddresses == ["pepa@example.com", "mail@mail.com"])
        #expect(message.header("subject") == "Setlist: Můj koncert 🎸")
        #expect(message.header("date") == "Tue, 14 Nov 2023 22:13:20 +0000")
        #expect(message.dateUtc == 1_700_000_000)
        let messageID = try #require(message.header("message-id"))
        #expect(messageID.range(of: #"^<[0-9a-f]{32}@example\.com>$"#, options: .regularExpression) != nil, "\(messageID)")
        #expect(message.header("mime-version") == "1.0")
        #expect(message.header("user-agent")?.hasPrefix("setlist/") == true)
        #expect(message.contentType == "multipart/mixed")

        // The body lists the setlist.
        #expect(message.parts[0].contentType == "text/plain" && message.parts[0].charset == "utf-8")
        for line in [
            "Můj koncert 🎸", "3 songs, 6:55", "1. Stairway to Heaven — Led Zeppelin", "   1:30 · D major · 250 BPM",
            "2. Highway to Hell — AC/DC", "   2:20 · C minor · 250 BPM", "— Přídavek (3:05) —",
            "3. Žluťoučký kůň 🐴 — Jiří Šťastný", "   3:05 · F♯ minor", "Total length: 6:55",
        ] {
            #expect(message.body.contains(line + "\n"), "body lacks \(line)")
        }
        #expect(message.body.contains("setlist import \"Můj koncert 🎸.plsts\""))

        // The attachments are what export and pdf write for the same SOURCE_DATE_EPOCH.
        let attachments = message.attachments
        #expect(attachments.map(\.filename) == ["Můj koncert 🎸.plsts", "Můj koncert 🎸.pdf", "Můj koncert 🎸-short.pdf"])
        #expect(attachments.map(\.typeName) == ["Muj koncert _.plsts", "Muj koncert _.pdf", "Muj koncert _-short.pdf"])
        #expect(attachments.map(\.contentType) == ["application/vnd.setlist.plsts+json", "application/pdf", "application/pdf"])
        #expect(attachments.allSatisfy { $0.transferEncoding == "base64" && $0.encodedLineLengths == [76] })
        let exported = try lib.run(["export", "-o", "-"], environment: Self.epoch)
        let long = try lib.run(["pdf", "-o", "-"], environment: Self.epoch)
        let short = try lib.run(["pdf", "--short", "-o", "-"], environment: Self.epoch)
        #expect(exported.status == 0 && long.status == 0 && short.status == 0)
        #expect(attachments[0].data == exported.stdoutData)
        #expect(attachments[1].data == long.stdoutData)
        #expect(attachments[2].data == short.stdoutData)
        #expect(attachments[1].data.starts(with: Data("%PDF-".utf8)))

        // The same library and SOURCE_DATE_EPOCH give the same message, byte for byte (a twin
        // library: this one now knows what each member received).
        let twin = try Self.band()
        let again = try twin.run(
            [
                "share", "--to", "pepa kytara", "--to", "mail@mail.com", "--from", "Jirka Novák <jirka@example.com>",
                "--pdf", "long,short", "--eml", "-",
            ], environment: Self.epoch)
        #expect(again.stdoutData == data)
    }

    /// Sharing the setlist's .plsts notes what was sent, as `export` does, for merging the
    /// members' replies; a message without it, or with the app's format, notes no such base.
    /// Every share notes the revision each member received (one step of undo).
    @Test(arguments: [
        (["--pdf", "none"], true), (["--no-plsts", "--pdf", "short"], false), (["--plsts-format", "app", "--pdf", "none"], false),
    ])
    func sharingTheDocumentNotesWhatWasSent(arguments: [String], notes: Bool) throws {
        let lib = try Self.band()
        let before = try lib.snapshot()
        let (result, message) = try share(lib, ["--to", "pepa kytara"] + arguments)
        #expect(result.status == 0 && message != nil, "\(result.stderr)")
        #expect(try lib.snapshot() != before)
        #expect(try lib.ok("undo", "--list").contains("setlist share"))
        let folder = lib.root.appendingPathComponent("playlists")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let playlist = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        #expect(playlist.contains(#""received" : {"#) == notes)
        #expect(playlist.contains(#""lastReceived" : {"#) && playlist.contains(#""pepa@example.com" : 1"#))
    }

    @Test func withoutSourceDateEpochEveryMessageIsNew() throws {
        let lib = try Self.band()
        let first = try share(lib, ["--to", "all", "--from", "a@example.com", "--pdf", "none"], environment: [:]).1
        let second = try share(lib, ["--to", "all", "--from", "a@example.com", "--pdf", "none"], environment: [:]).1
        let (one, two) = (try #require(first), try #require(second))
        #expect(one.header("message-id") != two.header("message-id"))
        #expect(abs((one.dateUtc ?? 0) - Date().timeIntervalSince1970) < 600)
        #expect(one.attachments.map(\.filename) == ["Můj koncert 🎸.plsts"])
    }

    @Test func pdfChoices() throws {
        let lib = try Self.band()
        let from = ["--from", "a@example.com", "--to", "all"]
        #expect(try share(lib, from).1?.attachments.map(\.filename) == ["Můj koncert 🎸.plsts", "Můj koncert 🎸.pdf"])
        #expect(try share(lib, from + ["--short"]).1?.attachments.map(\.filename) == ["Můj koncert 🎸.plsts", "Můj koncert 🎸-short.pdf"])
        #expect(try share(lib, from + ["--stage"]).1?.attachments.map(\.filename) == ["Můj koncert 🎸.plsts", "Můj koncert 🎸-stage.pdf"])
        let bad = try lib.run(["share", "--to", "all", "--pdf", "tiny", "--eml", "-"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("long, short, stage, songbook or none"))
    }

    @Test func recipientsByNameAddressOrAll() throws {
        let lib = try Self.band()
        let all = try #require(try share(lib, ["--to", "all", "--from", "a@example.com"]).1)
        #expect(all.toAddresses == ["pepa@example.com", "jana@example.com", "ondra@example.com"])
        #expect(all.to.map(\.name) == ["Pepa Kytara", "Jana Bubenická", "Ondřej Basa"])
        let some = try #require(
            try share(
                lib,
                [
                    "--to", "ONDREJ basa, jana@example.com", "--to", "new@example.org", "--to", "pepa@example.com", "--to", "Pepa Kytara",
                    "--from", "a@example.com",
                ]
            ).1)
        #expect(some.toAddresses == ["ondra@example.com", "jana@example.com", "new@example.org", "pepa@example.com"])
        #expect(some.to.map(\.name) == ["Ondřej Basa", "Jana Bubenická", "", "Pepa Kytara"])

        let unknown = try lib.run(["share", "--to", "Pepa Bubeník", "--from", "a@example.com", "--eml", "-"])
        #expect(unknown.status == 1)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains("No contact matches 'Pepa Bubeník'"))
        #expect(unknown.stderr.contains("Pepa Kytara <pepa@example.com>"))
        let empty = try lib.run(["share", "--to", " ", "--from", "a@example.com", "--eml", "-"])
        #expect(empty.status == 1)
        #expect(empty.stdout.isEmpty)
        let none = try lib.run(["share", "--eml", "-"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("--to all"))
    }

    @Test func senderFromOptionElseSettingElseEmail() throws {
        let lib = try Self.band()
        // Without any, the login name at this computer, said out loud with how to set one.
        let login = try share(lib, ["--to", "all"], environment: ["USER": "jirka"])
        #expect(login.1?.from.first?.address.hasPrefix("jirka@") == true)
        let missing = try lib.run(["share", "--to", "all", "--eml", "-"], environment: ["USER": "jirka"])
        #expect(missing.status == 0)
        #expect(missing.stderr.contains("the message is from jirka@") && !missing.stderr.contains("sending as"))
        #expect(missing.stderr.contains("setlist config sender"))

        let email = ["EMAIL": "Env Person <env@example.com>"]
        #expect(try share(lib, ["--to", "all"], environment: email).1?.from == [.init(name: "Env Person", address: "env@example.com")])
        try lib.ok("config", "sender", "Jirka Novák <jirka@example.com>")
        #expect(try share(lib, ["--to", "all"], environment: email).1?.from == [.init(name: "Jirka Novák", address: "jirka@example.com")])
        #expect(
            try share(lib, ["--to", "all", "--from", "other@example.com"], environment: email).1?.from == [
                .init(name: "", address: "other@example.com")
            ])

        let bad = try lib.run(["share", "--to", "all", "--eml", "-"], environment: ["EMAIL": "not an address"])
        #expect(bad.status == 0, "the saved sender comes before $EMAIL")
        let badFrom = try lib.run(["share", "--to", "all", "--from", "Jirka", "--eml", "-"])
        #expect(badFrom.status == 1)
        #expect(badFrom.stderr.contains("--from"))
    }

    @Test func controlCharactersNeverInjectAHeader() throws {
        let lib = try Self.band()
        // A subject is held to the rules for names: a line break in it is refused, not folded.
        let evilSubject = try lib.run([
            "share", "--to", "all", "--from", "a@example.com",
            "--subject", "Zkouška\r\nBcc: eve@evil.example\r\n\r\nfake body 🎸", "--eml", "-",
        ])
        #expect(evilSubject.status == 1)
        #expect(evilSubject.stdout.isEmpty)
        #expect(evilSubject.stderr.contains("The subject contains the control character U+000D"), "\(evilSubject.stderr)")
        let (result, parsed) = try share(lib, ["--to", "all", "--from", "a@example.com", "--subject", "Zkouška 🎸"])
        #expect(result.status == 0, "\(result.stderr)")
        let message = try #require(parsed)
        #expect(message.headers["bcc"] == nil)
        #expect(message.defects == [])
        #expect(message.header("subject") == "Zkouška 🎸")
        #expect(message.toAddresses == ["pepa@example.com", "jana@example.com", "ondra@example.com"])

        let evilFrom = try lib.run(["share", "--to", "all", "--from", "Eve <eve@example.com>\r\nBcc: x@evil.example", "--eml", "-"])
        #expect(evilFrom.status == 1)
        #expect(evilFrom.stdout.isEmpty)
        let evilTo = try lib.run(["share", "--to", "x@example.com\r\nBcc: y@evil.example", "--from", "a@example.com", "--eml", "-"])
        #expect(evilTo.status == 1)
        #expect(evilTo.stdout.isEmpty)
    }

    @Test func failingMailProgramIsReportedAndNothingClaimedSent() throws {
        let lib = try Self.band()
        let script = lib.folder.appendingPathComponent("broken-mta")
        try "#!/bin/sh\necho 'msmtp: cannot connect to smtp.example.com, port 587: Connection refused' >&2\nexit 75\n"
            .write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let result = try lib.run(["share", "--to", "all", "--from", "a@example.com"], environment: ["SETLIST_SENDMAIL": script.path])
        #expect(result.status == 1)
        #expect(!result.stdout.contains("Sent"))
        #expect(result.stderr.contains("exit status 75"))
        #expect(result.stderr.contains("cannot connect to smtp.example.com"))
        #expect(result.stderr.contains("NOT sent"))
    }

    /// A mail program that exits 0 has only queued the message (a bad address bounces later), so
    /// setlist says it handed it over, as git send-email does, not that it was sent.
    @Test func aMailProgramThatAcceptsIsSaidToHaveTheMessageNotToHaveSentIt() throws {
        let lib = try Self.band()
        let script = lib.folder.appendingPathComponent("queueing-mta")
        try "#!/bin/sh\ncat >/dev/null\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let result = try lib.run(
            ["share", "--to", "all", "--from", "a@example.com", "--pdf", "none"], environment: ["SETLIST_SENDMAIL": script.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Handed 'Můj koncert 🎸'"), "\(result.stdout)")
        #expect(result.stdout.contains("to the mail program (\(script.path))"), "\(result.stdout)")
        #expect(result.stdout.contains("a@example.com"), "\(result.stdout)")
        #expect(!result.stdout.contains("Sent"), "\(result.stdout)")
    }

    /// Without any sender, sending is refused before anything is drawn or written, and the mail
    /// program never runs (issue 36): login@host is no address the band can answer.
    @Test func sendingWithoutASenderIsRefusedAndRunsNothing() throws {
        let lib = try Self.band()
        let ran = lib.folder.appendingPathComponent("ran")
        let script = lib.folder.appendingPathComponent("recording-mta")
        try "#!/bin/sh\ntouch '\(ran.path)'\ncat >/dev/null\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        for arguments in [["share", "--to", "all"], ["share", "--to", "all", "--eml", "m.eml", "--send"]] {
            let result = try lib.run(arguments, environment: ["SETLIST_SENDMAIL": script.path])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("NOT sent"), "\(result.stderr)")
            #expect(!result.stdout.contains("sending"), "\(result.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: ran.path))
        #expect(!FileManager.default.fileExists(atPath: lib.folder.appendingPathComponent("m.eml").path))
    }

    @Test func emlThatCannotBeWrittenSaysWhyOnce() throws {
        let lib = try Self.band()
        let folder = try lib.run(["share", "--to", "all", "--from", "a@example.com", "--pdf", "none", "--eml", "."])
        #expect(folder.status == 1)
        #expect(
            folder.stderr.contains("Cannot write the message to .: it is a folder; name the file, like --eml ./setlist.eml."),
            "\(folder.stderr)")
        let missing = try lib.run(["share", "--to", "all", "--from", "a@example.com", "--pdf", "none", "--eml", "no/such/m.eml"])
        #expect(missing.status == 1)
        #expect(
            missing.stderr.contains("Cannot write the message to no/such/m.eml: No such file or directory. Choose another file"),
            "\(missing.stderr)")
        #expect(!missing.stderr.contains(".."))
    }

    /// contacts.json edited by hand (or merged from a synced folder) cannot put a header into
    /// the message through an address.
    @Test func aContactWhoseAddressIsNotOneIsRefused() throws {
        let lib = try Self.band()
        let url = lib.root.appendingPathComponent("contacts.json")
        let text = try String(contentsOf: url, encoding: .utf8)
            .replacingOccurrences(of: "\"pepa@example.com\"", with: "\"pepa@example.com>\\r\\nBcc: spy@evil.example\\r\\nX: <x\"")
        try text.write(to: url, atomically: true, encoding: .utf8)
        for who in ["all", "pepa"] {
            let result = try lib.run(
                ["share", "--to", who, "--from", "a@example.com", "--pdf", "none", "--eml", "-"], environment: Self.epoch)
            #expect(result.status == 1)
            #expect(!result.stdout.contains("Bcc"))
            #expect(
                result.stderr.contains(
                    "The contact 'Pepa Kytara' has the address 'pepa@example.com> Bcc: spy@evil.example X: <x', which is not an email address"
                ), "\(result.stderr)")
        }
        // The others can still be sent to.
        #expect(
            try lib.run(["share", "--to", "jana", "--from", "a@example.com", "--pdf", "none", "--eml", "-"], environment: Self.epoch).status
                == 0)
    }

    @Test func configRefusesAnEmptyMailProgram() throws {
        let lib = try TemporaryLibrary()
        for value in ["\"\"", "'' -a band"] {
            let result = try lib.run("config", "sendmail", value)
            #expect(result.status == 1, "\(value) was accepted")
            #expect(result.stderr.contains("Give the mail program"))
        }
        #expect(try lib.ok("config", "sendmail", "msmtp -a band").contains("sendmail = msmtp -a band"))
    }

    @Test func missingMailProgramSuggestsEmlAndMsmtp() throws {
        let lib = try Self.band()
        let configured = try lib.run(
            ["share", "--to", "all", "--from", "a@example.com"], environment: ["SETLIST_SENDMAIL": "setlist-no-such-mta"])
        #expect(configured.status == 1)
        #expect(configured.stderr.contains("'setlist-no-such-mta'"))
        #expect(configured.stderr.contains("--eml"))
        try lib.ok("config", "sendmail", "/no/such/sendmail -C x")
        let setting = try lib.run(["share", "--to", "all", "--from", "a@example.com"])
        #expect(setting.status == 1)
        #expect(setting.stderr.contains("/no/such/sendmail"))
    }

    @Test(.enabled(if: !["/usr/sbin/sendmail", "/usr/lib/sendmail"].contains { FileManager.default.fileExists(atPath: $0) }))
    func noSendmailAnywhere() throws {
        let lib = try Self.band()
        let result = try lib.run(["share", "--to", "all", "--from", "a@example.com"], environment: ["PATH": lib.folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("msmtp-mta"))
        #expect(result.stderr.contains("--eml"))
    }

    @Test func configShowsSetsAndUnsets() throws {
        let lib = try TemporaryLibrary()
        #expect(try lib.ok("config").contains("No settings"))
        #expect(try lib.ok("config", "sender", "\"Novák, Jirka\" <jirka@example.com>") == "sender = Novák, Jirka <jirka@example.com>\n")
        #expect(try lib.ok("config", "sender") == "Novák, Jirka <jirka@example.com>\n")
        try lib.ok("config", "sendmail", "msmtp -a band")
        #expect(try lib.ok("config") == "sender = Novák, Jirka <jirka@example.com>\nsendmail = msmtp -a band\n")
        #expect(try lib.file("settings.json").contains("msmtp -a band"))
        #expect(try lib.ok("config", "sendmail", "--unset").contains("Removed sendmail"))
        let unsetShow = try lib.run("config", "sendmail")
        #expect(unsetShow.status == 0 && unsetShow.stdout.isEmpty && unsetShow.stderr.contains("not set"))

        let badSender = try lib.run("config", "sender", "Jirka")
        #expect(badSender.status == 1)
        #expect(badSender.stderr.contains("you@example.com"))
        let injected = try lib.run("config", "sender", "J <j@example.com>\nBcc: x@evil.example")
        #expect(injected.status == 1)
        let unknown = try lib.run("config", "colour", "red")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("sender, sendmail"))
        #expect(try lib.ok("config", "sender") == "Novák, Jirka <jirka@example.com>\n")
    }
}
