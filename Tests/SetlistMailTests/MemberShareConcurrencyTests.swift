import Foundation
import SeededRandom
import SetlistModel
import SetlistPDF
import SetlistPDFCairo
import Testing

@testable import SetlistMail

/// A share draws its parts' PDFs side by side (``MemberShare``, ``Concurrently``, a typesetter
/// per thread): every byte must be what drawing them one after another gives.
@Suite struct MemberShareConcurrencyTests {
    static let parts: [Part] = [.capo(2), .transposing(.eFlat), .transposing(.bFlat), .transposing(.f), .lyrics, .numbers]
    static let chords = ["C", "G", "Am", "F", "D7", "Em", "Bb", "F#m", "C/E", "G/B", "Dsus4", "Ebmaj7", "A7", "Bm7b5", "Ab", "E"]
    static let words = ["láska", "night", "cesta", "the", "road", "žluťoučký", "kůň", "sing", "along", "domů", "světlo", "we", "go"]

    /// A chart of verses and choruses, some long enough for two columns or several pages, now
    /// and then a new key in the middle; some words in decomposed (NFD) form.
    static func chart(using generator: inout some RandomNumberGenerator) -> [String] {
        var lines: [String] = []
        for section in 0..<Int.random(in: 1...9, using: &generator) {
            let chorus = section % 3 == 2
            lines.append(chorus ? "{start_of_chorus}" : "{start_of_verse: Verse \(section + 1)}")
            if Int.random(in: 0..<8, using: &generator) == 0 {
                lines.append("{key: \(["D", "Bb", "F#m"].randomElement(using: &generator)!)}")
            }
            for _ in 0..<Int.random(in: 2...6, using: &generator) {
                var line = ""
                for _ in 0..<Int.random(in: 2...9, using: &generator) {
                    if Bool.random(using: &generator) { line += "[\(chords.randomElement(using: &generator)!)]" }
                    let word = words.randomElement(using: &generator)!
                    line += (Bool.random(using: &generator) ? word.decomposedStringWithCanonicalMapping : word) + " "
                }
                lines.append(line)
            }
            lines.append(chorus ? "{end_of_chorus}" : "{end_of_verse}")
            lines.append("")
        }
        return lines
    }

    static func playlist(using generator: inout some RandomNumberGenerator) -> Playlist {
        var items: [PlaylistItem] = []
        for index in 1...Int.random(in: 4...9, using: &generator) {
            if index == 5 { items.append(.setBreak("Přídavek")) }
            var fields = SongFields(
                name: "Píseň \(index)", author: "Kapela", key: MusicalKey(parsing: ["C", "Am", "E", "Bb", "F#"][index % 5]))
            // One song in seven without a chart.
            if Int.random(in: 0..<7, using: &generator) > 0 { fields.chart = Chart(lines: chart(using: &generator), key: fields.key) }
            items.append(.song(SongCopy(originalID: nil, fields: fields)))
        }
        return Playlist(name: "Koncert", items: items)
    }

    /// The share of `playlist` to six members in six parts, each with the long PDF and the
    /// songbook of their part, drawn on up to `width` threads.
    static func share(_ playlist: Playlist, width: Int) throws -> MemberShare {
        var library = Library(
            playlists: [playlist],
            contacts: parts.enumerated().map { Contact(name: "Member \($0.offset)", email: "m\($0.offset)@example.com", part: $0.element) })
        library.settings.sender = "Jirka <jirka@example.com>"
        return try MemberShare(
            playlist, in: library, to: ["all"], from: nil, subject: nil, environment: ["SOURCE_DATE_EPOCH": "1700000000"], width: width,
            plsts: { _ in nil }
        ) { date, part, songbook in
            try ([PDFStyle.long] + (songbook ? [.songbook] : [])).map { style in
                ShareMessage.Document(
                    fileName: "\(part)-\(style.rawValue).pdf",
                    data: try PDFRenderer.render(
                        playlist, style: style, paper: .a4, date: date, timeZone: TimeZone(identifier: "UTC")!,
                        reader: PDFReader(part: part, member: nil, footerNote: "Revision 1 · 14 Nov 2023")))
            }
        }
    }

    @Test func partsDrawnSideBySideAreTheBytesDrawnInTurn() throws {
        var generator = seededGenerator(for: "partsDrawnSideBySideAreTheBytesDrawnInTurn")
        let playlist = Self.playlist(using: &generator)
        let inTurn = try Self.share(playlist, width: 1)
        #expect(inTurn.isPerMember && inTurn.messages.count == 6)
        // Twice: the first run's typesetters start cold, the second's have the words of the first.
        for _ in 1...2 {
            let sideBySide = try Self.share(playlist, width: 4)
            #expect(sideBySide.messages.count == inTurn.messages.count)
            for (plain, fast) in zip(inTurn.messages, sideBySide.messages) {
                let part = plain.members[0].part
                #expect(fast.members.map(\.mailbox) == plain.members.map(\.mailbox))
                #expect(fast.message.attachments.map(\.fileName) == plain.message.attachments.map(\.fileName))
                // Compared as one answer: Swift Testing would diff two unequal PDFs byte by byte, for minutes.
                for (a, b) in zip(plain.message.attachments, fast.message.attachments) {
                    let same = a.data == b.data
                    #expect(same, "\(part): \(a.fileName) differs when drawn side by side")
                }
                let same = fast.message.data == plain.message.data
                #expect(same, "\(part): the message differs")
            }
        }
    }
}
