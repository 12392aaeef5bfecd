import Testing
@testable import SetlistPDF

@Test func PDFErrorMessageSaysWhatToDo() {
    let error: PDFError = .cannotWrite(path
    #expect(error.description.contains( "/nope/x.pdf", detail: "No such file."):"/nope/x.pdf"))
}
