import Foundation
import SetlistModel
import TestLevels
import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo

/// The long version read back with pdftotext: keys kept whole, notes that run onto the next page
/// marked there, and right-to-left titles beside their number.
@Suite(.tags(.externalTools), .needs("pdfinfo", "pdftotext", "qpdf")) struct LongLayoutTests {
    /// pdftotext's layout of one page (or all) with runs of spaces made one, no empty lines, and
    /// without the direction marks it puts around lines on a page with right-to-left text.
    func lines(_ pdf: RenderedPDF, page: Int? = nil) throws -> [String] {
        let marks = Set<Unicode.Scalar>(["\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}"])
        let text = String(String.UnicodeScalarView(try pdf.text(page: page).unicodeScalars.map { marks.contains($0) ? " " : $0 }))
        return text.replacing(/\ +/, with: " ").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
    }

    /// Authors of every length put the end of the details line at every place, the key's space too.
    @Test func aKeyAndATempoNeverBreakInside() throws {
        let count = 40
        let playlist = Playlist(
            name: "Dlouzí autoři",
            items: (0..<count).map { index in
                Fixtures.song(
                    "Píseň \(index + 1)",
                    "Jiří Šťastný a Kytarová Čtvrť Žluťoučkých Koní" + String(repeating: " z Horní", count: index / 2)
                        + String(repeating: "x", count: index % 2 * 3), length: "3:05", key: "F#m", bpm: 120)
            })
        let pdf = try RenderedPDF(playlist, style: .long)
        defer { pdf.remove() }
        let text = try lines(pdf).joined(separator: "\n")
        #expect(text.components(separatedBy: "F♯ minor").count - 1 == count, "a key broke across lines:\n\(text)")
        #expect(text.components(separatedBy: "120 BPM").count - 1 == count, "a tempo broke across lines:\n\(text)")
    }

    /// A song whose notes run onto the next page is named there, with its number and "(continued)".
    @Test func notesRunningOntoTheNextPageAreMarkedContinued() throws {
        let notes = String(repeating: "Verse one: watch the drummer, ritardando at the end. ", count: 110)
        let playlist = Playlist(
            name: "Koncert",
            items: [
                Fixtures.song("Highway to Hell", "AC/DC", key: "A"),
                Fixtures.song("Long notes", "Band", key: "Bb", notes: notes),
                Fixtures.song("שלום עולם", "Ofra", notes: "הערות " + String(repeating: "בעברית כאן ", count: 700)),
                Fixtures.song("After", "X"),
            ])
        let pdf = try RenderedPDF(playlist, style: .long)
        defer { pdf.remove() }
        #expect(try pdf.pageCount == 3)
        // On a page mostly of right-to-left text pdftotext turns the line and its parentheses about,
        // so the first line is read by its words.
        func marker(_ line: String?) -> [String] {
            (line ?? "").split(whereSeparator: { " ()".contains($0) }).map(String.init).sorted()
        }
        let second = try lines(pdf, page: 2)
        #expect(marker(second.first) == ["2.", "Long", "continued", "notes"], "\(second.prefix(3))")
        #expect(second.contains { $0.contains("3.") && $0.contains("שלום") && !$0.contains("continued") }, "\(second)")
        let third = try lines(pdf, page: 3)
        #expect(marker(third.first) == ["3.", "continued", "עולם", "שלום"], "\(third.prefix(3))")
        #expect(third.contains("4. After"))
        #expect(try lines(pdf).filter { $0.contains("continued") }.count == 2)
        // The outline points at each song once.
        #expect(try pdf.outlineTitles() == ["1. Highway to Hell", "2. Long notes", "3. שלום עולם", "4. After"])
    }

    /// Pages that start with a song (or a set's heading) start with nothing else.
    @Test func pagesThatStartWithASongHaveNoMarker() throws {
        let pdf = try RenderedPDF(Fixtures.generated(120, notesEvery: 1000), style: .long)
        defer { pdf.remove() }
        let pages = try pdf.pageCount
        #expect(pages > 3)
        #expect(try !pdf.text().contains("continued"))
    }
}
