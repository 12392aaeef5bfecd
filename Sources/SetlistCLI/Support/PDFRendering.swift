import Foundation
import SetlistModel
import SetlistPDF

extension CommandContext {
    /// Renders `playlist` as `pdf` and `share` print it: keys in the library's notation, a plan's
    /// times in the reader's zone, and a warning on standard error when some letters have no font;
    /// `capo` for a songbook read with one; `reader`, whom it is printed for; `warn`, given the
    /// warning instead of standard error.
    func renderPDF(
        _ playlist: Playlist, style: PDFStyle, paper: PDFPaper, date: Date, notation: KeyNotation, capo: Int? = nil,
        reader: PDFReader = PDFReader(), warn: ((String) -> Void)? = nil
    ) throws -> Data {
        guard let drawing else {
            // `setlist` always has one; only a program that calls SetlistMain without it gets here.
            throw CLIError("This program cannot draw PDFs: run the command with setlist.")
        }
        return try drawing.render(
            playlist, style: style, paper: paper, date: date, notation: notation, timeZone: PlanZone.local(environment: environment),
            capo: capo, reader: reader,
            unshown: { (warn ?? { errorOutput.line($0) })("setlist: warning: " + UnshownText.warning($0)) })
    }
}
