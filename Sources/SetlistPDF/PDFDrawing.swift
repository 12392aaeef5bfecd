import Foundation
import SetlistCore

/// What draws a playlist as a PDF. The drawing itself (Cairo and Pango, `PDFRenderer` in
/// SetlistPDFCairo) is linked only into the program that draws, `setlist-draw`: loading those
/// libraries cost every other command about 4 ms at start-up (docs/performance.md).
public protocol PDFDrawing: Sendable {
    /// Renders `playlist`; `date` is the creation date written in the metadata, `notation` how
    /// keys are printed, `timeZone` the reader's. The same arguments always give the same bytes.
    /// `unshown` is told, once, of text that no installed font can show.
    func render(
        _ playlist: Playlist, style: PDFStyle, paper: PDFPaper, date: Date, notation: KeyNotation, timeZone: TimeZone,
        unshown: ([UnshownText]) -> Void
    ) throws(PDFError) -> Data
}
