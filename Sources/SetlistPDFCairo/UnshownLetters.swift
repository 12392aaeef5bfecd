import SetlistModel
import SetlistPDF

extension UnshownText {
    /// The places of `playlist` whose text, as `style` prints it, `typesetter` cannot show.
    static func find(in playlist: Playlist, style: PDFStyle, typesetter: Typesetter) -> [UnshownText] {
        var found: [UnshownText] = []
        if !typesetter.canShow(playlist.name) { found.append(UnshownText(place: .playlistName)) }
        var position = 0
        for item in playlist.items {
            switch item {
            case .setBreak(let label):
                if !typesetter.canShow(label) { found.append(UnshownText(place: .breakLabel(label))) }
            case .song(let copy):
                position += 1
                let fields = copy.fields
                // The stage PDF prints titles (and keys) alone, the short one titles and authors,
                // the songbook its charts too.
                let printed =
                    [fields.name] + (style == .stage ? [] : [fields.author]) + (style == .long || style == .songbook ? [fields.notes] : [])
                    + (style == .songbook ? [fields.chart?.text] : [])
                if printed.compactMap({ $0 }).contains(where: { !typesetter.canShow($0) }) {
                    found.append(UnshownText(place: .song(position: position, name: fields.name)))
                }
            }
        }
        return found
    }
}

extension Typesetter {
    /// Whether every letter of `text` has a glyph in some installed font.
    func canShow(_ text: String) -> Bool {
        box(text, font: Font(size: 10), width: nil).unknownGlyphCount == 0
    }
}
