import CLITestSupport
import Foundation
import SetlistCore
import Testing

@testable import SetlistCLI

/// `setlist` hands `pdf` and `share` to setlist-draw (the real hand-over: EndToEndTests).
@Suite struct DrawingProgramTests {
    func needed(_ words: String...) -> Bool {
        DrawingProgram.isNeeded(by: words.map { Array($0.utf8) })
    }

    @Test func onlyTheCommandsThatDrawAreHandedOver() {
        #expect(needed("pdf"))
        #expect(needed("pdf", "Koncert", "--short"))
        #expect(needed("share", "--to", "all"))
        #expect(needed("--library", "/tmp/band", "pdf"))
        #expect(needed("--library=/tmp/band", "share"))
        #expect(!needed())
        #expect(!needed("songs"))
        #expect(!needed("show", "pdf"))
        #expect(!needed("help", "pdf"))
        #expect(!needed("--library", "pdf", "songs"))
        #expect(!needed("export", "--format", "pdf"))
        #expect(!needed("PDF"))
    }

    @Test func theWrittenOutNamesAreTheCommandsThatDraw() {
        #expect(DrawingProgram.drawingCommands == [PDFCommand._commandName, ShareCommand._commandName])
    }

    @Test func aCommandLineThatIsNotUTF8IsStillRecognised() {
        // setlist-draw then refuses the argument with the usual error.
        #expect(DrawingProgram.isNeeded(by: [Array("pdf".utf8), [0x4B, 0xE9, 0x6E]]))
    }

    @Test func setlistDrawIsFoundBesideTheProgramThenInLibexec() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drawing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = root.appendingPathComponent("bin"), libexec = root.appendingPathComponent("libexec/setlist")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: libexec, withIntermediateDirectories: true)
        let program = bin.appendingPathComponent("setlist").path
        #expect(DrawingProgram.places(besides: program) == [bin.path + "/setlist-draw", libexec.path + "/setlist-draw"])
        #expect(DrawingProgram.places(besides: "/bin/setlist") == ["/bin/setlist-draw", "/libexec/setlist/setlist-draw"])
        #expect(DrawingProgram.locate(besides: program) == nil)

        func install(_ url: URL, executable: Bool) throws {
            try Data("#!/bin/sh\n".utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: url.path)
        }
        try install(libexec.appendingPathComponent("setlist-draw"), executable: true)
        #expect(DrawingProgram.locate(besides: program) == libexec.path + "/setlist-draw")
        // A file beside that cannot be run is passed over.
        try install(bin.appendingPathComponent("setlist-draw"), executable: false)
        #expect(DrawingProgram.locate(besides: program) == libexec.path + "/setlist-draw")
        try install(bin.appendingPathComponent("setlist-draw"), executable: true)
        #expect(DrawingProgram.locate(besides: program) == bin.path + "/setlist-draw")
    }

    @Test func withoutADrawingPDFsAreRefusedWithAReason() throws {
        let lib = try PDFTests.concert()
        var context = CommandContext.process(arguments: [])
        context.environment = lib.environment()
        context.currentDirectory = lib.folder.path
        context.output = OutputSink()
        context.errorOutput = OutputSink()
        context.drawing = nil
        let before = try lib.snapshot()
        #expect(SetlistMain.run(["pdf"], context: context) == 1)
        #expect(context.errorOutput.text.contains("cannot draw PDFs"))
        #expect(context.errorOutput.text.contains("setlist-draw"))
        #expect(context.output.text.isEmpty)
        #expect(try lib.snapshot() == before)
        #expect(!FileManager.default.fileExists(atPath: lib.folder.appendingPathComponent("Můj koncert.pdf").path))
    }
}
