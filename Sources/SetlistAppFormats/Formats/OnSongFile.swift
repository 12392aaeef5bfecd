import Foundation
import SetlistModel

/// An OnSong song file (`.onsong`, or `.txt`), as OnSong's format documentation describes it:
/// the lines up to the first blank one are the header: a bare first line is the title and a bare
/// second the artist, or tags `Title:`, `Artist:`, `Key:`, `Capo:`, `Tempo:`, `Time:`,
/// `Duration:`, `Flow:` (or ChordPro's `{title: …}`). Then sections, each headed by its name and
/// a colon (`Verse 1:`, `Chorus:`), with chords in brackets over their syllables; a chord may
/// carry beat dots (`[G..]`) and a line a format prefix (`*` bold, `/` italic, `!` both, `_`
/// underlined, `&red:` a colour, `>yellow:` a highlight), which are dropped. OnSong writes UTF-8
/// or UTF-16 with a byte order mark.
///
/// OnSong's `.backup` is a database whose layout OnSong does not publish: it is refused with
/// advice (``AppFormatError/onSongBackup(file:)``).
public enum OnSongFile {
    static let tags: Set<String> = [
        "title", "artist", "author", "key", "capo", "tempo", "time", "duration", "flow", "copyright", "ccli", "album", "book", "number",
        "keywords", "topic",
    ]
    static let sectionNames = [
        "verse", "chorus", "bridge", "pre-chorus", "prechorus", "intro", "outro", "tag", "ending", "interlude", "instrumental", "solo",
        "refrain", "coda",
    ]

    /// Whether a `.txt` file reads as OnSong: a section heading (`Chorus:`) or a header tag
    /// (`Key: G`) in its first lines.
    static func looksLikeOnSong(_ bytes: [UInt8]) -> Bool {
        guard let text = try? text(bytes, file: "") else { return false }
        return text.split(whereSeparator: \.isNewline).prefix(40).contains { line in
            // A ChordPro file's directives are its own reader's.
            !line.hasPrefix("{") && isSectionHeading(String(line)) != nil
                || (!line.hasPrefix("{") && tag(String(line)).map { $0.name != "title" } == true)
        }
    }

    static func text(_ bytes: [UInt8], file: String) throws(AppFormatError) -> String {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard let text = String(data: Data(bytes), encoding: .utf16) else {
                throw .invalidDocument(file: file, detail: "its UTF-16 text is damaged.")
            }
            return text
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(validating: body, as: UTF8.self) else {
            throw .invalidDocument(file: file, detail: "it is neither UTF-8 nor UTF-16 text, as OnSong writes. Save it as UTF-8.")
        }
        return text
    }

    static func read(_ bytes: [UInt8], file: String, notation: KeyNotation) throws(AppFormatError) -> AppLibrary {
        var library = AppLibrary(format: .onSong)
        let lines = try text(bytes, file: file).split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        )
        .map(String.init)
        var values = SongValues(), index = 0, bare = 0
        // The header: up to the first blank line, or the first line that is neither a tag nor bare.
        while index < lines.count {
            let line = Text.trimmedSpaces(lines[index])
            if line.isEmpty {
                index += 1
                break
            }
            if isSectionHeading(line) != nil || line.contains("[") { break }
            if let (name, value) = tag(line) {
                switch name {
                case "title": values.title = value
                case "artist", "author": values.author = value
                case "key": values.key = value
                case "capo": values.capo = Int(value)
                case "tempo": values.bpm = value
                case "duration": values.length = value
                case "time": values.timeSignature = value
                case "ccli": values.ccli = value
                case "flow": values.order = SongValues.order(value, label: OpenSongSong.label)
                default: break
                }
            } else if bare == 0, values.title == nil {
                values.title = line
                bare += 1
            } else if bare == 1, values.author == nil {
                values.author = line
                bare += 1
            } else {
                break
            }
            index += 1
        }
        values.chart = lines[index...].map(chartLine).joined(separator: "\n")
        if let fields = values.fields(place: file, notation: notation, warnings: &library.warnings, leftOut: &library.leftOut) {
            library.songs.append(AppSong(fields: fields))
        }
        return library
    }

    /// A header tag: `Key: G` or `{key: G}`, by its lowercased name.
    static func tag(_ line: String) -> (name: String, value: String)? {
        if line.hasPrefix("{"), line.hasSuffix("}"), let colon = line.firstIndex(of: ":") {
            let name = line[line.index(after: line.startIndex)..<colon].lowercased()
            let value = Text.trimmedSpaces(String(line[line.index(after: colon)..<line.index(before: line.endIndex)]))
            return (name == "t" ? "title" : name == "st" || name == "subtitle" ? "artist" : name, value)
        }
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = Text.trimmedSpaces(String(line[..<colon])).lowercased()
        let value = Text.trimmedSpaces(String(line[line.index(after: colon)...]))
        guard tags.contains(name), !value.isEmpty else { return nil }
        return (name, value)
    }

    /// The name of a section heading such as `Verse 1:` or `Chorus :`, nil for any other line.
    static func isSectionHeading(_ line: String) -> String? {
        let trimmed = Text.trimmedSpaces(line)
        guard trimmed.hasSuffix(":") else { return nil }
        let name = Text.trimmedSpaces(String(trimmed.dropLast()))
        let lower = name.lowercased()
        guard
            sectionNames.contains(where: { lower == $0 || lower.hasPrefix($0 + " ") })
                || lower.count <= 3 && lower.first.map({ "vcbp".contains($0) }) == true && lower.dropFirst().allSatisfy(\.isASCIIDigit)
        else { return nil }
        return name
    }

    /// A body line as ChordPro: a heading as a comment, format prefixes and beat dots dropped.
    static func chartLine(_ line: String) -> String {
        if let name = isSectionHeading(line) { return "{comment: \(name)}" }
        var text = line
        if let first = text.first, "*/!_".contains(first), text.count > 1 { text.removeFirst() }
        if let match = text.range(of: #"^[&>](#[0-9A-Fa-f]{6}|[A-Za-z]+):"#, options: .regularExpression) { text.removeSubrange(match) }
        // [G..] is G held for the beats its dots count.
        return text.replacingOccurrences(of: #"\[([^\]\.]+)\.+\]"#, with: "[$1]", options: .regularExpression)
    }
}
