import CCairoPango
import SetlistCore

/// Text of a playlist that no installed font can show, so the PDF prints boxes in its place.
public struct UnshownText: Sendable, Hashable, CustomStringConvertible {
    /// Where the text is.
    public enum Place: Sendable, Hashable {
        case playlistName
        case breakLabel(String)
        case song(position: Int, name: String)
    }

    public var place: Place

    /// "song 3 '北京欢迎你'", "the break 'Přídavek'", "the playlist's name".
    public var description: String {
        switch place {
        case .playlistName: "the playlist's name"
        case .breakLabel(let label): "the break '\(label)'"
        case .song(let position, let name): "song \(position) '\(name)'"
        }
    }

    /// One line for a warning: the places (the first few), and what to do.
    public static func warning(_ places: [UnshownText]) -> String {
        let shown = places.prefix(5).map(\.description).joined(separator: ", ")
        let more = places.count > 5 ? " and \(places.count - 5) more" : ""
        return
            "no installed font has some letters of \(shown)\(more), so the PDF shows boxes for them. Install a font that has them (for Chinese, Japanese and Korean: fonts-noto-cjk, which Scripts/install-deps installs)."
    }

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
                // The stage PDF prints titles (and keys) alone, the short one titles and authors.
                let printed = [fields.name] + (style == .stage ? [] : [fields.author]) + (style == .long ? [fields.notes] : [])
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
