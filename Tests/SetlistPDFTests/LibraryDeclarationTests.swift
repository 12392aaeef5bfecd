import CCairoPango
import Foundation
import SetlistCore
import Testing

/// CCairoPango declares the part of Cairo and Pango setlist uses and loads the libraries when a
/// PDF is drawn. Its declarations must be the libraries' own: a C program built against the
/// installed headers takes every function as a pointer of the declared type (an error if one
/// differs) and prints the values and layouts, which must be the ones Swift sees.
@Suite struct LibraryDeclarationTests {
    static let include = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/CCairoPango/include")

    static let probe = """
        #include <cairo-pdf.h>
        #include <pango/pangocairo.h>
        #include <stddef.h>
        #include <stdio.h>
        #define F(type, name, parameters, arguments) static type(*const check_##name) parameters __attribute__((unused)) = name;
        #define V(name, parameters, arguments) F(void, name, parameters, arguments)
        #include "CCairoPangoFunctions.h"
        int main(void) {
            printf("%d %d %d %d %d %d %d %d %d\\n", CAIRO_STATUS_SUCCESS, CAIRO_STATUS_WRITE_ERROR, CAIRO_HINT_STYLE_NONE,
                   CAIRO_HINT_METRICS_OFF, CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24, CAIRO_FORMAT_A8, CAIRO_PDF_OUTLINE_ROOT,
                   CAIRO_PDF_OUTLINE_FLAG_BOLD);
            printf("%d %d %d %d %d\\n", CAIRO_PDF_METADATA_TITLE, CAIRO_PDF_METADATA_SUBJECT, CAIRO_PDF_METADATA_CREATOR,
                   CAIRO_PDF_METADATA_CREATE_DATE, CAIRO_PDF_METADATA_MOD_DATE);
            printf("%d %d %d %d %d %d %d %d\\n", PANGO_SCALE, PANGO_WRAP_WORD_CHAR, PANGO_ELLIPSIZE_END, PANGO_WEIGHT_NORMAL,
                   PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL, PANGO_STYLE_ITALIC, PANGO_DIRECTION_LTR);
            printf("%zu %zu %zu %zu %zu %zu\\n", sizeof(PangoRectangle), sizeof(PangoAttribute), offsetof(PangoAttribute, start_index),
                   offsetof(PangoAttribute, end_index), sizeof(PangoLayoutLine), sizeof(GSList));
            return 0;
        }
        """

    /// What Swift sees of CCairoPango, in the probe's order.
    static var declared: String {
        """
        \(CAIRO_STATUS_SUCCESS.rawValue) \(CAIRO_STATUS_WRITE_ERROR.rawValue) \(CAIRO_HINT_STYLE_NONE.rawValue) \
        \(CAIRO_HINT_METRICS_OFF.rawValue) \(CAIRO_FORMAT_ARGB32.rawValue) \(CAIRO_FORMAT_RGB24.rawValue) \(CAIRO_FORMAT_A8.rawValue) \
        \(CAIRO_PDF_OUTLINE_ROOT) \(CAIRO_PDF_OUTLINE_FLAG_BOLD.rawValue)
        \(CAIRO_PDF_METADATA_TITLE.rawValue) \(CAIRO_PDF_METADATA_SUBJECT.rawValue) \(CAIRO_PDF_METADATA_CREATOR.rawValue) \
        \(CAIRO_PDF_METADATA_CREATE_DATE.rawValue) \(CAIRO_PDF_METADATA_MOD_DATE.rawValue)
        \(PANGO_SCALE) \(PANGO_WRAP_WORD_CHAR.rawValue) \(PANGO_ELLIPSIZE_END.rawValue) \(PANGO_WEIGHT_NORMAL.rawValue) \
        \(PANGO_WEIGHT_BOLD.rawValue) \(PANGO_STYLE_NORMAL.rawValue) \(PANGO_STYLE_ITALIC.rawValue) \(PANGO_DIRECTION_LTR.rawValue)
        \(MemoryLayout<PangoRectangle>.size) \(MemoryLayout<PangoAttribute>.size) \
        \(MemoryLayout<PangoAttribute>.offset(of: \.start_index)!) \(MemoryLayout<PangoAttribute>.offset(of: \.end_index)!) \
        \(MemoryLayout<PangoLayoutLine>.size) \(MemoryLayout<GSList>.size)

        """
    }

    @Test func declarationsAreTheInstalledLibrariesOwn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-cairo-pango-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("probe.c"), program = folder.appendingPathComponent("probe")
        try Self.probe.write(to: source, atomically: true, encoding: .utf8)
        let flags = try ChildProcess.run("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "pangocairo"])
        try #require(flags.succeeded, "pkg-config pangocairo (Scripts/install-deps installs it): \(flags.errorText)")
        let build = try ChildProcess.run(
            "/usr/bin/env",
            ["cc", "-Werror", "-Wincompatible-pointer-types", "-I", Self.include.path, source.path, "-o", program.path]
                + flags.outputText.split(whereSeparator: \.isWhitespace).map(String.init))
        try #require(build.succeeded, "a declaration differs from the installed headers:\n\(build.errorText)")
        let run = try ChildProcess.run(program.path)
        #expect(run.outputText == Self.declared)
    }

    @Test func theLibrariesLoadAndEveryFunctionIsFound() {
        #expect(setlist_cairo_pango_load() == nil)
    }
}
