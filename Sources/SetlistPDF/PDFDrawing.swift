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
    /// nil, each chart with its own capo. `reader` is whom it is printed for: their part and the
    /// words the title and footers carry.
    func render(
        _ playlist: Playlist, style: PDFStyle, paper: PDFPaper, date: Date, notation: KeyNotation, timeZone: TimeZone, capo: Int?,
        reader: PDFReader, unshown: ([UnshownText]) -> Void
    ) throws(PDFError) -> Data
}

/// Whom a PDF is printed for: the part they read (``Part``: the songbook's charts written for
/// it, the setlists' keys as written), the words under the title that name it, and the note in
/// every footer (the setlist's revision).
public struct PDFReader: Sendable, Hashable {
    public var part: Part
    /// "E♭ part · Jana (alto sax)" under the title; nil for none.
    public var title: String?
    /// "Revision 4 · 28 Nov 2026" in every footer, after the setlist's name; nil for none.
    public var footerNote: String?

    public init(part: Part = .concert, title: String? = nil, footerNote: String? = nil) {
        self.part = part
        self.title = title
        self.footerNote = footerNote
    }

    /// The reader of `part`, the title naming it (and the member, when printed for one).
    public init(part: Part, member: Contact?, footerNote: String? = nil) {
        let name = member.map { $0.name + ($0.instrument.map { " (\($0))" } ?? "") }
        let title = part == .concert ? name.map { "For " + $0 } : ([part.name] + (name.map { [$0] } ?? [])).joined(separator: " · ")
        self.init(part: part, title: title, footerNote: footerNote)
    }
}
