import Foundation
import SetlistModel

/// The `.plsts` files of one `setlist import`, read and checked before anything is imported.
public struct PlstsImportBatch: Sendable {
    /// The documents (setlist's or the original app's), in the order named.
    public var documents: [IncomingDocument]
    public var options: ImportOptions

    /// Reads every file (`-` is standard input); a file that fails does not stop the others
    /// from being read, and every failure is reported at once.
    /// - Parameters:
    ///   - url: where a file named as typed is.
    ///   - standardInput: reads standard input, at most the given number of bytes.
    public init(
        files: [String], options: ImportOptions, url: (String) -> URL, standardInput: (Int) -> Data
    ) throws(ExchangeError) {
        var documents: [IncomingDocument] = []
        var errors: [ExchangeError] = []
        for file in files {
            do throws(ExchangeError) {
                let data = file == "-" ? standardInput(PlstsFormat.maximumSize + 1) : try PlstsFile.read(url(file), source: file)
                documents.append(try IncomingDocument.read(data, source: file == "-" ? "standard input" : file))
            } catch {
                errors.append(error)
            }
        }
        if errors.count == 1 { throw errors[0] }
        if !errors.isEmpty { throw .several(errors) }
        self.documents = documents
        self.options = options
    }

    /// Imports every document into `library`, in order; what each did is in its report.
    public func apply(to library: inout Library) throws(ExchangeError) -> [ImportReport] {
        try documents.map { (document) throws(ExchangeError) in
            try PlstsImport.apply(document.setlist(for: library), to: &library, options: options)
        }
    }
}
