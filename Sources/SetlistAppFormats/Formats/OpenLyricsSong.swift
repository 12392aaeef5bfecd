import Foundation
import SetlistModel

/// An OpenLyrics song (https://docs.openlyrics.org), 0.8 or 0.9, as OpenLP, Quelea and others
/// write them: `<song xmlns="http://openlyrics.info/namespace/2009/song">` with `<properties>`
/// (titles, authors by type, key, tempo, transposition, verse order, songbooks, comments) and
/// `<lyrics>` of verses, each `<lines>` broken by `<br/>`, with chords as `<chord name="G/C"/>`
/// (0.8) or `<chord root="G" structure="3-5" bass="C">` that may wrap the syllable (0.9).
///
/// The chart is the verses in the file's order, one paragraph each, with chords in brackets; a
/// verse not named in sequence (a chorus, a bridge, the third of three verses named v1 v2 v2)
/// is headed by its name (`{comment: Chorus}`); a `<comment>` inside the lines is a line of its
/// own, and one that is a ChordPro directive stays one (this is how ``OpenLyricsWriter`` keeps
/// what OpenLyrics has no element for). A wrong or missing namespace is read all the same.
public enum OpenLyricsSong {
    public static let namespace = "http://openlyrics.info/namespace/2009/song"
    /// The comment that carries a song's length, which OpenLyrics has no element for.
    static let lengthComment = "Length: "

    static func isSong(_ root: XMLElement) -> Bool {
        root.name == "song" && (root.namespace == namespace || root.element("properties")?.element("titles") != nil)
    }

    static func read(_ root: XMLElement, file: String, notation: KeyNotation) throws(AppFormatError) -> AppLibrary {
        var library = AppLibrary(format: .openLyrics)
        if let song = song(root, file: file, notation: notation, library: &library) { library.songs.append(song) }
        return library
    }

    /// The song of an OpenLyrics document, or nil (noted in `library`) when it has no title.
    static func song(_ root: XMLElement, file: String, notation: KeyNotation, library: inout AppLibrary) -> AppSong? {
        let properties = root.element("properties") ?? XMLElement(name: "properties")
        var values = SongValues()
        let titles = properties.element("titles")?.elements("title") ?? []
        values.title = (titles.first { $0[attribute: "original"] == "true" } ?? titles.first)?.text
        var authors: [String] = []
        for author in properties.element("authors")?.elements("author") ?? [] where author[attribute: "type"] != "translation" {
            let name = Text.trimmedSpaces(author.text)
            if !name.isEmpty, !authors.contains(name) { authors.append(name) }
        }
        values.author = authors.isEmpty ? nil : authors.joined(separator: ", ")
        // The notation the file names; else its chords tell, as a ChordPro file's do.
        values.chordNotation = root[attribute: "chordNotation"].flatMap { KeyNotation(rawValue: $0) }
        let chordNotation = values.chordNotation ?? notation
        let written = properties.value(of: "key").flatMap { MusicalKey(parsing: $0, notation: chordNotation) }
        if let written {
            let transposition = properties.value(of: "transposition").flatMap { Int($0) } ?? 0
            values.chartKey = written
            values.knownKey = written.transposed(by: transposition)
        } else {
            values.key = properties.value(of: "key")
        }
        if let tempo = properties.element("tempo") {
            values.bpm = tempo.text
        }
        values.timeSignature = properties.value(of: "timeSignature")
        values.ccli = properties.value(of: "ccliNo")
        values.order = SongValues.order(properties.value(of: "verseOrder")) { label(of: $0, instrument: false) }
        for book in properties.element("songbooks")?.elements("songbook") ?? [] {
            let name = Text.trimmedSpaces(book[attribute: "name"] ?? "")
            let entry = Text.trimmedSpaces(book[attribute: "entry"] ?? "")
            if !name.isEmpty { values.songbooks.append(entry.isEmpty ? name : "\(name) \(entry)") }
        }
        var notes: [String] = []
        for comment in properties.element("comments")?.elements("comment") ?? [] {
            let text = comment.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasPrefix(lengthComment) {
                values.length = String(text.dropFirst(lengthComment.count))
            } else if !text.isEmpty {
                notes.append(text)
            }
        }
        values.notes = notes.isEmpty ? nil : notes.joined(separator: "\n\n")
        let chart = chartLines(root.element("lyrics"))
        values.chart = chart.isEmpty ? nil : chart.joined(separator: "\n")
        guard
            let fields = values.fields(
                place: "\(file), line \(root.line)", notation: notation, warnings: &library.warnings, leftOut: &library.leftOut)
        else { return nil }
        return AppSong(fields: fields, line: root.line)
    }

    /// The chart of `<lyrics>`: a paragraph per verse or instrumental part.
    static func chartLines(_ lyrics: XMLElement?) -> [String] {
        var paragraphs: [[String]] = [], verses = 0
        for part in lyrics?.elements ?? [] where part.name == "verse" || part.name == "instrument" {
            var lines: [String] = []
            for group in part.elements("lines") {
                lines += self.lines(of: group)
            }
            while lines.last?.isEmpty == true { lines.removeLast() }
            let name = part[attribute: "name"] ?? ""
            if name.hasPrefix("v"), part.name == "verse" { verses += 1 }
            let inSequence = part.name == "verse" && name == "v\(verses)"
            if !inSequence, !(lines.first.map(isHeading) ?? false) {
                lines.insert("{comment: \(label(of: name, instrument: part.name == "instrument"))}", at: 0)
            }
            if !lines.isEmpty { paragraphs.append(lines) }
        }
        return paragraphs.enumerated().flatMap { $0.offset == 0 ? $0.element : [""] + $0.element }
    }

    /// A line that already says what the paragraph is: a directive or a comment.
    static func isHeading(_ line: String) -> Bool {
        line.hasPrefix("{") || line.hasPrefix("#")
    }

    /// "Chorus 2" for c2, "Verse 1" for v1, "Bridge" for b.
    static func label(of name: String, instrument: Bool) -> String {
        let kinds: [Character: String] =
            instrument
            ? ["i": "Intro", "e": "Ending", "s": "Solo", "m": "Middle"]
            : ["v": "Verse", "c": "Chorus", "p": "Pre-chorus", "b": "Bridge", "e": "Ending", "i": "Intro", "o": "Other"]
        guard let first = name.first, let kind = kinds[first] else { return name.isEmpty ? "Verse" : name }
        let rest = name.dropFirst()
        return rest.isEmpty ? kind : "\(kind) \(rest)"
    }

    /// The lines of one `<lines>`: broken at `<br/>`, its chords in brackets, each `<comment>` a
    /// line of its own; the spaces around the file's own line ends are layout, not text.
    static func lines(of group: XMLElement) -> [String] {
        var lines: [String] = [""], commentEnded = false
        func append(_ text: String) {
            // What follows a comment on its line starts a line of its own.
            if commentEnded, !text.trimmingCharacters(in: .whitespaces).isEmpty {
                lines.append("")
                commentEnded = false
            }
            lines[lines.count - 1] += text
        }
        func walk(_ element: XMLElement) {
            for content in element.children {
                switch content {
                case .text(let text): append(layoutless(text))
                case .element(let child):
                    switch child.name {
                    case "br":
                        lines.append("")
                        commentEnded = false
                    case "chord":
                        append("[" + chordName(child) + "]")
                        walk(child)
                    case "comment":
                        if !lines[lines.count - 1].trimmingCharacters(in: .whitespaces).isEmpty { lines.append("") }
                        lines[lines.count - 1] = Text.trimmedSpaces(child.text)
                        commentEnded = true
                    case "beat":
                        walk(child)
                        append(" ")
                    default: walk(child)
                    }
                }
            }
        }
        walk(group)
        // Leading spaces stay (a tab's columns); the file's own line ends are gone (``layoutless``).
        let trimmed = lines.map { String($0.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
        return trimmed.last?.isEmpty == true && trimmed.count > 1 ? Array(trimmed.dropLast()) : trimmed
    }

    /// Text without the line ends and indentation of a pretty-printed file: a line end between
    /// two words is a space.
    static func layoutless(_ text: String) -> String {
        guard text.contains("\n") else { return text }
        var result = ""
        for (index, piece) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let part = index == 0 ? piece : piece.drop { $0 == " " || $0 == "\t" }
            if index > 0, let last = result.last, last != " ", let first = part.first, first != " " { result += " " }
            result += index == 0 ? String(part.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) : String(part)
        }
        return result
    }

    /// The chord's name: 0.8's `name`, or 0.9's root, structure and bass.
    static func chordName(_ chord: XMLElement) -> String {
        if let name = chord[attribute: "name"] { return name }
        let root = chord[attribute: "root"] ?? ""
        let quality = chord[attribute: "structure"].map { OpenLyricsChords.quality(of: $0) ?? "(\($0))" } ?? ""
        return root + quality + (chord[attribute: "bass"].map { "/" + $0 } ?? "")
    }
}
