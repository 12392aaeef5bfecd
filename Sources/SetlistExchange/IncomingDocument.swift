import Foundation
import SetlistModel

/// A document to import: setlist's own `.plsts`, or the original app's, told apart by content.
public enum IncomingDocument: Sendable {
    case setlist(SharedSetlist)
    /// The app's playlist; it becomes a setlist against the library it goes into.
    case app(name: String, songs: [AppDocument.AppSong], source: String)

    /// Reads either format: a JSON object with `"format"` is setlist's, one with `"songs"` and
    /// no `"format"` the app's.
    public static func read(_ data: Data, source: String) throws(ExchangeError) -> IncomingDocument {
        guard AppDocument.recognises(data) else { return .setlist(try PlstsDocument.read(data, source: source)) }
        switch try AppDocument.read(data, source: source) {
        case .playlist(let name, let songs):
            let stem = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
            return .app(name: name ?? (stem.isEmpty ? "Imported playlist" : stem), songs: songs, source: source)
        case .songs, .order, .contacts:
            throw .invalidDocument(
                source: source,
                problems: [
                    "it is a list from the original app's Documents folder, not a playlist; import the whole folder with `setlist import FOLDER`."
                ])
        }
    }

    /// The setlist to import into `library`: a reply to an app-format document this library
    /// sent finds the setlist it answers (``AppReply``).
    public func setlist(for library: Library) -> SharedSetlist {
        switch self {
        case .setlist(let setlist): AppReply.matched(setlist, in: library)
        case .app(let name, let songs, let source): AppDocument.setlist(name: name, songs: songs, source: source, library: library)
        }
    }
}
