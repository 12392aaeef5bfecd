import CDrawingLibraries
import Foundation
import SetlistModel
import SetlistPDF
import SetlistSupport

/// A font for one run of text. Families come through fontconfig; a letter the first family lacks
/// falls back to another installed font rather than printing a box.
struct Font: Hashable {
    /// Preferred families, in order.
    static let families = "Noto Sans,DejaVu Sans,sans-serif"
    /// Fixed-width families, for tabs and grids whose columns must line up.
    static let monospacedFamilies = "DejaVu Sans Mono,Noto Sans Mono,monospace"

    var size: Double
    var bold = false
    var italic = false
    /// Whether the text is set in ``monospacedFamilies``; a box takes it from its first run.
    var monospaced = false
}

/// A colour, each part from 0 to 1.
struct Color: Hashable {
    var red: Double
    var green: Double
    var blue: Double
}

/// A piece of text in one font and grey level (0 black, 1 white), or in `color` when it has one.
struct Run {
    var text: String
    var font: Font
    var gray: Double = 0
    var color: Color? = nil
}

/// How a text box treats a line too long for its width.
enum Overflow {
    /// Wraps between words, or between letters inside a word too long for a line.
    case wrap
    /// One line, cut with an ellipsis at the end.
    case ellipsize
}

/// Lays out text with Pango. A Pango context and its font map may be used by one thread at a
/// time, so every use goes through ``withTypesetter(_:)``, which lends a typesetter (its own
/// context, font map and font cache) to one caller at a time and keeps it for the life of the
/// process: the words laid out for one document serve the next (a share makes each member's part
/// of the same songbook). Callers drawing at once (a share's parts) each get one of their own.
final class Typesetter {
    /// The typesetters no caller holds, and whether the first is still being prepared; both only
    /// under `lock`. (Shared mutable state guarded by the lock, hence nonisolated(unsafe).)
    nonisolated(unsafe) private static var idle: [Typesetter] = []
    nonisolated(unsafe) private static var preparing = false
    private static let lock = NSCondition()
    /// The most words kept between documents; past it the cache starts again.
    static let wordLimit = 100_000

    /// Runs `body` with a typesetter no other thread uses.
    static func withTypesetter<T>(_ body: (Typesetter) throws(PDFError) -> T) throws(PDFError) -> T {
        try DrawingLibraries.load()
        let typesetter = try take()
        defer { giveBack(typesetter) }
        // What a document saw is its own.
        typesetter.sawUnshownLetters = false
        if typesetter.words.count > wordLimit { typesetter.words = [:] }
        return try body(typesetter)
    }

    /// An idle typesetter, else a new one. While the first is being prepared (``prepareFonts()``)
    /// a caller waits for it rather than set up the fonts a second time.
    private static func take() throws(PDFError) -> Typesetter {
        lock.lock()
        defer { lock.unlock() }
        while idle.isEmpty && preparing { lock.wait() }
        if let typesetter = idle.popLast() { return typesetter }
        return try make()
    }

    private static func giveBack(_ typesetter: Typesetter?, prepared: Bool = false) {
        lock.lock()
        if let typesetter { idle.append(typesetter) }
        if prepared { preparing = false }
        lock.broadcast()
        lock.unlock()
    }

    /// A typesetter with a font map of its own.
    private static func make() throws(PDFError) -> Typesetter {
        guard let fontMap = cairoPango.pointee.pango_cairo_font_map_new() else { throw .fontsUnavailable }
        // The context keeps the font map.
        defer { cairoPango.pointee.g_object_unref(UnsafeMutableRawPointer(fontMap)) }
        guard let context = cairoPango.pointee.pango_font_map_create_context(fontMap) else { throw .fontsUnavailable }
        return Typesetter(context: context)
    }

    /// Sets up the fonts in a thread of its own while the caller goes on (see
    /// ``PDFRenderer/prepareFonts()``): the font map, fontconfig's configuration and caches, and
    /// the choice of fonts for plain and bold text, in the first typesetter, which a render asked
    /// for meanwhile waits for.
    static func prepareFonts() {
        lock.lock()
        preparing = true
        lock.unlock()
        Thread {
            var typesetter: Typesetter?
            if (try? DrawingLibraries.load()) != nil, let made = try? make() {
                made.box([Run(text: "Aa", font: Font(size: 10)), Run(text: "Aa", font: Font(size: 10, bold: true))], width: nil)
                typesetter = made
            }
            giveBack(typesetter, prepared: true)
        }.start()
    }

    private let context: OpaquePointer
    /// Whether some text laid out so far had a letter no installed font has.
    private(set) var sawUnshownLetters = false

    private init(context: OpaquePointer) {
        self.context = context
        // One layout unit is one PDF point; metrics are not hinted, so what is measured is what is drawn.
        cairoPango.pointee.pango_cairo_context_set_resolution(context, 72)
        let options = cairoPango.pointee.cairo_font_options_create()
        cairoPango.pointee.cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairoPango.pointee.cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairoPango.pointee.pango_cairo_context_set_font_options(context, options)
        cairoPango.pointee.cairo_font_options_destroy(options)
        cairoPango.pointee.pango_context_set_round_glyph_positions(context, 0)
        // Lines read left to right like the page, so every title starts beside its number; a song's
        // notes in the long PDF opt into their own paragraph direction.
        cairoPango.pointee.pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
    }

    deinit { cairoPango.pointee.g_object_unref(UnsafeMutableRawPointer(context)) }

    /// Lays out `text` in one font.
    func box(
        _ text: String, font: Font, gray: Double = 0, color: Color? = nil, width: Double?, overflow: Overflow = .wrap,
        paragraphDirection: Bool = false
    ) -> TextBox {
        box(
            [Run(text: text, font: font, gray: gray, color: color)], width: width, overflow: overflow,
            paragraphDirection: paragraphDirection)
    }

    /// A word or a chord on one line, laid out once per look and reused: a songbook sets the
    /// same words and chords over and over, and laying them out was most of its time.
    func word(_ text: String, font: Font, color: Color? = nil) -> TextBox {
        let key = WordKey(text: text, font: font, color: color)
        if let box = words[key] { return box }
        let box = self.box(text, font: font, color: color, width: nil)
        words[key] = box
        return box
    }

    private struct WordKey: Hashable {
        var text: String
        var font: Font
        var color: Color?
    }

    private var words: [WordKey: TextBox] = [:]

    /// Lays out runs of text, each in its own font and grey, as one paragraph flow.
    ///
    /// Lines start at the left like the rest of the page, with right-to-left runs reordered inside
    /// them; with `paragraphDirection`, a paragraph written right to left (notes in Arabic, say)
    /// is aligned to the right instead.
    func box(_ runs: [Run], width: Double?, overflow: Overflow = .wrap, paragraphDirection: Bool = false) -> TextBox {
        let layout = cairoPango.pointee.pango_layout_new(context)!
        let base = cairoPango.pointee.pango_font_description_new()
        let monospaced = runs.first?.font.monospaced ?? false
        cairoPango.pointee.pango_font_description_set_family(base, monospaced ? Font.monospacedFamilies : Font.families)
        cairoPango.pointee.pango_font_description_set_size(base, Self.units(runs.first?.font.size ?? 10))
        cairoPango.pointee.pango_layout_set_font_description(layout, base)
        cairoPango.pointee.pango_font_description_free(base)

        var text = ""
        let attributes = cairoPango.pointee.pango_attr_list_new()
        var start = 0
        for run in runs {
            let clean = Self.printable(run.text, singleLine: overflow == .ellipsize)
            let end = start + clean.utf8.count
            text += clean
            func level(_ part: Double) -> UInt16 { UInt16(max(0, min(1, part)) * 65535) }
            let color = run.color ?? Color(red: run.gray, green: run.gray, blue: run.gray)
            for attribute in [
                cairoPango.pointee.pango_attr_size_new(Self.units(run.font.size)),
                cairoPango.pointee.pango_attr_weight_new(run.font.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL),
                cairoPango.pointee.pango_attr_style_new(run.font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL),
                cairoPango.pointee.pango_attr_foreground_new(level(color.red), level(color.green), level(color.blue)),
            ] {
                guard let attribute else { continue }
                attribute.pointee.start_index = guint(start)
                attribute.pointee.end_index = guint(end)
                cairoPango.pointee.pango_attr_list_insert(attributes, attribute)
            }
            start = end
        }
        cairoPango.pointee.pango_layout_set_attributes(layout, attributes)
        cairoPango.pointee.pango_attr_list_unref(attributes)
        text.withCString { cairoPango.pointee.pango_layout_set_text(layout, $0, Int32(text.utf8.count)) }

        if let width {
            cairoPango.pointee.pango_layout_set_width(layout, Self.units(max(width, 1)))
            switch overflow {
            case .wrap: cairoPango.pointee.pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            case .ellipsize: cairoPango.pointee.pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            }
        }
        cairoPango.pointee.pango_layout_set_auto_dir(layout, paragraphDirection ? 1 : 0)
        let box = TextBox(layout: layout)
        if !sawUnshownLetters && box.unknownGlyphCount > 0 { sawUnshownLetters = true }
        return box
    }

    /// Points to Pango units.
    static func units(_ points: Double) -> Int32 { Int32((points * Double(PANGO_SCALE)).rounded()) }

    /// Text Pango can print: forbidden characters (``ControlCharacters``) become spaces, line and
    /// paragraph separators new lines (or spaces too, for one line); tabs stay.
    static func printable(_ text: String, singleLine: Bool) -> String {
        func replacement(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
            switch scalar.value {
            case 0x20..<0x7F, 0x09: nil
            case 0x0A where !singleLine: nil
            case 0x2028 where !singleLine, 0x2029 where !singleLine: "\n"
            case _ where ControlCharacters.isForbidden(scalar): " "
            default: nil
            }
        }
        // Most text has nothing to replace; printable ASCII needs no look at Unicode's tables.
        guard text.unicodeScalars.contains(where: { replacement($0) != nil }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(replacement(scalar) ?? scalar) }
        return String(scalars)
    }
}

/// A laid-out block of text and the measures of its lines, in points.
final class TextBox {
    /// One line: where its logical box starts (relative to the box), its height, and where its
    /// baseline lies below the line's top.
    struct Line {
        var x: Double
        var top: Double
        var height: Double
        var ascent: Double
        var descent: Double { height - ascent }
    }

    let layout: OpaquePointer
    let lines: [Line]
    /// The layout's lines in order, for drawing one at a time.
    let linePointers: [UnsafeMutablePointer<PangoLayoutLine>]
    /// The width of the widest line.
    let width: Double
    let height: Double

    init(layout: OpaquePointer) {
        self.layout = layout
        var lines: [Line] = []
        let iterator = cairoPango.pointee.pango_layout_get_iter(layout)
        repeat {
            var ink = PangoRectangle(), logical = PangoRectangle()
            cairoPango.pointee.pango_layout_iter_get_line_extents(iterator, &ink, &logical)
            let baseline = Double(cairoPango.pointee.pango_layout_iter_get_baseline(iterator)) / Double(PANGO_SCALE)
            let top = Double(logical.y) / Double(PANGO_SCALE)
            lines.append(
                Line(
                    x: Double(logical.x) / Double(PANGO_SCALE), top: top,
                    height: Double(logical.height) / Double(PANGO_SCALE), ascent: baseline - top))
        } while cairoPango.pointee.pango_layout_iter_next_line(iterator) != 0
        cairoPango.pointee.pango_layout_iter_free(iterator)
        self.lines = lines

        var pointers: [UnsafeMutablePointer<PangoLayoutLine>] = []
        var node = cairoPango.pointee.pango_layout_get_lines_readonly(layout)
        while let current = node {
            if let line = current.pointee.data { pointers.append(line.assumingMemoryBound(to: PangoLayoutLine.self)) }
            node = current.pointee.next
        }
        linePointers = pointers

        var ink = PangoRectangle(), logical = PangoRectangle()
        cairoPango.pointee.pango_layout_get_extents(layout, &ink, &logical)
        width = Double(logical.width) / Double(PANGO_SCALE)
        height = Double(logical.height) / Double(PANGO_SCALE)
    }

    deinit { cairoPango.pointee.g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Whether some letter had no glyph in any installed font.
    var unknownGlyphCount: Int { Int(cairoPango.pointee.pango_layout_get_unknown_glyphs_count(layout)) }
}
