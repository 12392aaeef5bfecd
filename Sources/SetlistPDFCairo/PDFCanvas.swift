import CDrawingLibraries
import Foundation
import SetlistModel
import SetlistPDF

/// The document information written into the PDF.
struct PDFMetadata {
    var title: String
    var subject: String
    var creator: String
    var date: Date

    /// The date as cairo wants it: ISO 8601 in UTC, "2010-02-15T19:30:00Z".
    var isoDate: String { DateText.iso8601(date) }
}

/// The printable area of a page, in points from the top left corner.
struct PageFrame {
    let width: Double
    let height: Double
    let margin: Double
    /// Height reserved at the bottom for the footer.
    let footerHeight: Double = 22

    init(paper: PDFPaper, margin: Double = 50) {
        (width, height) = paper.size
        self.margin = margin
    }

    var left: Double { margin }
    var right: Double { width - margin }
    var contentWidth: Double { right - left }
    var top: Double { margin }
    /// Where the content ends and the footer's zone starts.
    var bottom: Double { height - margin - footerHeight }
    var footerTop: Double { bottom + footerHeight - 8 }
}

/// Collects the bytes cairo writes.
private final class ByteSink {
    var data = Data()
}

/// Draws paginated rows into a PDF held in memory.
enum PDFCanvas {
    /// Draws `pages` of `document` and returns the finished PDF.
    static func draw(
        _ document: FlowDocument, pages: [[PlacedRow]], frame: PageFrame, footers: [Row?],
        metadata: PDFMetadata
    ) throws(PDFError) -> Data {
        let sink = ByteSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let write: cairo_write_func_t = { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        guard let surface = cairoPango.pointee.cairo_pdf_surface_create_for_stream(write, closure, frame.width, frame.height) else {
            throw .cairo(detail: "cannot create a PDF surface")
        }
        defer { cairoPango.pointee.cairo_surface_destroy(surface) }
        try check(cairoPango.pointee.cairo_surface_status(surface))
        setMetadata(metadata, on: surface)
        addOutline(document, pages: pages, on: surface)

        let cr = cairoPango.pointee.cairo_create(surface)!
        for (index, page) in pages.enumerated() {
            for placed in page {
                draw(document.row(for: placed), top: placed.y, on: cr)
            }
            if index < footers.count, let footer = footers[index] {
                draw(footer, top: frame.footerTop, on: cr)
            }
            cairoPango.pointee.cairo_show_page(cr)
        }
        let drawingStatus = cairoPango.pointee.cairo_status(cr)
        cairoPango.pointee.cairo_destroy(cr)
        try check(drawingStatus)
        cairoPango.pointee.cairo_surface_finish(surface)
        try check(cairoPango.pointee.cairo_surface_status(surface))
        withExtendedLifetime(sink) {}
        return sink.data
    }

    private static func draw(_ row: Row, top: Double, on cr: OpaquePointer) {
        let baseline = top + row.ascent
        for shade in row.shades {
            cairoPango.pointee.cairo_save(cr)
            cairoPango.pointee.cairo_set_source_rgb(cr, shade.gray, shade.gray, shade.gray)
            cairoPango.pointee.cairo_rectangle(cr, shade.x, top + shade.y, shade.width, shade.height)
            cairoPango.pointee.cairo_fill(cr)
            cairoPango.pointee.cairo_restore(cr)
        }
        for fragment in row.fragments {
            let line = fragment.box.lines[fragment.line]
            cairoPango.pointee.cairo_move_to(cr, fragment.x + line.x, fragment.y.map { top + $0 } ?? baseline)
            cairoPango.pointee.pango_cairo_show_layout_line(cr, fragment.box.linePointers[fragment.line])
        }
        for rule in row.rules {
            cairoPango.pointee.cairo_save(cr)
            cairoPango.pointee.cairo_set_source_rgb(cr, rule.gray, rule.gray, rule.gray)
            cairoPango.pointee.cairo_set_line_width(cr, rule.thickness)
            cairoPango.pointee.cairo_move_to(cr, rule.fromX, top + rule.y)
            cairoPango.pointee.cairo_line_to(cr, rule.toX, top + (rule.toY ?? rule.y))
            cairoPango.pointee.cairo_stroke(cr)
            cairoPango.pointee.cairo_restore(cr)
        }
    }

    private static func setMetadata(_ metadata: PDFMetadata, on surface: OpaquePointer) {
        let date = metadata.isoDate
        let entries: [(cairo_pdf_metadata_t, String)] = [
            (CAIRO_PDF_METADATA_TITLE, Typesetter.printable(metadata.title, singleLine: true)),
            (CAIRO_PDF_METADATA_SUBJECT, metadata.subject),
            (CAIRO_PDF_METADATA_CREATOR, metadata.creator),
            (CAIRO_PDF_METADATA_CREATE_DATE, date),
            (CAIRO_PDF_METADATA_MOD_DATE, date),
        ]
        for (key, value) in entries { cairoPango.pointee.cairo_pdf_surface_set_metadata(surface, key, value) }
    }

    /// One outline entry per entry of the document, pointing at the top of its row.
    private static func addOutline(_ document: FlowDocument, pages: [[PlacedRow]], on surface: OpaquePointer) {
        guard !document.outline.isEmpty else { return }
        var destination: [Int: (page: Int, y: Double)] = [:]
        for (pageIndex, page) in pages.enumerated() {
            for placed in page where !placed.isContinuation {
                if let entry = document.rows[placed.row].outline { destination[entry] = (pageIndex + 1, placed.y) }
            }
        }
        var ids: [Int: Int32] = [:]
        for (index, entry) in document.outline.enumerated() {
            guard let target = destination[index] else { continue }
            let parent = entry.parent.flatMap { ids[$0] } ?? Int32(CAIRO_PDF_OUTLINE_ROOT)
            let attributes = "page=\(target.page) pos=[0 \(Int(max(0, target.y - 6).rounded()))]"
            let flags = entry.bold ? CAIRO_PDF_OUTLINE_FLAG_BOLD : cairo_pdf_outline_flags_t(rawValue: 0)
            ids[index] = cairoPango.pointee.cairo_pdf_surface_add_outline(
                surface, parent, Typesetter.printable(entry.title, singleLine: true),
                attributes, flags)
        }
    }

    private static func check(_ status: cairo_status_t) throws(PDFError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw .cairo(detail: cairoPango.pointee.cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)")
    }
}
