import CCairoPango
import Foundation
import TestLevels
import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo

/// The first page of each layout of the sample concert, compared with a reviewed picture.
///
/// Pictures are compared with a tolerance, so a different anti-aliasing does not fail the test
/// but a moved line does. After a deliberate layout change, look at the new pictures and
/// regenerate them: `SETLIST_UPDATE_GOLDEN=1 swift test --filter GoldenTests`.
@Suite(.tags(.externalTools), .needs("pdfinfo", "pdftotext", "qpdf", "pdftoppm")) struct GoldenTests {
    static let resolution = 50

    @Test(arguments: PDFStyle.allCases)
    func firstPageLooksAsReviewed(style: PDFStyle) throws {
        let pdf = try RenderedPDF(Fixtures.concert, style: style)
        defer { pdf.remove() }
        let rendered = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-golden-\(UUID().uuidString)")
        _ = try pdf.run(
            "pdftoppm",
            [
                "-png", "-gray", "-r", "\(Self.resolution)", "-f", "1", "-l", "1", "-singlefile",
                pdf.url.path, rendered.path,
            ], pathLast: false)
        let actual = rendered.appendingPathExtension("png")
        defer { try? FileManager.default.removeItem(at: actual) }

        if ProcessInfo.processInfo.environment["SETLIST_UPDATE_GOLDEN"] == "1" {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(style).png")
            try? FileManager.default.removeItem(at: source)
            try FileManager.default.copyItem(at: actual, to: source)
        }
        let golden = try #require(Bundle.module.resourceURL?.appendingPathComponent("Golden/\(style).png"))
        let expected = try GrayImage(contentsOf: golden)
        let image = try GrayImage(contentsOf: actual)
        #expect(image.width == expected.width && image.height == expected.height)
        let differing = image.countDiffering(from: expected, threshold: 40)
        #expect(
            Double(differing) <= Double(image.width * image.height) * 0.0005,
            "\(differing) pixels differ from Golden/\(style).png; look at the page and regenerate if the change is meant")
    }
}

/// A PNG read with cairo, as grey levels.
struct GrayImage {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    let width: Int
    let height: Int
    let pixels: [UInt8]

    init(contentsOf url: URL) throws {
        guard let surface = cairo_image_surface_create_from_png(url.path) else { throw Unreadable(description: url.path) }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            throw Unreadable(description: "\(url.path) is not a readable PNG")
        }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                if format == CAIRO_FORMAT_A8 {
                    pixels.append(data[y * stride + x])
                } else {
                    // ARGB32 / RGB24 in native order: the low byte is blue; the picture is grey.
                    pixels.append(data[y * stride + x * 4])
                }
            }
        }
        self.pixels = pixels
    }

    /// How many pixels differ by more than `threshold` grey levels (all, when the sizes differ).
    func countDiffering(from other: GrayImage, threshold: Int) -> Int {
        guard width == other.width, height == other.height else { return width * height }
        return zip(pixels, other.pixels).filter { abs(Int($0) - Int($1)) > threshold }.count
    }
}
