import CCairoPango
import Foundation
import SetlistCore

/// Renders setlists to PDF: Cairo draws, Pango lays out every piece of text, fonts come through
/// fontconfig and are embedded.
public struct PDFRenderer {
    /// The creator written in the PDF's metadata.
    public static let creator = SetlistVersion.generator

    /// Renders the playlist; `date` is the creation date written in the metadata, `notation` how
    /// keys are printed, `timeZone` the reader's, where a plan's times are shown (``PlanClock``,
    /// an undated start taken at `date`).
    ///
    /// The same playlist, style, paper, date, notation and zone always give byte-identical PDFs.
    /// `unshown` is told, once, where the playlist has letters that no installed font has (they
    /// print as boxes), so the user can be warned; it is not called when every letter shows.
    public static func render(
        _ playlist: Playlist, style: PDFStyle, paper: PDFPaper, date: Date,
        notation: KeyNotation = .english, timeZone: TimeZone = .current,
        unshown: ([UnshownText]) -> Void = { _ in }
    ) throws(PDFError) -> Data {
        let clock = playlist.plan.map { PlanClock(plan: $0, zone: timeZone, reference: date) }
        return try Typesetter.withTypesetter { (typesetter) throws(PDFError) -> Data in
            let frame = PageFrame(paper: paper)
            let document =
                switch style {
                case .long: LongLayout(playlist: playlist, frame: frame, typesetter: typesetter, notation: notation, clock: clock).build()
                case .short: ShortLayout(playlist: playlist, frame: frame, typesetter: typesetter, clock: clock).build()
                case .stage: StageLayout(playlist: playlist, frame: frame, typesetter: typesetter, notation: notation).build()
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

    /// The default file name: "Concert.pdf", "Concert-short.pdf", "Concert-stage.pdf", made safe
    /// for any name by ``FileName/forPlaylist(_:suffix:extension:)``.
    public static func defaultFileName(for playlist: Playlist, style: PDFStyle) -> String {
        FileName.forPlaylist(playlist.name, suffix: style.fileSuffix, extension: "pdf")
    }

    /// Writes a rendered PDF atomically: the file is either complete or not there (nor changed).
    public static func write(_ data: Data, to url: URL) throws(PDFError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .cannotWrite(
                path: url.path, detail: "that is a folder. Give a file name such as \(url.appendingPathComponent("Concert.pdf").path).")
        }
        do {
            try AtomicFile.write(data, to: url)
        } catch {
            throw .cannotWrite(path: url.path, detail: writeFailureDetail(error, folder: url.deletingLastPathComponent().path))
        }
    }

    private static func writeFailureDetail(_ error: AtomicFileError, folder: String) -> String {
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            return "the folder \(folder) does not exist. Create it first or choose another path with -o."
        }
        if !isFolder.boolValue {
            return "\(folder) is a file, not a folder. Choose another path with -o."
        }
        if !FileManager.default.isWritableFile(atPath: folder) {
            return "you may not write to the folder \(folder). Choose another path with -o."
        }
        // The reason and advice only: the message already names the file.
        return error.detail + " Nothing was written."
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
