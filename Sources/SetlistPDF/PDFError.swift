/// A PDF that cannot be rendered or written.
public enum PDFError: Error, Sendable, CustomStringConvertible {
    case cannotWrite(path: String, detail: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let detail): "Cannot write the PDF to \(path): \(detail)"
        }
    }
}
