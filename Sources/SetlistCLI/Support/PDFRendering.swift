import Foundation
import SetlistCore
import SetlistPDF

extension CommandContext {
    /// Renders `playlist` as `pdf` and `share` print it: keys in the library's notation, a plan's
    /// times in the reader's zone, and a warning on standard error when some letters have no font.
    func renderPDF(_ playlist: Playlist, style: PDFStyle, paper: PDFPaper, date: Date, notation: KeyNotation) throws -> Data {
        guard let drawing else {
            // `setlist` hands these commands to setlist-draw before parsing; only a program that
            // calls SetlistMain without a drawing gets here.
            throw CLIError("This program cannot draw PDFs: run the command with setlist, which hands it to \(DrawingProgram.name).")
        }
        return try drawing.render(
            playlist, style: style, paper: paper, date: date, notation: notation, timeZone: PlanZone.local(environment: environment),
            unshown: { errorOutput.line("setlist: warning: " + UnshownText.warning($0)) })
    }
}
