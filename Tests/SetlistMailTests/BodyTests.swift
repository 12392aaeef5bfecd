import Foundation
import SetlistExchange
import SetlistModel
import TestLevels
import Testing

@testable import SetlistMail

@Suite(.tags(.externalTools), .needs("python3")) struct BodyTests {
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

@Suite(.tags(.externalTools), .needs("python3")) struct BodyIsTheTextExportTests {
    @Test func bodyStartsWithExactlyWhatExportFormatTextWrites() {
        let playlist = BodyTests.playlist()
        let body = SetlistBody.text(for: playlist, plstsFileName: "x.plsts", pdfFileNames: [])
        #expect(body.hasPrefix(SetlistText.plain(playlist) + "\n"))
    }
}

/// The plan in the email body (the text export's words): each song's start, each set's times,
/// the total against the target, songs without a length flagged, in the reader's zone.
@Suite(.tags(.externalTools), .needs("python3")) struct PlannedBodyTests {
    /// Starts 23:50 on New Year's Eve in Prague, 20 s between songs, a 10-minute encore break.
    static func planned() -> Playlist {
        var playlist = BodyTests.playlist()
        playlist.plan = ShowPlan(
            start: PlanStart(parsing: "2026-12-31 23:50"), zone: "Europe/Prague", gap: 20, breakLength: 300, target: 900,
            breakLengths: [BreakLength(label: "Encore", length: 600)])
        return playlist
    }

    func body(zone: String) -> String {
        let playlist = Self.planned()
        let clock = PlanClock(plan: playlist.plan!, environment: ["TZ": zone], reference: Date(timeIntervalSince1970: 0))
        return SetlistBody.text(for: playlist, plstsFileName: "x.plsts", pdfFileNames: [], clock: clock)
    }

    @Test func timesAcrossMidnightWithABreakAndASongOfUnknownLength() {
        let text = body(zone: "Europe/Prague")
        // Stairway 23:50 (1:30), Highway 23:51:50 (2:20) to 23:54:10, the encore break of 10
        // minutes, then the song without a length at 00:04:10 on New Year's Day.
        #expect(text.contains("Plan: starts 2026-12-31 23:50, 0:20 between songs, 5:00 breaks, target 15:00\n"))
        #expect(text.contains("— Set 1 (3:50) · 23:50–23:54 —\n"))
        #expect(text.contains("1. Stairway to Heaven — Led Zeppelin\n   at 23:50 · 1:30 · D major · 250 BPM\n"))
        #expect(text.contains("   at 23:51 · 2:20 · F minor · 100 BPM\n"))
        #expect(text.contains("— Encore · 00:04 (+1)–00:04~ (+1), after a 10:00 break —\n"))
        #expect(text.contains("3. Píseň bez délky\n   at 00:04 (+1) · no length · B♭ major\n"))
        #expect(text.contains("Total 14:10+ with gaps and breaks, 0:50 under the target 15:00.\n"))
        #expect(text.contains("1 song has no length (3)"))
        #expect(
            text.hasPrefix(
                SetlistText.plain(
                    Self.planned(),
                    clock: PlanClock(
                        plan: Self.planned().plan!, zone: TimeZone(identifier: "Europe/Prague")!, reference: Date(timeIntervalSince1970: 0))
                )))
    }

    @Test func aMemberAbroadReadsTheirOwnClock() {
        let text = body(zone: "Europe/London")
        #expect(text.contains("Plan: starts 2026-12-31 23:50 Europe/Prague, "))
        #expect(text.contains("   at 22:50 GMT · 1:30 · D major"))
        #expect(text.contains("   at 23:04 GMT · no length"))
        #expect(!text.contains("(+1)"))
    }

    @Test func theShareMessageUsesTheEnvironmentsZone() throws {
        var library = Library()
        library.playlists = [Self.planned()]
        let message = try ShareMessage(
            Self.planned(), in: library, to: ["pepa@example.com"], from: "Me <me@example.com>", subject: nil,
            environment: ["TZ": "Europe/London", "SOURCE_DATE_EPOCH": "0"]
        ) { _ in (ShareMessage.Document(fileName: "x.plsts", data: Data("{}".utf8)), []) }
        let decoded = String(decoding: message.data, as: UTF8.self).replacingOccurrences(of: "=\r\n", with: "")
        #expect(decoded.contains("at 22:50 GMT"))
    }
}
