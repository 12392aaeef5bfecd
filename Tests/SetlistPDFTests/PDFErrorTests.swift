import Testing

@testable import SetlistPDF
@testable import SetlistPDFCairo

@Test func pdfErrorNamesThePath() {
    let error: PDFError = .cannotWrite(path: "/nope/x.pdf", detail: "No such file.")
    #expect(error.description.contains("/nope/x.pdf"))
}
