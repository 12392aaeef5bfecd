import Foundation

/// The details every song record carries, whether it is an original in the repertoire or a copy
/// inside a setlist. Any field but the name may be unknown.
public struct SongFields: Hashable, Sendable {
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
        Set(SongField.allCases.filter { !hasSameValue(as: other, in: $0) })
    }
}

/// Each field's value, named once for the differences between records and their merges.
extension SongFields: MergeableRecord {
    public static var mergeableFields: [SongField] { SongField.allCases }

    public func hasSameValue(as other: SongFields, in field: SongField) -> Bool {
        switch field {
        case .name: name == other.name
        case .author: author == other.author
        case .length: length == other.length
        case .key: key == other.key
        case .bpm: bpm == other.bpm
        case .notes: notes == other.notes
        case .chart: chart == other.chart
        }
    }

    public mutating func takeValue(of field: SongField, from other: SongFields) {
        switch field {
        case .name: name = other.name
        case .author: author = other.author
        case .length: length = other.length
        case .key: key = other.key
        case .bpm: bpm = other.bpm
        case .notes: notes = other.notes
        case .chart: chart = other.chart
        }
    }
}

/// One editable field of a song record.
public enum SongField: String, CaseIterable, Sendable, Comparable {
    case name, author, length, key, bpm, notes, chart

    public static func < (lhs: SongField, rhs: SongField) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension SongField {
    /// The field as a sentence about a song names it ("tempo 120 → 140 BPM").
    public var words: String {
        switch self {
        case .name: "title"
        case .bpm: "tempo"
        default: rawValue
        }
    }
}

extension SongFields {
    /// One field's value as a person reads it ("140 BPM", "3:20", "B♭ minor", "12 lines"), nil
    /// when the song has none: for reports of what changed and of conflicts.
    public func shown(_ field: SongField, notation: KeyNotation) -> String? {
        switch field {
        case .name: name
        case .author: author
        case .length: length.map(SongLength.format)
        case .key: key?.spelled(in: notation)
        case .bpm: bpm.map { "\($0) BPM" }
        case .notes: notes
        case .chart: chart.map { $0.lines.count == 1 ? "1 line" : "\($0.lines.count) lines" }
        }
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
