/// A change to some fields of a song record; fields left nil stay as they are. For the optional
/// fields, `.some(nil)` clears the value.
public struct SongEdit: Sendable, Equatable {
    public var name: String?
    public var author: String??
    public var length: Int??
    public var key: MusicalKey??
    public var bpm: Int??
    public var notes: String??
    public var chart: Chart??

    public init(
        name: String? = nil, author: String?? = nil, length: Int?? = nil, key: MusicalKey?? = nil,
        bpm: Int?? = nil, notes: String?? = nil, chart: Chart?? = nil
    ) {
        self.name = name
        self.author = author
        self.length = length
        self.key = key
        self.bpm = bpm
        self.notes = notes
        self.chart = chart
    }

    /// The fields this edit sets.
    public var fields: Set<SongField> {
        var result: Set<SongField> = []
        if name != nil { result.insert(.name) }
        if author != nil { result.insert(.author) }
        if length != nil { result.insert(.length) }
        if key != nil { result.insert(.key) }
        if bpm != nil { result.insert(.bpm) }
        if notes != nil { result.insert(.notes) }
        if chart != nil { result.insert(.chart) }
        return result
    }

    public var isEmpty: Bool { fields.isEmpty }

    /// Applies the edit and returns the fields whose value actually changed.
    ///
    /// A chart without a key takes the song's (``Chart/settled(forSongIn:)``): a chart set without
    /// one is in the key of the song it is set for, and one the song already had is in the key
    /// the song had when it was set, so a new key moves it (or, when the song had none, the key
    /// now given is the one it is in).
    @discardableResult
    public func apply(to record: inout SongFields) -> Set<SongField> {
        let before = record
        if let name { record.name = name }
        if let author { record.author = author }
        if let length { record.length = length }
        if let key { record.key = key }
        if let bpm { record.bpm = bpm }
        if let notes { record.notes = notes }
        if let chart { record.chart = chart }
        if let keyless = record.chart, keyless.key == nil,
            let songKey = chart != nil ? record.key : key != nil ? before.key ?? record.key : nil
        {
            record.chart = keyless.settled(forSongIn: songKey).chart
        }
        return record.differences(from: before)
    }
}
