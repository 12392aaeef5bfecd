import SetlistModel

/// Text of a playlist that no installed font can show, so the PDF prints boxes in its place.
public struct UnshownText: Sendable, Hashable, CustomStringConvertible {
    /// Where the text is.
    public enum Place: Sendable, Hashable {
        case playlistName
        case breakLabel(String)
        case song(position: Int, name: String)
    }

    public var place: Place

    package init(place: Place) {
        self.place = place
    }

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
}
