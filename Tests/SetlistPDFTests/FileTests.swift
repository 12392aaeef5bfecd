import Foundation
import SetlistModel
import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo

/// File names and atomic writes.
@Suite struct FileTests {
    static func named(_ name: String) -> Playlist { Playlist(name: name) }

    @Test func defaultNamesFollowTheStyle() {
        let concert = Self.named("Concert")
        #expect(PDFFile.defaultName(for: concert, style: .long) == "Concert.pdf")
        #expect(PDFFile.defaultName(for: concert, style: .short) == "Concert-short.pdf")
        #expect(PDFFile.defaultName(for: concert, style: .stage) == "Concert-stage.pdf")
        #expect(PDFFile.defaultName(for: Self.named("Koncert v Praze 15.2.2010"), style: .long) == "Koncert v Praze 15.2.2010.pdf")
    }

    @Test(arguments: [
        "../../etc/passwd", "a/b\\c:d*e?f\"g<h>i|j", "..", ".hidden", "   ", "line\nbreak\u{0}nul",
        String(repeating: "Žluťoučký kůň ", count: 40), "🎸🎸🎸", "-rf",
    ])
    func defaultNamesAreSafeForAnyName(name: String) {
        for style in PDFStyle.allCases {
            let file = PDFFile.defaultName(for: Self.named(name), style: style)
            #expect(!file.contains("/") && !file.contains("\\") && !file.contains("\0") && !file.contains("\n"))
            #expect(!file.hasPrefix(".") && !file.hasPrefix("-"))
            #expect(file.hasSuffix(".pdf"))
            #expect(file.utf8.count <= 255)
            #expect(file.count > 4)
        }
    }

    @Test func writeReplacesTheFileAndLeavesNoTemporaryFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-pdf-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Concert.pdf")
        try Data("old".utf8).write(to: url)
        let data = try PDFRenderer.render(Fixtures.concert, style: .short, paper: .a4, date: Fixtures.date)
        try PDFFile.write(data, to: url)
        #expect(try Data(contentsOf: url) == data)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Concert.pdf"])
    }

    @Test func anUnwritablePathIsAClearErrorAndLeavesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-pdf-missing-\(UUID().uuidString)")
        let url = folder.appendingPathComponent("Concert.pdf")
        #expect {
            try PDFFile.write(Data("%PDF-".utf8), to: url)
        } throws: { error in
            guard case .cannotWrite(let path, let detail) = error as? PDFError else { return false }
            return path == url.path && detail.contains("does not exist")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// `-o Concert.pdf/x.pdf` where Concert.pdf is a file: the error says so, not that a folder is missing.
    @Test func aFileInTheWayOfTheFolderIsNamedAsAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-pdf-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Concert.pdf")
        try Data("old".utf8).write(to: file)
        #expect {
            try PDFFile.write(Data("%PDF-".utf8), to: file.appendingPathComponent("x.pdf"))
        } throws: { error in
            guard case .cannotWrite(_, let detail) = error as? PDFError else { return false }
            return detail.contains("is a file, not a folder") && !detail.contains("does not exist")
        }
        #expect(try Data(contentsOf: file) == Data("old".utf8))
    }

    @Test func aFolderIsNotOverwritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-pdf-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect {
            try PDFFile.write(Data("%PDF-".utf8), to: folder)
        } throws: { error in
            (error as? PDFError)?.description.contains("is a folder") == true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// /proc takes no new files, even from root.
    @Test func aFolderThatRefusesFilesIsAClearError() throws {
        let url = URL(fileURLWithPath: "/proc/setlist-test-\(getpid()).pdf")
        #expect {
            try PDFFile.write(Data("%PDF-".utf8), to: url)
        } throws: { error in
            guard let text = (error as? PDFError)?.description else { return false }
            // One message, naming the file once, with one full stop between its sentences.
            return text.hasPrefix("Cannot write the PDF to \(url.path): ") && text.components(separatedBy: url.path).count == 2
                && !text.contains("..") && text.hasSuffix(" Nothing was written.")
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
