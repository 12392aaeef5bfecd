import Foundation

/// The one rule that says two song records are the same song: the same title and the same author,
/// ignoring case, accents and Unicode normalisation (a title typed with a combining accent, NFD,
/// matches one typed precomposed, NFC), and runs of white space. Every importer (a `.plsts`, the
/// original app's files, a spreadsheet) uses it, so a band's songs are linked the same way
/// whatever they came in.
public enum SongMatching {
    /// The text two titles (or authors) are compared by.
    public static func comparable(_ text: String) -> String {
        Text.fold(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether two records name the same song. An unknown author matches only an unknown author.
    public static func sameSong(name: String, author: String?, as other: SongFields) -> Bool {
        comparable(name) == comparable(other.name) && comparable(author ?? "") == comparable(other.author ?? "")
    }
}

/// What the repertoire holds for an incoming song that has no known id.
public enum OriginalMatch: Hashable, Sendable {
    /// Exactly one original has the same title and author: link to it.
    case matched(Song)
    /// Several originals have the same title and author: which one is meant cannot be told.
    case several([Song])
    /// Originals have the same title but another author: a different song of the same name.
    case otherAuthor([Song])
    /// No original has the title.
    case none

    /// The original to link to, when exactly one matched.
    public var song: Song? {
        if case .matched(let song) = self { song } else { nil }
    }
}

extension Library {
    /// The originals with the same title and author as `name` and `author`, ignoring case, accents
    /// and Unicode normalisation (see ``SongMatching``), in repertoire order.
    public func originals(matchingName name: String, author: String?) -> [Song] {
        songs.filter { SongMatching.sameSong(name: name, author: author, as: $0.fields) }
    }

    /// Whether an incoming song (by title and author) matches one original, several, or only
    /// originals of the same title by another author. Nothing is guessed: only ``OriginalMatch/matched(_:)``
    /// names an original to link to.
    public func originalMatch(name: String, author: String?) -> OriginalMatch {
        let same = originals(matchingName: name, author: author)
        if same.count == 1 { return .matched(same[0]) }
        if same.count > 1 { return .several(same) }
        let title = SongMatching.comparable(name)
        let namesakes = songs.filter { SongMatching.comparable($0.fields.name) == title }
        return namesakes.isEmpty ? .none : .otherAuthor(namesakes)
    }
}
