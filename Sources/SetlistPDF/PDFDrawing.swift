import Foundation
import SetlistModel

/// What draws a playlist as a PDF. The drawing itself is `PDFRenderer` in SetlistPDFCairo, which
/// loads Cairo and Pango when it first draws, so that no other command waits for them
/// (docs/performance.md). The commands get it from their context, so tests can replace it.
public protocol PDFDrawing: Sendable {
    /// Renders `playlist`; `date` is the creation date written in the metadata, `notation` how
    /// keys are printed, `timeZone` the reader's. The same arguments always give the same bytes.
    /// `unshown` is told, once, of text that no installed font can show. `capo` (1–11) has the
    /// songbook show its chords as the shapes played with a capo on that fret, 0 as they sound;
    /// nil, each chart with its own capo.
    func render(
        _ playlist: Playlist, style: PDFStyle, paper: PDFPaper, date: Date, notation: KeyNotation, timeZone: TimeZone, capo: Int?,
        unshown: ([UnshownText]) -> Void
    ) throws(PDFError) -> Data
}
