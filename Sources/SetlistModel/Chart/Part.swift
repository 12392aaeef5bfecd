import SetlistSupport

/// What a member reads: the one rule every output (the songbook, the setlists, the email, the band
/// page) follows for a member's part.
///
/// A transposing instrument reads a written key above the one that sounds: a B♭ instrument
/// (trumpet, clarinet, tenor and soprano sax) a tone higher, an E♭ instrument (alto and baritone
/// sax) a major sixth higher, an F instrument (horn) a fifth higher; a song in C major reads
/// D, A and G major. A guitarist with a capo reads the shapes on that fret, the sounding key
/// named. A singer reads the words alone; a dep the Nashville numbers of the key in force. Keys
/// are spelled as `setlist transpose` spells them (``MusicalKey/transposed(by:)``), chords as the
/// chart engine moves them (``ChordSpelling``).
public enum Part: Hashable, Sendable, CustomStringConvertible {
    case concert
    /// Written pitch for an instrument in B♭, E♭ or F.
    case transposing(Pitch)
    /// The shapes for a capo on fret 1–11.
    case capo(Int)
    /// The words alone, large, the chorus marked.
    case lyrics
    /// Nashville numbers where the chords were.
    case numbers

    /// The pitch a transposing instrument is in: its written C sounds this note.
    public enum Pitch: String, Hashable, Sendable, CaseIterable {
        case bFlat = "Bb", eFlat = "Eb", f = "F"

        /// Semitones from the sounding key up to the written one: a major second, a major sixth,
        /// a perfect fifth (the written note is the same whichever octave the instrument is in).
        public var writtenAbove: Int {
            switch self {
            case .bFlat: 2
            case .eFlat: 9
            case .f: 7
            }
        }

        /// "B♭", "E♭", "F".
        public var name: String { rawValue.replacingOccurrences(of: "b", with: "♭") }
    }

    /// Every part but the capos, and a capo on each fret: for tables and for the page's settings.
    public static let all: [Part] =
        [.concert] + Pitch.allCases.map(Part.transposing) + Chart.capoFrets.map(Part.capo) + [.lyrics, .numbers]

    /// The canonical form kept in the contacts file and in JSON: `concert`, `Bb`, `Eb`, `F`,
    /// `capo 2`, `lyrics`, `numbers`; read back by ``init(parsing:)``.
    public var description: String {
        switch self {
        case .concert: "concert"
        case .transposing(let pitch): pitch.rawValue
        case .capo(let fret): "capo \(fret)"
        case .lyrics: "lyrics"
        case .numbers: "numbers"
        }
    }

    /// The part as a heading names it: "Concert", "B♭ part", "Capo 2", "Lyrics", "Numbers".
    public var name: String {
        switch self {
        case .concert: "Concert"
        case .transposing(let pitch): pitch.name + " part"
        case .capo(let fret): "Capo \(fret)"
        case .lyrics: "Lyrics"
        case .numbers: "Numbers"
        }
    }

    /// Reads a part as people type it: `concert`, `Bb` (`B♭`, `B-flat`), `Eb`, `F`, `capo 2`
    /// (`capo2`, `capo-2`), `lyrics`, `numbers` (`nashville`), any case; nil otherwise.
    public init?(parsing text: String) {
        let word = Text.trimmedSpaces(text).replacingOccurrences(of: "♭", with: "b").lowercased()
        switch word.replacingOccurrences(of: "-flat", with: "b").replacingOccurrences(of: " flat", with: "b") {
        case "concert", "c": self = .concert
        case "bb": self = .transposing(.bFlat)
        case "eb": self = .transposing(.eFlat)
        case "f": self = .transposing(.f)
        case "lyrics", "words": self = .lyrics
        case "numbers", "nashville": self = .numbers
        case let capo where capo.hasPrefix("capo"):
            let fret = capo.dropFirst(4).drop { $0 == " " || $0 == "-" }
            guard let number = Int(fret), Chart.capoFrets.contains(number) else { return nil }
            self = .capo(number)
        default: return nil
        }
    }

    /// Reads a part or throws an error that lists the parts.
    public static func parse(_ text: String) throws(ValueError) -> Part {
        guard let part = Part(parsing: text) else { throw .invalidPart(text) }
        return part
    }

    /// Semitones from the key that sounds to the key this part reads: up for a transposing
    /// instrument, down by the fret for a capo's shapes, 0 for the others.
    public var writtenShift: Int {
        switch self {
        case .transposing(let pitch): pitch.writtenAbove
        case .capo(let fret): -fret
        case .concert, .lyrics, .numbers: 0
        }
    }

    /// The key this part reads for a song that sounds in `sounding`, spelled as musicians write
    /// it: C major is D major for B♭, A major for E♭, G major for F, A♭ major shapes for capo 4.
    public func writtenKey(_ sounding: MusicalKey) -> MusicalKey {
        writtenShift == 0 ? sounding : sounding.transposed(by: writtenShift)
    }

    /// Whether the part reads chords (as letters or numbers); the lyrics part reads none.
    public var readsChords: Bool { self != .lyrics }

    /// The heading of a song read in this part, keys as `spell` writes them: "E♭ part · written in
    /// A major · sounds C major", "Capo 2 · G major shapes · sounds A major", "Numbers · 1 is C
    /// major", "Lyrics · C major"; nil for concert pitch. Without a key, the part's name alone.
    public func heading(sounding: MusicalKey?, _ spell: (MusicalKey) -> String) -> String? {
        guard self != .concert else { return nil }
        guard let sounding else { return name }
        switch self {
        case .transposing: return "\(name) · written in \(spell(writtenKey(sounding))) · sounds \(spell(sounding))"
        case .capo: return "\(name) · \(spell(writtenKey(sounding))) shapes · sounds \(spell(sounding))"
        case .numbers: return "\(name) · 1 is \(spell(sounding))"
        case .lyrics, .concert: return "\(name) · \(spell(sounding))"
        }
    }
}

extension Chart {
    /// The chart for the numbers part: every chord as its Nashville number in the key in force
    /// as written (the chart's key, else the key its chords read as; a `{key}` line restarts the
    /// count), the same in every key the song is played in; played in `target`, its key changes
    /// are named in that key's terms, for a reader of `reader`. Without any key, the chart as it
    /// is shown.
    public func numbered(shownIn target: MusicalKey? = nil, notation reader: KeyNotation? = nil) -> Chart {
        let reader = reader ?? notation
        guard let key = key ?? inferredKey else { return shown(in: target, notation: reader) }
        let moving = target.flatMap { isMoved(to: $0) ? $0 : nil }
        var transposer = ChartTransposer(from: key, to: moving, reading: notation, writing: reader)
        transposer.numbering = true
        return Chart(lines: transposer.lines(lines), key: moving ?? key, notation: reader)
    }

    /// The chart for the lyrics part: the words without their chords; a line of chords alone,
    /// tabs and grids left out; sections, comments and key changes kept.
    public func wordsOnly() -> Chart {
        var kept: [String] = []
        for (line, directive, section) in ChartSection.walk(lines) {
            if let directive {
                let opens = ChartSection(starting: directive), closes = ChartSection(ending: directive)
                if opens?.isVerbatim == true || closes?.isVerbatim == true { continue }
                kept.append(directive.isComment ? Self.withoutChords(line) : line)
                continue
            }
            if section?.isVerbatim == true { continue }
            guard line.contains("[") else {
                kept.append(line)
                continue
            }
            let words = Self.withoutChords(line)
            if words.contains(where: { $0 != " " && $0 != "\t" }) { kept.append(words) }
        }
        return Chart(lines: kept.isEmpty ? [""] : kept, key: key, notation: notation)
    }

    /// `line` with every `[…]` taken out.
    private static func withoutChords(_ line: String) -> String {
        var result = "", rest = Substring(line)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            result += rest[..<open]
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}

extension Playlist {
    /// The playlist with each copy's key as `part` reads it (``Part/writtenKey(_:)``): what the
    /// long, short and stage setlists print for a transposing instrument or a capo.
    public func keysWritten(for part: Part) -> Playlist {
        guard part.writtenShift != 0 else { return self }
        var written = self
        for index in written.items.indices {
            guard case .song(var copy) = written.items[index], let key = copy.fields.key else { continue }
            copy.fields.key = part.writtenKey(key)
            written.items[index] = .song(copy)
        }
        return written
    }
}
