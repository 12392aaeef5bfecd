import SetlistModel

/// A PDF that cannot be rendered or written.
public enum PDFError: SetlistError, Sendable {
    /// The file could not be written; nothing was left behind at `path`.
    case cannotWrite(path: String, detail: String)
    /// Cairo reported an error while drawing or finishing the document.
    case cairo(detail: String)
    /// Pango could not set up fonts through fontconfig.
    case fontsUnavailable
    /// Cairo, Pango or GLib could not be loaded; `detail` is the system's reason.
    case librariesUnavailable(detail: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let detail):
            "Cannot write the PDF to \(path): \(detail)"
        case .cairo(let detail):
            "Cairo could not render the PDF (\(detail)). Check that there is free memory and disk space, then try again; if it persists, report it with the playlist attached."
        case .fontsUnavailable:
            "No fonts are available for the PDF. Install fontconfig and a font such as fonts-noto-core or fonts-dejavu-core (Scripts/install-deps does it), then try again."
        case .librariesUnavailable(let detail):
            "Cannot load Cairo and Pango, which draw the PDF (\(detail)). Install them (Scripts/install-deps, or the Debian packages libcairo2 and libpangocairo-1.0-0), then try again."
        }
    }
}
