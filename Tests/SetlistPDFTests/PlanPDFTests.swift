import Foundation
import SetlistModel
import TestLevels
import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo

/// The plan in the long and short PDFs, read back with pdftotext.
@Suite(.tags(.externalTools), .needs("pdfinfo", "pdftotext", "qpdf")) struct PlanPDFTests {
    let prague = TimeZone(identifier: "Europe/Prague")!

    /// The concert with a plan starting 23:30 on New Year's Eve in Prague: 30 s between songs,
    /// 15-minute breaks but 20 for the encore, a 1 h 30 target, and "Jožin z bažin" of unknown length.
    func planned() -> Playlist {
        var playlist = Fixtures.concert
        playlist.items = playlist.items.map { item in
            guard case .song(var copy) = item, copy.fields.name == "Jožin z bažin" else { return item }
            copy.fields.length = nil
            return .song(copy)
        }
        playlist.plan = ShowPlan(
            start: PlanStart(parsing: "2026-12-31 23:30"), zone: "Europe/Prague", gap: 30, breakLength: 900, target: 5400,
            breakLengths: [BreakLength(label: "Encore", length: 1200)])
        return playlist
    }

    /// pdftotext's layout with runs of spaces made one, so columns do not matter.
    func words(_ pdf: RenderedPDF) throws -> String {
        try pdf.text().replacing(/\ +/, with: " ")
    }

    @Test(arguments: [PDFStyle.long, .short])
    func planTimesInThePDF(style: PDFStyle) throws {
        let text = try words(RenderedPDF(planned(), style: style, timeZone: prague))
        // Highway to Hell 23:30:00 (3:28), then 23:33:58 (4:10), 23:38:38 (5:40), Jožin 23:44:48
        // (no length); the break until 23:59:48; then 00:06:48 and 00:13:13 to 00:16:53; the
        // encore after a 20-minute break at 00:36:53, until 00:44:55. Times are cut to the minute.
        #expect(text.contains("Show 2026-12-31 23:30–00:44~ (+1) · Total 1:14:55+ with gaps and breaks, 15:05 under the"))
        #expect(text.contains("1 song has no length (4), counted as 0"))
        for time in ["23:30", "23:33", "23:38", "23:44", "23:59~", "00:06~ (+1)", "00:13~ (+1)", "00:36~ (+1)"] {
            #expect(text.contains(time), "\(time)")
        }
        #expect(text.contains("23:30–23:44~"))
        #expect(text.contains("23:59~–00:16~ (+1), after a 15:00 break"))
        #expect(text.contains("00:36~ (+1)–00:44~ (+1), after a 20:00 break"))
        #expect(!text.contains("GMT"))
        if style == .long { #expect(text.contains("Ivan Mládek · C major · 140 BPM · no length")) }
    }

    @Test func aReaderInAnotherZoneSeesTheirTimesMarked() throws {
        let text = try words(RenderedPDF(planned(), style: .short, timeZone: TimeZone(identifier: "America/New_York")!))
        #expect(text.contains("Show 17:30 GMT-5–18:44~ GMT-5"))
        #expect(text.contains("Planned to start 2026-12-31 23:30 Europe/Prague."))
        #expect(text.contains("17:59~ GMT-5"))
        #expect(text.contains("18:36~ GMT-5–18:44~ GMT-5, after a 20:00 break"))
        #expect(!text.contains("(+1)"))
    }

    @Test func withoutAPlanNothingChanges() throws {
        var playlist = planned()
        playlist.plan = nil
        let text = try words(RenderedPDF(playlist, style: .long))
        #expect(!text.contains("Show ") && !text.contains("no length") && !text.contains("23:30"))
    }
}
