import Testing

@testable import SetlistPDF

@Test func pdfErrorNamesThePath() {
    let error: PDFError = .cannotWrite(path: "/nope/x.pdf", detail: "No such file.")
    #expect(error.description.contains("/nope/x.pdf"))
}
