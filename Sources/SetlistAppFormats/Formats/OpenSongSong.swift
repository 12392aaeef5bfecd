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
        let chart = chart(root.element("lyrics")?.text ?? "")
        values.chart = chart.isEmpty ? nil : chart.joined(separator: "\n")
        let capo = root.value(of: "capo").flatMap { Int($0) }.flatMap { (1...11).contains($0) ? $0 : nil }
        if let fields = values.fields(place: file, notation: notation, warnings: &library.warnings, leftOut: &library.leftOut) {
            library.songs.append(AppSong(fields: fields, capo: capo, line: root.line))
        }
        return library
    }

    /// OpenSong's lyrics as ChordPro lines.
    static func chart(_ lyrics: String) -> [String] {
        var result: [String] = [], pendingChords: String?
        var section = ""
        func flushChords() {
            if let chords = pendingChords { result.append(merge(chords: chords, over: "")) }
            pendingChords = nil
        }
        for raw in lyrics.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let line = raw.replacingOccurrences(of: "\r", with: "")
            if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
                flushChords()
                section = String(line[line.index(after: line.startIndex)..<close])
                if result.last.map({ !$0.isEmpty }) ?? false { result.append("") }
                result.append("{comment: \(label(of: section))}")
            } else if line.hasPrefix(".") {
                flushChords()
                pendingChords = String(line.dropFirst())
            } else if line.hasPrefix(";") {
                flushChords()
                result.append("# " + Text.trimmedSpaces(String(line.dropFirst())))
            } else {
                var lyric = line
                // Under [V], "1…" "2…": the verse number stands where the space would.
                if let first = lyric.first, first.isASCIIDigit { lyric = " " + lyric.dropFirst() }
                if lyric.hasPrefix(" ") { lyric.removeFirst() }
                let merged = merge(chords: pendingChords ?? "", over: lyric)
                pendingChords = nil
                result.append(cleaned(merged))
            }
        }
        flushChords()
        while result.last?.isEmpty == true { result.removeLast() }
        return result
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
