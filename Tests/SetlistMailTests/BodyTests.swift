import Foundation
import SetlistCore
import SetlistExchange
import Testing

@testable import SetlistMail

@Suite struct BodyTests {
    static func playlist() -> Playlist {
        func copy(_ name: String, _ author: String?, _ length: Int?, _ key: String?, _ bpm: Int?) -> PlaylistItem {
            .song(
                SongCopy(
                    originalID: nil,
                    fields: SongFields(
                        name: name, author: author, length: length,
                        key: key.flatMap(MusicalKey.init(parsing:)), bpm: bpm)))
        }
        return Playlist(
            name: "Můj koncert",
            items: [
                copy("Stairway to Heaven", "Led Zeppelin", 90, "D major", 250),
                copy("Highway to Hell", "AC/DC", 140, "F minor", 100),
                .setBreak("Encore"),
                copy("Píseň bez délky", nil, nil, "Bb", nil),
            ])
    }

    @Test func keysPrintInTheBandsNotation() {
        let english = SetlistBody.text(for: Self.playlist(), plstsFileName: nil, pdfFileNames: [])
        #expect(english.contains("   2:20 · F minor · 100 BPM"))
        #expect(english.contains("B♭ major"))
        let german = SetlistBody.text(for: Self.playlist(), plstsFileName: nil, pdfFileNames: [], notation: .german)
        #expect(german.contains("   1:30 · D dur · 250 BPM"))
        #expect(german.contains("   2:20 · f moll · 100 BPM"))
        #expect(german.contains("B dur"))
    }

    @Test func listsEverySongWithItsDetailsBreaksAndTotal() {
        let text = SetlistBody.text(for: Self.playlist(), plstsFileName: "Můj koncert.plsts", pdfFileNames: ["Můj koncert.pdf"])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Můj koncert")
        #expect(lines.contains("3 songs, 3:50 (1 song without a length)"))
        #expect(lines.contains("1. Stairway to Heaven — Led Zeppelin"))
        #expect(lines.contains("   1:30 · D major · 250 BPM"))
        #expect(lines.contains("2. Highway to Hell — AC/DC"))
        #expect(lines.contains("   2:20 · F minor · 100 BPM"))
        #expect(lines.contains("— Encore —"))
        #expect(lines.contains("3. Píseň bez délky"))
        #expect(lines.contains("   B♭ major"))
        #expect(lines.contains("Total length: 3:50 (1 song without a length)"))
        #expect(lines.contains("To open the setlist in setlist, save Můj koncert.plsts and run: setlist import \"Můj koncert.plsts\""))
        #expect(lines.contains("To print it, open Můj koncert.pdf."))
        // Readable on a phone: no line of the listing is wider than a narrow screen.
        #expect(lines.filter { !$0.hasPrefix("To ") }.allSatisfy { $0.count <= 60 })
        #expect(lines.firstIndex(of: "2. Highway to Hell — AC/DC")! < lines.firstIndex(of: "— Encore —")!)
    }

    @Test func importLineNamesTheAttachmentAsSentAndQuotesItForTheShell() throws {
        // A double space, a quote and a dollar in the playlist's name: the attachment is named with
        // one space, and the command must be one shell word that expands nothing.
        let plsts = "Koncert  \"U Fleků\" $HOME.plsts", pdf = "Koncert  -U Fleků- $HOME.pdf"
        let text = SetlistBody.text(for: Self.playlist(), plstsFileName: plsts, pdfFileNames: [pdf])
        let message = MailMessage(
            from: Mailbox(name: nil, address: "a@example.com"), to: [Mailbox(name: nil, address: "b@example.com")],
            subject: "S", date: Date(timeIntervalSince1970: 0), messageID: "x@example.com", body: text,
            attachments: [
                MailAttachment(fileName: plsts, mimeType: "application/json", data: Data()),
                MailAttachment(fileName: pdf, mimeType: "application/pdf", data: Data()),
            ])
        let attached = try PythonMIME.check(message.rendered()).attachments.compactMap(\.filename)
        // One file-name rule for both attachments: the quote becomes "-" in the .plsts too.
        #expect(attached == ["Koncert -U Fleků- $HOME.plsts", "Koncert -U Fleků- $HOME.pdf"])
        #expect(text.contains("save \(attached[0]) and run: setlist import 'Koncert -U Fleků- $HOME.plsts'\n"))
        #expect(text.contains("To print it, open \(attached[1]).\n"))
        #expect(SetlistBody.shellQuoted("It's \"live\"") == #"'It'\''s "live"'"#)
        #expect(SetlistBody.shellQuoted("Můj koncert.plsts") == "\"Můj koncert.plsts\"")
    }

    @Test func emptyPlaylistSaysSo() {
        let text = SetlistBody.text(for: Playlist(name: "Empty"), plstsFileName: nil, pdfFileNames: [])
        #expect(text.contains("0 songs, 0:00"))
        #expect(text.contains("(no songs yet)"))
        #expect(!text.contains("setlist import"))
    }

    @Test func subjectNamesThePlaylist() {
        #expect(SetlistBody.subject(for: Self.playlist()) == "Setlist: Můj koncert")
    }
}

@Suite struct BodyIsTheTextExportTests {
    @Test func bodyStartsWithExactlyWhatExportFormatTextWrites() {
        let playlist = BodyTests.playlist()
        let body = SetlistBody.text(for: playlist, plstsFileName: "x.plsts", pdfFileNames: [])
        #expect(body.hasPrefix(SetlistText.plain(playlist) + "\n"))
    }
}
