import CLITestSupport
import Foundation
import SetlistModel
import TestLevels
import Testing

/// `pdf` and `share` load Cairo and Pango when they draw (CDrawingLibraries). That the other
/// commands do not, and what a broken installation of Pango gives, is checked on the installed
/// program by Scripts/test-install: these tests run that program under Scripts/test, but by hand
/// they may run the one SwiftPM built beside them, which still links the libraries
/// (Scripts/release-build drops them from a release).
@Suite(.tags(.endToEnd)) struct DrawingLibrariesTests {
    @Test func drawingCommandsKeepOutputErrorsAndExitStatus() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Highway to Hell")
        try lib.ok("new", "Koncert", "Highway to Hell")
        let pdf = try lib.runBinary(["--library", lib.root.path, "pdf", "-o", "-"], environment: ["SOURCE_DATE_EPOCH": "1777660200"])
        #expect(pdf.status == 0, "\(pdf.stderr)")
        #expect(pdf.stdoutData.starts(with: Data("%PDF-".utf8)))
        let missing = try lib.runBinary("pdf", "Nothing")
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("setlist: error: "))
        #expect(missing.stderr.contains("'Nothing'"))
        let usage = try lib.runBinary("pdf", "--paper", "a5")
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("a5"))
        // `setlist pdf` changes nothing; `share --eml` notes what was sent the first time only (the
        // base of the members' replies), and changes nothing after.
        #expect(try lib.runBinary("share", "--eml", "m.eml", "--from", "a@example.com", "--to", "b@example.com").status == 0)
        #expect(FileManager.default.fileExists(atPath: lib.folder.appendingPathComponent("m.eml").path))
        let before = try lib.snapshot()
        #expect(try lib.runBinary("share", "--eml", "n.eml", "--from", "a@example.com", "--to", "b@example.com").status == 0)
        #expect(try lib.snapshot() == before)
    }
}
