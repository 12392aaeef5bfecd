import ArgumentParser
import SetlistPDF

extension PDFPaper {
    /// The paper of `--paper`, shared by `pdf` and `share`.
    static func parse(_ text: String) throws -> PDFPaper {
        guard let paper = PDFPaper(rawValue: text.lowercased()) else {
            throw ValidationError("Unknown paper '\(text)'. Use --paper a4 or --paper letter.")
        }
        return paper
    }
}
