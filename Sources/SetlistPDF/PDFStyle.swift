/// Which of the printed setlists to render.
public enum PDFStyle: String, Sendable, CaseIterable {
    /// Every detail for the band: name, author, length, key, BPM and notes, with page footers and
    /// an outline entry per song.
    case long
    /// Titles and authors, numbered, with the total length; one page for a normal concert.
    case short
    /// Titles (and keys) in large bold type, never below a legible minimum: on one page when the
    /// setlist fits, else evenly over the fewest pages.
    case stage
    /// Every song's chord chart in setlist order, in its copy's key: chords over their syllables,
    /// songs kept on one page when they fit, a table of contents, footers and an outline.
    case songbook

    /// What the PDF's subject says the document is.
    package var subject: String {
        switch self {
        case .long: "Setlist with every detail"
        case .short: "Setlist with titles and authors"
        case .stage: "Stage setlist"
        case .songbook: "Songbook with chord charts"
        }
    }

    /// The suffix of the default file name ("" for the long version).
    package var fileSuffix: String {
        switch self {
        case .long: ""
        case .short: "-short"
        case .stage: "-stage"
        case .songbook: "-songbook"
        }
    }
}

/// The paper size of the PDF.
public enum PDFPaper: String, Sendable, CaseIterable {
    /// ISO A4, 210 × 297 mm (the default).
    case a4
    /// US Letter, 8.5 × 11 inches.
    case letter

    /// Width and height in PDF points (1/72 inch).
    public var size: (width: Double, height: Double) {
        switch self {
        case .a4: (595.2756, 841.8898)
        case .letter: (612, 792)
        }
    }
}
