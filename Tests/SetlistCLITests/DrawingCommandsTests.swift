import CLITestSupport
import Foundation
import SetlistModel
import Testing

@testable import SetlistCLI

/// Only `pdf` and `share` load Cairo and Pango (the real program: EndToEndTests/DrawingLibrariesTests).
@Suite struct DrawingCommandsTests {
    func needed(_ words: String...) -> Bool {
        CommandLineWords(bytes: words.map { Array($0.utf8) }).draws
    }

    @Test func onlyTheCommandsThatDrawAreRecognised() {
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

    @Test func theCommandsThatDrawAreTheOnesWhoseTypesSaySo() {
        var drawing: Set<String> = []
        for command in CommandNames.commands {
            if let subcommand = command as? any SetlistSubcommand.Type, subcommand.drawsPDFs { drawing.insert(command._commandName) }
        }
        #expect(drawing == ["pdf", "share"])
    }

    @Test func aCommandLineThatIsNotUTF8IsStillRecognised() {
        // The parser then refuses the argument with the usual error.
        #expect(CommandLineWords(bytes: [Array("pdf".utf8), [0x4B, 0xE9, 0x6E]]).draws)
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
        #expect(context.output.text.isEmpty)
        #expect(try lib.snapshot() == before)
        #expect(!FileManager.default.fileExists(atPath: lib.folder.appendingPathComponent("Můj koncert.pdf").path))
    }
}
