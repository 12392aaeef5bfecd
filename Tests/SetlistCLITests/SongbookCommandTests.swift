import CLITestSupport
import Foundation
import SetlistModel
import SetlistStore
import TestLevels
import Testing

@testable import SetlistSupport

/// `setlist pdf --songbook` run as a user would: its file name, charts in the copy's key, the
/// same bytes for the same SOURCE_DATE_EPOCH, and its clash with the other versions.
@Suite(.tags(.externalTools), .needs("pdfinfo", "pdftotext", "qpdf")) struct SongbookCommandTests {
    /// The PDF tests' concert, "Stairway to Heaven" (in D major) given a chart written in C.
    static func library() throws -> TemporaryLibrary {
        let library = try PDFTests.concert()
        let set = try library.run(
            ["chart", "Stairway to Heaven", "--in", "Můj koncert", "--set", "-"], stdin: Data("{key: C}\n[C]There's a [G]lady\n".utf8))
        #expect(set.status == 0, "\(set.stderr)")
        return library
    }

    @Test func writesTheSongbookWithChartsInTheCopysKey() throws {
        let library = try Self.library()
        let said = try library.ok("pdf", "--songbook")
        #expect(said.contains("Wrote Můj koncert-songbook.pdf") && said.contains("songbook version"))
        let url = library.folder.appendingPathComponent("Můj koncert-songbook.pdf")
        let text = try ChildProcess.run("/usr/bin/pdftotext", ["-layout", url.path, "-"]).outputText
        // Written in C, the copy is in D: C becomes D, G becomes A.
        let lines = text.split(separator: "\n")
        let chords = try #require(lines.firstIndex { $0.contains("D") && $0.contains("A") && !$0.contains("Key") })
        #expect(lines[chords + 1].contains("There's a lady"), "\(text)")
        #expect(text.contains("Contents") && text.contains("(no chart)") && text.contains("written in C major"))
    }

    @Test func sourceDateEpochGivesIdenticalBytes() throws {
        let library = try Self.library()
        let environment = ["SOURCE_DATE_EPOCH": "1266262200"]
        let first = try library.run(["pdf", "--songbook", "-o", "-"], environment: environment)
        Thread.sleep(forTimeInterval: 1.1)
        let second = try library.run(["pdf", "--songbook", "-o", "-"], environment: environment)
        #expect(first.status == 0 && second.status == 0)
        #expect(first.stdoutData == second.stdoutData)
        #expect(String(decoding: first.stdoutData, as: UTF8.self).contains("20100215193000Z"))
    }

    @Test func theSongbookIsOneVersionAmongTheOthers() throws {
        let library = try Self.library()
        let result = try library.run("pdf", "--songbook", "--stage")
        #expect(result.status == 64)
        #expect(result.stderr.contains("Choose one of --short, --stage and --songbook"), "\(result.stderr)")
    }

    /// `--for` prints the contact's part, their name under the title, the part in the file's name;
    /// `--part` prints any part; either clashes with `--capo`.
    @Test func aMembersPartIsPrintedForThem() throws {
        let library = try Self.library()
        try library.ok("add-contact", "Jana Saxofon", "jana@example.com", "--part", "Eb", "--instrument", "alto sax")
        let said = try library.ok("pdf", "--songbook", "--for", "jana")
        #expect(said.contains("Wrote Můj koncert-songbook-Eb.pdf (songbook version of 'Můj koncert', E♭ part,"), "\(said)")
        let url = library.folder.appendingPathComponent("Můj koncert-songbook-Eb.pdf")
        let text = try ChildProcess.run("/usr/bin/pdftotext", [url.path, "-"]).outputText
        // Stairway sounds in D: an alto sax reads B major.
        #expect(text.contains("E♭ part · Jana Saxofon (alto sax)"), "\(text)")
        #expect(text.contains("E♭ part · written in B major · sounds D major"), "\(text)")
        _ = try ChildProcess.run("/usr/bin/qpdf", ["--check", url.path])
        #expect(try library.ok("pdf", "--part", "numbers", "--songbook").contains("Můj koncert-songbook-numbers.pdf"))
        #expect(try library.ok("pdf", "--part", "Bb", "--stage").contains("Můj koncert-stage-Bb.pdf"))
        let clash = try library.run("pdf", "--songbook", "--capo", "2", "--part", "Eb")
        #expect(clash.status == 64 && clash.stderr.contains("Choose one of --capo, --part and --for"))
        #expect(try library.run("pdf", "--songbook", "--for", "nobody").status == 1)
    }

    @Test func aCapoShowsShapesAndIsCheckedAsAFret() throws {
        let library = try Self.library()
        let result = try library.run("pdf", "--songbook", "--capo", "2", "-o", "capo.pdf")
        #expect(result.status == 0, "\(result.stderr)")
        let text = try ChildProcess.run("/usr/bin/pdftotext", [library.folder.appendingPathComponent("capo.pdf").path, "-"]).outputText
        // Sounding in D with a capo on 2: C shapes, as the chart is written.
        #expect(text.contains("Capo 2: C major shapes"), "\(text)")
        // --capo 0: as they sound, no capo named.
        try library.ok("pdf", "--songbook", "--capo", "0", "-o", "none.pdf")
        let none = try ChildProcess.run("/usr/bin/pdftotext", [library.folder.appendingPathComponent("none.pdf").path, "-"]).outputText
        #expect(!none.contains("Capo"))
        for arguments in [["pdf", "--songbook", "--capo", "12"], ["pdf", "--songbook", "--capo", "-1"], ["pdf", "--capo", "2"]] {
            let bad = try library.run(arguments)
            #expect(bad.status == 64, "\(arguments)")
            #expect(bad.stderr.contains("capo"), "\(bad.stderr)")
        }
    }
}
