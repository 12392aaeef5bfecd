import Foundation

/// The details every song record carries, whether it is an original in the repertoire or a copy
/// inside a setlist. Any field but the name may be unknown.
public struct SongFields: Hashable, Sendable, Codable {
    /// The title. Titles are not unique: two songs may share one and differ in author.
    public var name: String
    public var author: String?
    /// Planned length in whole seconds.
    public var length: Int?
    public var key: MusicalKey?
    /// Tempo in beats per minute.
    public var bpm: Int?
    public var notes: String?
    /// The chord chart, in the key it is written in (``Chart``).
    public var chart: Chart?

    public init(
        name: String, author: String? = nil, length: Int? = nil, key: MusicalKey? = nil,
        bpm: Int? = nil, notes: String? = nil, chart: Chart? = nil
    ) {
        self.name = name
        self.author = author
        self.length = length
        self.key = key
        self.bpm = bpm
        self.notes = notes
        self.chart = chart
    }

    /// The fields that differ between two records.
    public func differences(from other: SongFields) -> Set<SongField> {
        var result: Set<SongField> = []
        if name != other.name { result.insert(.name) }
        if author != other.author { result.insert(.author) }
        if length != other.length { result.insert(.length) }
        if key != other.key { result.insert(.key) }
        if bpm != other.bpm { result.insert(.bpm) }
        if notes != other.notes { result.insert(.notes) }
        if chart != other.chart { result.insert(.chart) }
        return result
    }
}

/// One editable field of a song record.
public enum SongField: String, CaseIterable, Sendable, Codable, Comparable {
    case name, author, length, key, bpm, notes, chart

    public static func < (lhs: SongField, rhs: SongField) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// An original song of the band's repertoire.
public struct Song: Hashable, Sendable, Identifiable {
    /// Stable and unique; never derived from the title.
    public var id: String
    public var fields: SongFields

    public init(id: String = Identifier.make(), fields: SongFields) {
        self.id = id
        self.fields = fields
    }

    public var name: String { fields.name }
}

/// A song record inside a setlist: a full copy that remembers which original it came from.
/// Changing a copy never changes the original, and the other way round.
public struct SongCopy: Hashable, Sendable, Identifiable {
    /// Unique within the library; distinct from the original's id.
    public var id: String
    /// The original this copy was made from. It may since have been deleted.
    public var originalID: String?
    public var fields: SongFields
    /// The copy as its sender last shared it in a `.plsts` document (or, for a copy made here, as
    /// this library first sent it: ``Playlist/noteSent(_:)``): the base that tells, when an updated
    /// setlist is imported again, whether the member or the sender changed the notes. Nil for a
    /// copy made here and never sent.
    public var received: SongFields?

    public init(id: String = Identifier.make(), originalID: String?, fields: SongFields, received: SongFields? = nil) {
        self.id = id
        self.originalID = originalID
        self.fields = fields
        self.received = received
    }

    /// A new copy of `song`.
    public init(of song: Song) {
        self.init(originalID: song.id, fields: song.fields)
    }

    public var name: String { fields.name }
}

extension Song: Codable {
    private enum CodingKeys: String, CodingKey { case id }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        fields = try SongFields(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try fields.encode(to: encoder)
    }
}

extension SongCopy: Codable {
    private enum CodingKeys: String, CodingKey { case id, original, received }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        originalID = try container.decodeIfPresent(String.self, forKey: .original)
        fields = try SongFields(from: decoder)
        received = try container.decodeIfPresent(SongFields.self, forKey: .received)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(originalID, forKey: .original)
        try fields.encode(to: encoder)
        try container.encodeIfPresent(received, forKey: .received)
    }
}
