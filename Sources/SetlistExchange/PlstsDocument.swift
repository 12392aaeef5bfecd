import Foundation
import SetlistCore

/// The `.plsts` document: a setlist as one member hands it to another (see docs/plsts.md).
public enum PlstsDocument {
    /// Encodes `playlist` (with the originals it needs from `library`) as a .plsts document.
    ///
    /// The output depends only on the arguments: keys are sorted, the JSON is pretty-printed and
    /// ends in a new line, so the same playlist and `date` always give the same bytes.
    /// - Parameters:
    ///   - generator: the program writing it, like "setlist 0.1.0".
    ///   - date: the export time (see ``DocumentDate``), written to the second in UTC.
    public static func export(_ playlist: Playlist, from library: Library, generator: String, date: Date) -> Data {
        var seen: Set<String> = []
        var originals: [ExportedSong] = []
        for copy in playlist.copies {
            guard let id = copy.originalID, let index = library.songIndex(id: id), seen.insert(id).inserted else { continue }
            originals.append(ExportedSong(id: id, original: nil, fields: library.songs[index].fields))
        }
        let document = ExportedDocument(
            format: PlstsFormat.identifier,
            version: PlstsFormat.version(for: playlist).description,
            generator: generator,
            exported: PlstsFormat.timestamp(date),
            playlist: ExportedPlaylist(
                id: playlist.id, name: playlist.name,
                items: playlist.items.map { item in
                    switch item {
                    case .song(let copy): .song(ExportedSong(id: copy.id, original: copy.originalID, fields: copy.fields))
                    case .setBreak(let label): .setBreak(label)
                    }
                }, plan: playlist.plan),
            originals: originals)
        return JSONFormat.document(document)
    }

    /// Reads and validates a document. Nothing in it is trusted: the size, the nesting, the text
    /// encoding, every field's type and value and every id are checked, and every problem found
    /// is reported at once with its place (a line and column, or a path like
    /// `playlist.items[3].bpm`).
    /// - Parameter source: the file name for messages, or "standard input".
    public static func read(_ data: Data, source: String) throws(ExchangeError) -> SharedSetlist {
        let json = try JSONPreflight.check(data, source: source)
        let document: DocumentDTO
        do {
            document = try JSONDecoder().decode(DocumentDTO.self, from: json)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            let found = (try? JSONDecoder().decode(FoundValue.self, from: json))?.text ?? "something else"
            throw .invalidDocument(
                source: source, problems: ["the top level is \(found), not a JSON object, so this is not a .plsts setlist document."])
        } catch let error as DecodingError {
            throw .invalidDocument(source: source, problems: [DecodingErrorText.describe(error, in: json)])
        } catch {
            throw .invalidDocument(source: source, problems: ["it cannot be read as JSON (\(error.localizedDescription))."])
        }
        return try PlstsValidator.validate(document, source: source)
    }
}

// MARK: - The shape written

private struct ExportedDocument: Encodable {
    var format: String
    var version: String
    var generator: String
    var exported: String
    var playlist: ExportedPlaylist
    var originals: [ExportedSong]
}

private struct ExportedPlaylist: Encodable {
    var id: String
    var name: String
    var items: [ExportedItem]
    /// The plan, in the shape the library keeps it (``ShowPlan``'s coding); absent without one.
    var plan: ShowPlan?
}

private enum ExportedItem: Encodable {
    case song(ExportedSong)
    case setBreak(String)

    private enum CodingKeys: String, CodingKey { case setBreak = "break" }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .song(let song):
            try song.encode(to: encoder)
        case .setBreak(let label):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .setBreak)
        }
    }
}

/// A copy (with the id of its original) or an original (without one).
private struct ExportedSong: Encodable {
    var id: String
    var original: String?
    var fields: SongFields

    private enum CodingKeys: String, CodingKey { case id, original, name, author, length, key, bpm, notes }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(original, forKey: .original)
        try container.encode(fields.name, forKey: .name)
        try container.encodeIfPresent(fields.author, forKey: .author)
        try container.encodeIfPresent(fields.length, forKey: .length)
        try container.encodeIfPresent(fields.key?.description, forKey: .key)
        try container.encodeIfPresent(fields.bpm, forKey: .bpm)
        try container.encodeIfPresent(fields.notes, forKey: .notes)
    }
}
