import SetlistSupport

/// The parts as the band page is given them (`live --serve`): the page offers them in its
/// settings and moves and names each chart as the rules here say, so that it never keeps rules of
/// its own that could drift from the songbook's and the email's.
public struct PartTableEntry: Hashable, Sendable, Codable {
    /// The part as typed and kept (``Part/description``): "Eb", "capo 2".
    public var value: String
    /// The part's name for a menu (``Part/name``): "E♭ part".
    public var name: String
    /// Semitones from the key that sounds to the key the part reads (``Part/writtenShift``).
    public var shift: Int
    /// What stands where the chords are: "chords", "numbers" or "none" (the words alone).
    public var reads: String
    /// The heading of a song read in this part (``Part/heading(sounding:_:)``) with `{written}`
    /// and `{sounds}` where its keys go, for the page to name them: "E♭ part · written in
    /// {written} · sounds {sounds}"; empty for concert pitch.
    public var heading: String

    init(_ part: Part) {
        value = part.description
        name = part.name
        shift = part.writtenShift
        reads = part == .numbers ? "numbers" : part.readsChords ? "chords" : "none"
        // No part but concert pitch reads C major as C major, so the key that sounds is told apart.
        let sounding = MusicalKey(pitchClass: 0, mode: .major)
        heading = part.heading(sounding: sounding) { $0 == sounding ? "{sounds}" : "{written}" } ?? ""
    }
}

extension Part {
    /// Every part (``all``) as the page is given it.
    public static let table = all.map(PartTableEntry.init)
}

extension PartTableEntry: JSONRecord {
    public static let json = JSONMembers<PartTableEntry>(
        blank: { PartTableEntry(.concert) },
        [
            .text("value", \.value), .text("name", \.name), .integer("shift", \.shift), .text("reads", \.reads),
            .text("heading", \.heading),
        ])
}
