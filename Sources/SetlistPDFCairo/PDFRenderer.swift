import CDrawingLibraries
import Foundation
import SetlistModel
import SetlistPDF

/// Renders setlists to PDF: Cairo draws, Pango lays out every piece of text, fonts come through
/// fontconfig and are embedded.
public struct PDFRenderer {
    /// The creator written in the PDF's metadata.
    public static let creator = SetlistVersion.generator

    /// The drawing `setlist` and the tests give the commands (``PDFDrawing``).
    public init() {}

    /// Starts setting up the fonts in the background: fontconfig reading its configuration and
    /// caches is a large part of a short PDF, and overlaps this way with reading the arguments and
    /// the library. Rendering waits for it as it would have.
    public static func prepareFonts() {
        Typesetter.prepareFonts()
    }

    /// Renders the playlist; `date` is the creation date written in the metadata, `notation` how
    /// keys are printed, `timeZone` the reader's, where a plan's times are shown (``PlanClock``,
    /// an undated start taken at `date`); `capo`, the fret the songbook's chords are shapes for.
    ///
    /// The same playlist, style, paper, date, notation and zone always give byte-identical PDFs.
    /// `unshown` is told, once, where the playlist has letters that no installed font has (they
    /// print as boxes), so the user can be warned; it is not called when every letter shows.
    public static func render(
        _ playlist: Playlist, style: PDFStyle, paper: PDFPaper, date: Date,
        notation: KeyNotation = .english, timeZone: TimeZone = .current, capo: Int? = nil, reader: PDFReader = PDFReader(),
        unshown: ([UnshownText]) -> Void = { _ in }
    ) throws(PDFError) -> Data {
        // The setlists show the keys the part reads; the songbook shows both with each chart.
        let playlist = style == .songbook ? playlist : playlist.keysWritten(for: reader.part)
        let clock = playlist.plan.map { PlanClock(plan: $0, zone: timeZone, reference: date) }
        return try Typesetter.withTypesetter { (typesetter) throws(PDFError) -> Data in
            let frame = PageFrame(paper: paper)
            var document =
                switch style {
                case .long:
                    LongLayout(
                        playlist: playlist, frame: frame, typesetter: typesetter, notation: notation, clock: clock, reader: reader.title
                    )
                    .build()
                case .short:
                    ShortLayout(playlist: playlist, frame: frame, typesetter: typesetter, clock: clock, reader: reader.title).build()
                case .stage: StageLayout(playlist: playlist, frame: frame, typesetter: typesetter, notation: notation).build()
                case .songbook:
                    SongbookLayout(
                        playlist: playlist, frame: frame, typesetter: typesetter, notation: notation, capo: capo, part: reader.part,
                        reader: reader.title
                    ).build()
                }
            // Every page names whom it is for and the revision, beside the setlist's name.
            if let title = document.footerTitle {
                let part = reader.part == .concert ? nil : reader.part.name
                document.footerTitle = ([title] + [part, reader.footerNote].compactMap { $0 }).joined(separator: "  ·  ")
            }
            // Pass one: paginate. Pass two: draw, now that the number of pages is known.
            let pages = document.paginate(top: frame.top, bottom: frame.bottom)
            let footers = footers(for: document, pageCount: pages.count, frame: frame, typesetter: typesetter)
            // Found only when some layout had a letter no font has: no cost otherwise.
            if typesetter.sawUnshownLetters {
                let found = UnshownText.find(in: playlist, style: style, typesetter: typesetter)
                if !found.isEmpty { unshown(found) }
            }
            let metadata = PDFMetadata(
                title: playlist.name, subject: "\(style.subject): \(SetlistWords.summary(playlist))",
                creator: creator, date: date)
            return try PDFCanvas.draw(document, pages: pages, frame: frame, footers: footers, metadata: metadata)
        }
    }

    /// "Page i of n" on the right and the playlist's name on the left of every page, unless the
    /// document numbers only multi-page output and has one page.
    private static func footers(
        for document: FlowDocument, pageCount: Int, frame: PageFrame,
        typesetter: Typesetter
    ) -> [Row?] {
        guard let title = document.footerTitle, document.numberSinglePage || pageCount > 1 else {
            return Array(repeating: nil, count: pageCount)
        }
        let font = Font(size: 8.5)
        let name = typesetter.box(title, font: font, gray: 0.4, width: frame.contentWidth * 0.6, overflow: .ellipsize)
        return (1...pageCount).map { page in
            let number = typesetter.box("Page \(page) of \(pageCount)", font: font, gray: 0.4, width: nil)
            return Row(
                fragments: [
                    Fragment(box: name, line: 0, x: frame.left),
                    Fragment(box: number, line: 0, x: frame.right - number.width),
                ],
                rules: [Rule(fromX: frame.left, toX: frame.right, y: -4, thickness: 0.4, gray: 0.7)])
        }
    }
}

extension PDFRenderer: PDFDrawing {
    public func render(
        _ playlist: Playlist, style: PDFStyle, paper: PDFPaper, date: Date, notation: KeyNotation, timeZone: TimeZone, capo: Int?,
        reader: PDFReader, unshown: ([UnshownText]) -> Void
    ) throws(PDFError) -> Data {
        try Self.render(
            playlist, style: style, paper: paper, date: date, notation: notation, timeZone: timeZone, capo: capo, reader: reader,
            unshown: unshown)
    }
}
