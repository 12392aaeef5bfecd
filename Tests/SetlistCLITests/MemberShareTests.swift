import CLITestSupport
import Foundation
import MailTestSupport
import TestLevels
import Testing

@testable import SetlistSupport

/// `setlist share --to all` to a band whose members read different parts: a message each, with
/// their own PDFs, parsed by Python's `email` package and read back with pdftotext.
@Suite(.tags(.externalTools), .needs("python3", "pdftotext")) struct MemberShareTests {
    static let epoch = ["SOURCE_DATE_EPOCH": "1700000000"]

    /// The band fixture's setlist with a chart on "Stairway to Heaven" (D major) and four members
    /// reading four parts.
    static func band() throws -> TemporaryLibrary {
        let lib = try TemporaryLibrary.band()
        let chart = try lib.run(
            ["chart", "Stairway to Heaven", "--in", "Můj koncert 🎸", "--set", "-"],
            stdin: Data("{key: D}\n[D]There's a [G]lady who's [A7]sure\n".utf8))
        #expect(chart.status == 0, "\(chart.stderr)")
        try lib.ok("edit-contact", "Pepa Kytara", "--part", "capo 2")
        try lib.ok("edit-contact", "Jana", "--part", "Eb", "--instrument", "alto sax")
        try lib.ok("edit-contact", "Ondřej", "--part", "numbers")
        try lib.ok("add-contact", "Eva Zpěv", "eva@example.com", "--part", "lyrics")
        return lib
    }

    /// The text of an attached PDF.
    static func text(of attachment: MIMECheck.Part, in lib: TemporaryLibrary) throws -> String {
        let url = lib.folder.appendingPathComponent(UUID().uuidString + ".pdf")
        try attachment.data.write(to: url)
        return try ChildProcess.run("/usr/bin/pdftotext", [url.path, "-"]).outputText
    }

    /// A mail program that takes the first member's message and fails on the next: the share
    /// fails, and the member who got theirs is noted as having that revision (their next message
    /// says what changed since, not that it is their first); the others are not.
    @Test func aShareCutShortNotesTheMembersItReached() throws {
        let lib = try Self.band()
        let script = lib.folder.appendingPathComponent("flaky-mta")
        let count = lib.folder.appendingPathComponent("sent-count")
        try """
        #!/bin/sh
        cat >/dev/null
        if [ -e '\(count.path)' ]; then echo 'msmtp: connection lost' >&2; exit 75; fi
        touch '\(count.path)'
        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let result = try lib.run(
            ["share", "--to", "all", "--from", "jirka@example.com", "--pdf", "none"],
            environment: Self.epoch.merging(["SETLIST_SENDMAIL": script.path]) { $1 })
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "Handed ").count == 2, "\(result.stdout)")
        let folder = lib.root.appendingPathComponent("playlists")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let playlist = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        let received = playlist.components(separatedBy: #""lastReceived" : {"#).dropFirst().first?.components(separatedBy: "}").first
        #expect(received?.components(separatedBy: "@").count == 2, "one member noted: \(received ?? playlist)")
    }

    @Test func eachMemberGetsTheirOwnPart() throws {
        let lib = try Self.band()
        let result = try lib.run(["share", "--to", "all", "--from", "Jirka <jirka@example.com>", "--eml", "out/"], environment: Self.epoch)
        #expect(result.status == 0, "\(result.stderr)")
        let folder = lib.folder.appendingPathComponent("out")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["Eva Zpěv.eml", "Jana Bubenická.eml", "Ondřej Basa.eml", "Pepa Kytara.eml"])
        let messages = try Python.checkMessages(files.map { try Data(contentsOf: folder.appendingPathComponent($0)) })
        #expect(Set(messages.compactMap { $0.header("message-id") }).count == 4)
        #expect(Set(messages.compactMap { $0.header("subject") }) == ["Setlist: Můj koncert 🎸"])
        #expect(messages.allSatisfy { $0.from == [.init(name: "Jirka", address: "jirka@example.com")] })
        #expect(messages.allSatisfy { $0.defects.isEmpty && $0.to.count == 1 })
        let expected: [(to: String, songbook: String, says: String)] = [
            ("eva@example.com", "Můj koncert 🎸-songbook-lyrics.pdf", "Lyrics · D major"),
            ("jana@example.com", "Můj koncert 🎸-songbook-Eb.pdf", "E♭ part · written in B major · sounds D major"),
            ("ondra@example.com", "Můj koncert 🎸-songbook-numbers.pdf", "Numbers · 1 is D major"),
            ("pepa@example.com", "Můj koncert 🎸-songbook-capo2.pdf", "Capo 2 · C major shapes · sounds D major"),
        ]
        for (message, expected) in zip(messages, expected) {
            #expect(message.toAddresses == [expected.to])
            let names = message.attachments.compactMap(\.filename)
            #expect(names.contains("Můj koncert 🎸.plsts") && names.contains(expected.songbook), "\(names)")
            let songbook = try #require(message.attachments.first { $0.filename == expected.songbook })
            let text = try Self.text(of: songbook, in: lib)
            #expect(text.contains(expected.says), "\(expected.to): \(text)")
            #expect(message.body.hasPrefix("Your part: "), "\(message.body)")
        }
        // The alto sax's long setlist has the keys as written: D major reads B major.
        let long = try #require(messages[1].attachments.first { $0.filename == "Můj koncert 🎸-Eb.pdf" })
        #expect(try Self.text(of: long, in: lib).contains("B major"))
        #expect(messages[1].body.hasPrefix("Your part: E♭ part (alto sax)."))
        // One message file asks for a folder, naming one.
        let file = try lib.run(["share", "--to", "all", "--eml", "one.eml"], environment: Self.epoch)
        #expect(file.status == 1)
        #expect(file.stderr.contains("--eml needs a folder: --eml one.eml/"), "\(file.stderr)")
    }

    /// A band without parts, or a recipient list that reads one part, gets one message as before.
    @Test func noPartsIsOneMessage() throws {
        let lib = try TemporaryLibrary.band()
        let result = try lib.run(["share", "--to", "all", "--eml", "one.eml"], environment: Self.epoch)
        #expect(result.status == 0, "\(result.stderr)")
        let message = try ParsedMessage.parse(try Data(contentsOf: lib.folder.appendingPathComponent("one.eml")))
        #expect(message.toAddresses.count == 3)
        #expect(message.attachments.compactMap(\.filename) == ["Můj koncert 🎸.plsts", "Můj koncert 🎸.pdf"])
        #expect(!message.body.contains("Your part"))
        // Parts that print nothing differently in a setlist without charts: still one message.
        try lib.ok("edit-contact", "Jana", "--part", "lyrics")
        #expect(try lib.run(["share", "--to", "all", "--eml", "-"], environment: Self.epoch).status == 0)
        // A folder with one message gets it under the setlist's name.
        try lib.ok("share", "--to", "all", "--eml", "box/")
        #expect(try FileManager.default.contentsOfDirectory(atPath: lib.folder.appendingPathComponent("box").path) == ["Můj koncert 🎸.eml"])
    }

    /// Every shared document names the setlist's revision; the number goes up only when a changed
    /// setlist is shared again, and each member's text says what changed since the revision they
    /// last received.
    @Test func eachMessageSaysWhatChangedSinceTheMembersRevision() throws {
        let lib = try Self.band()
        let environment = ["SOURCE_DATE_EPOCH": "1700000000", "TZ": "UTC"]
        func share(_ arguments: [String], into folder: String) throws -> [String: MIMECheck] {
            let result = try lib.run(["share"] + arguments + ["--from", "j@example.com", "--eml", folder + "/"], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let url = lib.folder.appendingPathComponent(folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            let messages = try Python.checkMessages(files.map { try Data(contentsOf: url.appendingPathComponent($0)) })
            return Dictionary(uniqueKeysWithValues: messages.map { ($0.toAddresses[0], $0) })
        }
        let first = try share(["--to", "all"], into: "one")
        #expect(first.count == 4)
        for message in first.values {
            #expect(message.body.contains("Revision 1: the first revision of this setlist you receive."), "\(message.body)")
        }
        let jana = try #require(first["jana@example.com"])
        let plsts = try #require(jana.attachments.first { $0.filename?.hasSuffix(".plsts") == true })
        let document = String(decoding: plsts.data, as: UTF8.self)
        #expect(document.contains(#""revision" : 1"#) && document.contains(#""version" : "1.2""#))
        let long = try #require(jana.attachments.first { $0.filename == "Můj koncert 🎸-Eb.pdf" })
        // The long PDF of three songs has one page; the songbook's footers name the revision.
        let songbook = try #require(jana.attachments.first { $0.filename == "Můj koncert 🎸-songbook-Eb.pdf" })
        #expect(try Self.text(of: songbook, in: lib).contains("Revision 1 · 14 Nov 2023"))
        _ = long
        // Nothing changed: the same revision, and the members are told so.
        let again = try share(["--to", "jana"], into: "same")
        #expect(try #require(again["jana@example.com"]).body.contains("Revision 1, the one you received before: nothing changed."))
        // Two changes, then a share to one member, then one more change and a share to all.
        try lib.ok("transpose", "Stairway to Heaven", "+2")
        try lib.ok("move", "Highway to Hell", "1")
        let second = try share(["--to", "pepa"], into: "two")
        let pepa = try #require(second["pepa@example.com"]).body
        #expect(pepa.contains("Revision 2. Changed since revision 1, the one you last received:"), "\(pepa)")
        #expect(pepa.contains("  Moved: Highway to Hell, song 2 → 1\n"), "\(pepa)")
        #expect(pepa.contains("  Moved: Stairway to Heaven, song 1 → 2\n"), "\(pepa)")
        #expect(pepa.contains("  Key: Stairway to Heaven, D major → E major\n"), "\(pepa)")
        try lib.ok("edit-song", "Highway to Hell", "--in", "Můj koncert 🎸", "--bpm", "120")
        let third = try share(["--to", "all"], into: "three")
        let pepaNow = try #require(third["pepa@example.com"]).body
        #expect(
            pepaNow.contains(
                "Revision 3. Changed since revision 2, the one you last received:\n  Tempo: Highway to Hell, 250 BPM → 120 BPM\n"),
            "\(pepaNow)")
        #expect(!pepaNow.contains("Moved"))
        let janaNow = try #require(third["jana@example.com"]).body
        #expect(
            janaNow.contains("Changed since revision 1") && janaNow.contains("Moved: Highway to Hell") && janaNow.contains("Tempo: Highway")
        )
        #expect(try #require(third["eva@example.com"]).body.contains("Changed since revision 1"))
        // An export is a revision too: unchanged, it keeps the number.
        try lib.ok("export", "Můj koncert 🎸", "-o", "k.plsts")
        #expect(try String(contentsOf: lib.folder.appendingPathComponent("k.plsts"), encoding: .utf8).contains(#""revision" : 3"#))
    }

    /// The parts are drawn side by side; a letter no font has is one warning, not one per PDF of
    /// every part, told before the messages are written.
    @Test func aLetterNoFontHasIsOneWarningForAllTheParts() throws {
        let lib = try Self.band()
        try lib.ok("edit-song", "Highway to Hell", "--in", "Můj koncert 🎸", "--name", "古\u{30000}歌")
        let result = try lib.run(["share", "--to", "all", "--from", "j@example.com", "--eml", "out/"], environment: Self.epoch)
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("setlist: warning: no installed font") }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(warnings.first?.contains("'古\u{30000}歌'") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: lib.folder.appendingPathComponent("out").path).count == 4)
    }
}
