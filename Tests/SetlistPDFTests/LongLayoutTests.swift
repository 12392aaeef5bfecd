import Foundation
import SetlistCore
import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo

/// The long version read back with pdftotext.
@Suite struct LongLayoutTests {
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
}
