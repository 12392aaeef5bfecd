import CLITestSupport
import Foundation
import SetlistModel
import SetlistStore
import TestLevels
import Testing

@testable import SetlistSupport

/// `setlist pdf` run as a user would: file names, options, standard output, errors.
@Suite(.tags(.externalTools), .needs("pdfinfo", "pdftotext", "qpdf")) struct PDFTests {
    /// A library with the playlist "Můj koncert" of two songs and a break.
    static func concert() throws -> TemporaryLibrary {
        try TemporaryLibrary.fixture("PDFTests.concert") { library in
            try library.ok(
                "add-song", "Highway to Hell", "--author", "AC/DC", "--length", "2:20", "--bpm", "250", "--key", "C minor",
                "--notes", "Příliš žluťoučký kůň úpěl ďábelské ódy.")
            try library.ok("add-song", "Stairway to Heaven", "--author", "Led Zeppelin", "--length", "1:30", "--key", "D major")
            try library.ok("new", "Můj koncert", "Highway to Hell", "Stairway to Heaven")
            try library.ok("break", "--after", "1", "--label", "Encore")
        }
    }

    func pdfText(_ url: URL) throws -> String {
        let result = try ChildProcess.run("/usr/bin/pdftotext", [url.path, "-"])
        #expect(result.succeeded, "pdftotext could not read \(url.lastPathComponent): \(result.errorText)")
        // Words joined by single spaces, so a title wrapped over two lines still reads as one.
        return result.outputText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func writesTheThreeVersionsUnderTheirDefaultNames() throws {
        let library = try Self.concert()
        let long = try library.ok("pdf")
        #expect(long.contains("Wrote Můj koncert.pdf"))
        try library.ok("pdf", "--short")
        try library.ok("pdf", "Můj koncert", "--stage")
        for name in ["Můj koncert.pdf", "Můj koncert-short.pdf", "Můj koncert-stage.pdf"] {
            let url = library.folder.appendingPathComponent(name)
            let text = try pdfText(url)
            #expect(text.contains("Highway to Hell") && text.contains("Stairway to Heaven"), "\(name): \(text)")
            #expect(text.contains("Encore") || text.contains("ENCORE"))
        }
        let longText = try pdfText(library.folder.appendingPathComponent("Můj koncert.pdf"))
        #expect(longText.contains("Příliš žluťoučký kůň úpěl ďábelské ódy."))
        #expect(longText.contains("250 BPM") && longText.contains("Page 1 of 1"))
    }

    @Test func outputOptionTakesAFileAFolderOrStandardOutput() throws {
        let library = try Self.concert()
        try library.ok("pdf", "-o", "set.pdf", "--paper", "letter")
        #expect(FileManager.default.fileExists(atPath: library.folder.appendingPathComponent("set.pdf").path))
        try FileManager.default.createDirectory(at: library.folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        try library.ok("pdf", "--short", "-o", "out")
        #expect(FileManager.default.fileExists(atPath: library.folder.appendingPathComponent("out/Můj koncert-short.pdf").path))

        let piped = try library.run("pdf", "--stage", "-o", "-")
        #expect(piped.status == 0)
        #expect(piped.stdoutData.starts(with: Data("%PDF-".utf8)))
        #expect(String(decoding: piped.stdoutData.suffix(8), as: UTF8.self).contains("%%EOF"))
    }

    @Test func sourceDateEpochGivesIdenticalBytes() throws {
        let library = try Self.concert()
        let environment = ["SOURCE_DATE_EPOCH": "1266262200"]
        let first = try library.run(["pdf", "-o", "-"], environment: environment)
        Thread.sleep(forTimeInterval: 1.1)
        let second = try library.run(["pdf", "-o", "-"], environment: environment)
        #expect(first.status == 0 && second.status == 0)
        #expect(first.stdoutData == second.stdoutData)
        #expect(String(decoding: first.stdoutData, as: UTF8.self).contains("20100215193000Z"))
    }

    @Test func anUnwritablePathFailsClearlyAndLeavesNoFile() throws {
        let library = try Self.concert()
        let result = try library.run("pdf", "-o", "missing/folder/x.pdf")
        #expect(result.status == 1)
        #expect(result.stderr.contains("Cannot write the PDF") && result.stderr.contains("does not exist"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: library.folder.appendingPathComponent("missing").path))
        let contents = try FileManager.default.contentsOfDirectory(atPath: library.folder.path)
        #expect(!contents.contains { $0.hasSuffix(".pdf") || $0.contains(".tmp-") })
    }

    @Test func usageErrorsExitWith64() throws {
        let library = try Self.concert()
        let both = try library.run("pdf", "--short", "--stage")
        #expect(both.status == 64)
        #expect(both.stderr.contains("--short"))
        let paper = try library.run("pdf", "--paper", "a5")
        #expect(paper.status == 64)
        #expect(paper.stderr.contains("a4") && paper.stderr.contains("letter"))
    }

    @Test func anUnknownPlaylistFails() throws {
        let library = try Self.concert()
        let result = try library.run("pdf", "Nonexistent")
        #expect(result.status == 1)
        #expect(!result.stderr.isEmpty)
    }

    @Test func anEmptyPlaylistStillPrints() throws {
        let library = try TemporaryLibrary()
        try library.ok("new", "Nový koncert")
        try library.ok("pdf")
        #expect(try pdfText(library.folder.appendingPathComponent("Nový koncert.pdf")).contains("no songs yet"))
    }

    /// A letter no installed font has prints as a box; the user is told which song, on standard
    /// error, and the PDF is still written (for pdf and share alike).
    @Test func aLetterNoFontHasIsAWarningNamingTheSong() throws {
        let library = try TemporaryLibrary()
        try library.ok("add-song", "Highway to Hell")
        try library.ok("add-song", "古\u{30000}歌")
        try library.ok("new", "Koncert", "Highway to Hell", "古\u{30000}歌")
        for arguments in [["pdf", "-o", "k.pdf"], ["share", "--to", "a@example.com", "--from", "b@example.com", "--eml", "k.eml"]] {
            let result = try library.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stderr.hasPrefix("setlist: warning: no installed font has some letters of song 2 '古\u{30000}歌'"), "\(result.stderr)")
        }
        #expect(try library.run("pdf", "Koncert", "-o", "-").stderr.isEmpty == false)
        try library.ok("remove", "2")
        #expect(try library.run("pdf", "-o", "k.pdf").stderr.isEmpty)
    }
}
