import CLITestSupport
import Foundation
import SetlistCore
import Testing

/// `setlist` does not link Cairo and Pango: `pdf` and `share` run in setlist-draw, which it execs
/// with the same arguments, streams and environment (DrawingProgramTests check the choice).
@Suite struct DrawingHandOverTests {
    func linkedLibraries(_ program: URL) throws -> String {
        try ChildProcess.run("/usr/bin/ldd", [program.path], input: nil).outputText
    }

    @Test func onlySetlistDrawLinksTheDrawingLibraries() throws {
        let setlist = try SetlistBinary.url()
        let draw = setlist.deletingLastPathComponent().appendingPathComponent("setlist-draw")
        #expect(!(try linkedLibraries(setlist)).contains("libcairo"))
        #expect(!(try linkedLibraries(setlist)).contains("libpango"))
        #expect(try linkedLibraries(draw).contains("libpangocairo"))
    }

    @Test func theHandOverKeepsOutputErrorsAndExitStatus() throws {
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
        // The history records the command as typed: `setlist pdf` changes nothing, `share --eml` neither.
        let before = try lib.snapshot()
        #expect(try lib.runBinary("share", "--eml", "m.eml", "--from", "a@example.com", "--to", "b@example.com").status == 0)
        #expect(try lib.snapshot() == before)
        #expect(FileManager.default.fileExists(atPath: lib.folder.appendingPathComponent("m.eml").path))
    }

    @Test func withoutSetlistDrawPDFsFailClearlyAndTheRestWorks() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Highway to Hell")
        try lib.ok("new", "Koncert", "Highway to Hell")
        let alone = lib.folder.appendingPathComponent("bin/setlist")
        try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        let built = try SetlistBinary.url()
        if (try? FileManager.default.linkItem(at: built, to: alone)) == nil { try FileManager.default.copyItem(at: built, to: alone) }
        let result = try ChildProcess.run(alone.path, ["pdf"], input: nil, environment: lib.environment(), folder: lib.folder)
        #expect(result.status == 1)
        #expect(result.errorText.hasPrefix("setlist: error: Cannot make PDFs: setlist-draw"))
        #expect(result.errorText.contains(lib.folder.appendingPathComponent("bin/setlist-draw").path))
        #expect(result.errorText.contains(lib.folder.appendingPathComponent("libexec/setlist/setlist-draw").path))
        #expect(!FileManager.default.fileExists(atPath: lib.folder.appendingPathComponent("Koncert.pdf").path))
        let songs = try ChildProcess.run(alone.path, ["songs"], input: nil, environment: lib.environment(), folder: lib.folder)
        #expect(songs.status == 0)
        #expect(songs.outputText.contains("Highway to Hell"))
    }
}
