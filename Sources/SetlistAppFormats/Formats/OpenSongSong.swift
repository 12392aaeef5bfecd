import Foundation
import SetlistModel

/// An OpenSong song (OpenSong, OpenSongTablet): an XML file, usually without an extension and
/// often without an XML declaration, `<song>` with `<title>`, `<author>`, `<key>`, `<capo>`,
/// `<tempo>`, `<time_sig>`, `<ccli>`, `<presentation>` (the verse order) and `<lyrics>`, whose
/// text is OpenSong's own: `[V1]`, `[C]` open sections; a line starting with `.` holds chords
/// placed by column over the lyric line after it; a line starting with ` ` is lyrics, and under
/// a bare `[V]` a digit starts each verse's line (`1Amazing grace`, `2'Twas grace`); `;` starts a
/// comment; `_` stretches a syllable under a chord and `|`, `||` break lines and slides on screen.
public enum OpenSongSong {
    static func isSong(_ root: XMLElement) -> Bool {
        root.name == "song" && root.element("lyrics") != nil && root.element("properties") == nil
    }

    static func read(_ root: XMLElement, file: String, notation: KeyNotation) -> AppLibrary {
        var library = AppLibrary(format: .openSong)
        var values = SongValues()
        values.title = root.value(of: "title")
        values.author = root.value(of: "author")
        values.key = root.value(of: "key")
        // OpenSong's tempo is a word ("Moderate") or a number; only a number is a tempo.
        values.bpm = root.value(of: "tempo").flatMap { Int($0) != nil ? $0 : nil }
        values.notes = root.value(of: "notes")
        values.timeSignature = root.value(of: "time_sig")
        values.ccli = root.value(of: "ccli")
        values.order = SongValues.order(root.value(of: "presentation"), label: label)
        let chart = chart(root.element("lyrics")?.text ?? "")
        values.chart = chart.isEmpty ? nil : chart.joined(separator: "\n")
        values.capo = root.value(of: "capo").flatMap { Int($0) }
        if let fields = values.fields(place: file, notation: notation, warnings: &library.warnings, leftOut: &library.leftOut) {
            library.songs.append(AppSong(fields: fields, line: root.line))
        }
        return library
    }

    /// OpenSong's lyrics as ChordPro lines: each section a paragraph headed by its name; a
    /// section whose lines are numbered (`[V]` with `1…`, `2…`) is one verse per number, each
    /// with the chords of the chord lines over them.
    static func chart(_ lyrics: String) -> [String] {
        var result: [String] = []
        for section in sections(lyrics) {
            for verse in section.verses {
                if result.last.map({ !$0.isEmpty }) ?? false { result.append("") }
                if let name = section.name { result.append("{comment: \(label(of: name + (verse.map(String.init) ?? "")))}") }
                result += section.lines(of: verse)
            }
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    /// A section of OpenSong's lyrics: its name (`V1`, `C`; nil before the first) and its rows.
    struct Section {
        enum Row {
            /// A chord line and the lyric lines under it, each with its verse number, if any.
            case lyrics(chords: String?, lines: [(verse: Int?, text: String)])
            case comment(String)
        }

        var name: String?
        var rows: [Row] = []

        /// The verse numbers its lines carry, or [nil] for a section without numbers.
        var verses: [Int?] {
            var numbers: [Int] = []
            for case .lyrics(_, let lines) in rows {
                for line in lines { if let verse = line.verse, !numbers.contains(verse) { numbers.append(verse) } }
            }
            return numbers.isEmpty ? [nil] : numbers.sorted()
        }

        /// The ChordPro lines of verse `verse` (nil: the section's lines): its numbered lines and
        /// the unnumbered ones, each under its chords; comments in the first verse only.
        func lines(of verse: Int?) -> [String] {
            var result: [String] = []
            for row in rows {
                switch row {
                case .comment(let text):
                    if verse == nil || verse == verses.first { result.append("# " + text) }
                case .lyrics(let chords, let lines):
                    let own = lines.filter { $0.verse == nil || $0.verse == verse }
                    if lines.isEmpty, let chords, verse == nil || verse == verses.first { result.append(merge(chords: chords, over: "")) }
                    for (index, line) in own.enumerated() {
                        // A chord line stands over the first lyric line after it.
                        result.append(cleaned(merge(chords: index == 0 ? chords ?? "" : "", over: line.text)))
                    }
                }
            }
            return result
        }
    }

    /// The sections of OpenSong's lyrics, their lines sorted into rows.
    static func sections(_ lyrics: String) -> [Section] {
        var sections = [Section()], chords: String?, lines: [(verse: Int?, text: String)] = []
        func flush() {
            if chords != nil || !lines.isEmpty { sections[sections.count - 1].rows.append(.lyrics(chords: chords, lines: lines)) }
            chords = nil
            lines = []
        }
        for raw in lyrics.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.replacingOccurrences(of: "\r", with: "")
            if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
                flush()
                sections.append(Section(name: String(line[line.index(after: line.startIndex)..<close])))
            } else if line.hasPrefix(".") {
                flush()
                chords = String(line.dropFirst())
            } else if line.hasPrefix(";") {
                flush()
                sections[sections.count - 1].rows.append(.comment(Text.trimmedSpaces(String(line.dropFirst()))))
            } else if let first = line.first, first.isASCIIDigit {
                // Under [V], "1…" "2…": the verse number stands where the space would, and one
                // chord line stands over the line of each verse.
                lines.append((first.wholeNumberValue, String(line.dropFirst())))
            } else {
                // A line without a number is the only one under its chords.
                if !lines.isEmpty { flush() }
                lines.append((nil, line.hasPrefix(" ") ? String(line.dropFirst()) : line))
                flush()
            }
        }
        flush()
        return sections.filter { $0.name != nil || !$0.rows.isEmpty }
    }

    /// The lyric with each chord of the chord line put in brackets at its column.
    static func merge(chords: String, over lyric: String) -> String {
        var placed: [(column: Int, name: String)] = [], column = 0, current = "", start = 0
        for character in chords {
            if character == " " {
                if !current.isEmpty { placed.append((start, current)) }
                current = ""
            } else {
                if current.isEmpty { start = column }
                current.append(character)
            }
            column += 1
        }
        if !current.isEmpty { placed.append((start, current)) }
        guard !placed.isEmpty else { return lyric }
        var characters = Array(lyric)
        if let last = placed.last, characters.count < last.column {
            characters += Array(repeating: " ", count: last.column - characters.count)
        }
        for chord in placed.reversed() {
            characters.insert(contentsOf: "[\(chord.name)]", at: min(chord.column, characters.count))
        }
        return String(characters).replacingOccurrences(of: "  +$", with: "", options: .regularExpression)
    }

    /// A lyric line without OpenSong's screen marks.
    static func cleaned(_ line: String) -> String {
        line.replacingOccurrences(of: "||", with: "").replacingOccurrences(of: "|", with: " ").replacingOccurrences(of: "_", with: "")
            .replacingOccurrences(of: "  +", with: " ", options: .regularExpression)
    }

    /// "Verse 1" for V1, "Chorus" for C, "Bridge 2" for B2, "Tag" for T.
    static func label(of section: String) -> String {
        let kinds: [Character: String] = [
            "V": "Verse", "C": "Chorus", "B": "Bridge", "P": "Pre-chorus", "T": "Tag", "I": "Intro", "O": "Outro",
        ]
        guard let first = section.first?.uppercased().first, let kind = kinds[first], section.dropFirst().allSatisfy(\.isASCIIDigit) else {
            return section
        }
        return section.count == 1 ? kind : "\(kind) \(section.dropFirst())"
    }
}

/// An OpenSong set: `<set name="…"><slide_groups>` of `<slide_group type="song" name="…" path="…"/>`
/// (and scripture, custom, style, image and external slides, which are reported and left out).
/// Its songs are found by title among the songs imported with it and those already in the
/// library; OpenSongTablet's `key` on a song's group, when there, is the key the set plays it in.
public enum OpenSongSet {
    static func isSet(_ root: XMLElement) -> Bool {
        root.name == "set" && root.element("slide_groups") != nil
    }

    static func read(_ root: XMLElement, file: String) -> AppLibrary {
        var library = AppLibrary(format: .openSongSet)
        let name = root[attribute: "name"].map(Text.trimmedSpaces).flatMap { $0.isEmpty ? nil : $0 }
        var set = AppSet(name: name ?? ((file as NSString).lastPathComponent as NSString).deletingPathExtension)
        for group in root.element("slide_groups")?.elements("slide_group") ?? [] {
            let title = Text.trimmedSpaces(group[attribute: "name"] ?? "")
            let type = group[attribute: "type"] ?? "song"
            guard type == "song", !title.isEmpty else {
                library.leftOut.append("\(file), line \(group.line): \(type) slide '\(title)': not a song")
                continue
            }
            let key = group[attribute: "key"].flatMap { MusicalKey(parsing: $0) }
            set.entries.append(AppSet.Entry(song: .titled(title), key: key))
        }
        library.sets.append(set)
        return library
    }
}
