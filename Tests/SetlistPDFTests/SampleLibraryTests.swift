import Foundation
import SetlistModel
import SetlistStore
import TestLevels
import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo

/// Every playlist of the sample library (Samples/library) in every layout and paper.
@Suite(.tags(.externalTools), .needs("pdfinfo", "pdftotext", "qpdf")) struct SampleLibraryTests {
    /// The sample library, loaded from a copy so that reading it leaves the repository untouched.
    static func sampleLibrary() throws -> Library {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Samples/library").standardizedFileURL
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-samples-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: samples, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        return try LibraryStore(root: copy).load()
    }

    @Test(arguments: PDFStyle.allCases, PDFPaper.allCases)
    func everySamplePlaylistRendersWithEverySong(style: PDFStyle, paper: PDFPaper) throws {
        let library = try Self.sampleLibrary()
        #expect(library.playlists.count >= 2)
        for playlist in library.playlists {
            let pdf = try RenderedPDF(playlist, style: style, paper: paper)
            defer { pdf.remove() }
            _ = try pdf.run("qpdf", ["--check"])
            let text = try pdf.text().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for copy in playlist.copies {
                let name = copy.name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(text.contains(name), "\(playlist.name) (\(style), \(paper)) lacks '\(name)'")
            }
            // The short and stage versions fit a page; the long one and the songbook run on.
            if style == .short || style == .stage {
                #expect(try pdf.pageCount == 1, "\(playlist.name) (\(style)) takes more than one page")
            }
        }
    }
}
