import SetlistModel
import Testing

@testable import SetlistStageMode

@Suite struct BigFontTests {
    @Test func drawsTwoPixelRowsPerLine() {
        #expect(
            BigFont.render("Hi 1") == [
                "█ █ ▀█▀    ▄█",
                "█▀█  █      █",
                "▀ ▀ ▀▀▀    ▀▀▀",
            ])
    }

    @Test func accentsAreDroppedAndCaseIgnored() {
        #expect(BigFont.render("Příběh") == BigFont.render("PRIBEH"))
    }

    @Test func charactersOutsideTheFontCannotBeDrawn() {
        #expect(BigFont.render("Ωmega") == nil)
        #expect(BigFont.width("Ωmega") == nil)
    }

    @Test(arguments: [1, 2, 4])
    func widthAndHeightMatchTheDrawing(scale: Int) throws {
        let lines = try #require(BigFont.render("Smoke on the Water", scale: scale))
        #expect(lines.count == BigFont.height(scale: scale))
        #expect(lines.map { Cells.width($0) }.max() == BigFont.width("Smoke on the Water", scale: scale))
    }
}
