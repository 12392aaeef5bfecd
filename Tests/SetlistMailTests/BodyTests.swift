import Testing
import SetlistCore
@testable import SetlistMail

@Suite struct BodyTests {
    static func playlist() -> Playlist {
        func copy(_ name: String, _ author: String?, _ length: Int?, _ key: String?, _ bpm: Int?) -> PlaylistItem {
            .song(SongCopy(originalID: nil, fields: SongFields(name: name, author: author, length: length,
                                                               key: key.flatMap(MusicalKey.init(parsing:)), bpm: bpm)))
        }
        return Playlist(name: "Můj koncert", items: [
            copy("Stairway to Heaven", "Led Zeppelin", 90, "D major", 250),
            copy("Highway to Hell", "AC/DC", 140, "F minor", 100),
            .setBreak("Encore"),
            copy("Píseň bez délky", nil, nil, "Bb", nil),
        ])
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
