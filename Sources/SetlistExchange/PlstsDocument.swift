import Foundation
import SetlistModel
import SetlistSupport

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
        document(playlist, from: library, generator: generator, date: date).data
    }

    /// The document ``export(_:from:generator:date:)`` writes, as values.
    static func document(_ playlist: Playlist, from library: Library, generator: String, date: Date, revision: Int? = nil)
        -> ExportedDocument
    {
        // The originals the copies need, each once, in playing order: one pass over the library.
        var needed: Set<String> = []
        for case .song(let copy) in playlist.items { if let id = copy.originalID { needed.insert(id) } }
        var found: [String: SongFields] = [:]
        if !needed.isEmpty {
            for song in library.songs where needed.contains(song.id) && found[song.id] == nil { found[song.id] = song.fields }
        }
        var originals: [ExportedSong] = []
        for case .song(let copy) in playlist.items {
            guard let id = copy.originalID, let fields = found.removeValue(forKey: id) else { continue }
            originals.append(ExportedSong(id: id, original: nil, fields: fields.forExchange))
        }
        return ExportedDocument(
            format: PlstsFormat.identifier,
            version: PlstsFormat.version(for: playlist, originals: originals.map(\.fields)).description,
            generator: generator,
            exported: PlstsFormat.timestamp(date),
            playlist: ExportedPlaylist(
                id: playlist.id, name: playlist.name,
                items: playlist.items.map { item in
                    switch item {
                    case .song(let copy): .song(ExportedSong(id: copy.id, original: copy.originalID, fields: copy.fields.forExchange))
                    case .setBreak(let label): .setBreak(label)
                    }
                }, plan: playlist.plan),
            originals: originals, revision: revision)
    }

    /// Reads and validates a document. Nothing in it is trusted: the size, the nesting, the text
    /// encoding, every field's type and value and every id are checked, and every problem found
    /// is reported at once with its place (a line and column, or a path like
    /// `playlist.items[3].bpm`).
    /// - Parameter source: the file name for messages, or "standard input".
    public static func read(_ data: Data, source: String) throws(ExchangeError) -> SharedSetlist {
        let json = try JSONPreflight.check(data, source: source)
        var reader = JSONReader(json)
        reader.dialect = .document
        let document: DocumentDTO
        do {
            document = try reader.readDocument { reader throws(JSONReadError) in
                guard try reader.isObject() else {
                    throw JSONReadError(
                        "the top level is \(try reader.describeNext()), not a JSON object, so this is not a .plsts setlist document.")
                }
                return try DocumentDTO(document: &reader)
            }
        } catch {
            // Broken JSON, or a key that stands twice (readers disagree on which of two counts).
            throw .invalidDocument(source: source, problems: [error.description])
        }
        return try PlstsValidator.validate(document, source: source)
    }

    /// What ``read(_:source:)`` gives for `data`, the bytes of `document` (``ExportedDocument/json``),
    /// without parsing them again: the same checks of the bytes, then the same validation of
    /// the values the decoder would read from them (``ExportedDocument/decoded``), so export
    /// refuses exactly what a member's import refuses, with the same messages.
    static func check(_ document: ExportedDocument, data: Data, source: String) throws(ExchangeError) -> SharedSetlist {
        _ = try JSONPreflight.check(data, source: source)
        return try PlstsValidator.validate(document.decoded, source: source)
    }
}

extension SongFields {
    /// The record with its chart as documents carry it (``Chart/forExchange``).
    fileprivate var forExchange: SongFields {
        var fields = self
        fields.chart = chart?.forExchange
        return fields
    }
}
