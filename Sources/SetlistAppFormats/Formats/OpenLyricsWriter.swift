import Foundation
import SetlistModel

/// A song as an OpenLyrics 0.9 document, valid against the published RELAX NG schema: its title,
/// author, key (as the schema names keys), tempo, length and notes (as comments: OpenLyrics has
/// no element for them), and its chart in the song's key, one verse per paragraph. Chords are
/// `<chord root structure bass/>` milestones where OpenLyrics has a structure for their quality,
/// else kept in brackets in the text; a directive or comment line of the chart is a `<comment>`.
/// ``OpenLyricsSong`` reads it back to the same song.
public enum OpenLyricsWriter {
    public static func document(_ fields: SongFields) -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        let program = "setlist \(SetlistVersion.current)"
        out += #"<song xmlns="\#(OpenLyricsSong.namespace)" version="0.9" createdIn="\#(program)" modifiedIn="\#(program)">"# + "\n"
        out += "  <properties>\n    <titles>\n      <title>\(escaped(Text.oneLine(fields.name)))</title>\n    </titles>\n"
        if let author = fields.author {
            out += "    <authors>\n      <author>\(escaped(Text.oneLine(author)))</author>\n    </authors>\n"
        }
        if let bpm = fields.bpm {
            out += (30...250).contains(bpm) ? "    <tempo type=\"bpm\">\(bpm)</tempo>\n" : "    <tempo type=\"text\">\(bpm) bpm</tempo>\n"
        }
        if let key = fields.key { out += "    <key>\(keyName(key))</key>\n" }
        var lines = fields.chart?.shown(in: fields.key).lines ?? []
        // The chart's head of details OpenLyrics has elements for (as the readers write it).
        while let directive = lines.first.flatMap(ChordProDirective.init), let element = propertyElements[directive.name],
            directive.value.range(of: propertyPatterns[element] ?? "", options: .regularExpression) != nil
        {
            out += "    <\(element)>\(escaped(directive.value))</\(element)>\n"
            lines.removeFirst()
        }
        var comments: [String] = []
        if let length = fields.length { comments.append(OpenLyricsSong.lengthComment + SongLength.format(length)) }
        if let notes = fields.notes { comments.append(notes) }
        if !comments.isEmpty {
            out += "    <comments>\n" + comments.map { "      <comment>\(escaped($0))</comment>\n" }.joined() + "    </comments>\n"
        }
        out += "  </properties>\n  <lyrics>\n"
        let verses = paragraphs(lines)
        if verses.isEmpty { out += "    <verse name=\"v1\">\n      <lines></lines>\n    </verse>\n" }
        for (name, paragraph) in verses {
            out +=
                "    <verse name=\"\(name)\">\n      <lines>" + paragraph.map(line).joined(separator: "<br/>") + "</lines>\n    </verse>\n"
        }
        return out + "  </lyrics>\n</song>\n"
    }

    /// The directives at a chart's head that are OpenLyrics properties: `{time: 3/4}` and
    /// `{meta: ccli 22025}`.
    static let propertyElements = ["time": "timeSignature", "ccli": "ccliNo"]
    /// What the schema allows in each (a value it does not stays a comment of the lyrics).
    static let propertyPatterns = ["timeSignature": "^(6[0-3]|[1-5][0-9]|[1-9])/(64|32|16|8|4|2|1)$", "ccliNo": "^[1-9][0-9]{0,11}$"]

    /// The chart's paragraphs (between blank lines), each with the verse name its heading gives
    /// it, or the next verse number.
    static func paragraphs(_ lines: [String]) -> [(String, [String])] {
        var result: [(String, [String])] = [], current: [String] = [], verses = 0
        func finish() {
            guard !current.isEmpty else { return }
            var name = current.first.flatMap(headingName) ?? ""
            if name.isEmpty { name = "v\(verses + 1)" }
            if name.hasPrefix("v") { verses += 1 }
            result.append((name, current))
            current = []
        }
        for line in lines {
            if line.isEmpty { finish() } else { current.append(line) }
        }
        finish()
        return result
    }

    /// The verse name a heading line gives: `{comment: Chorus 2}` is c2, `{start_of_bridge}` b.
    static func headingName(_ line: String) -> String? {
        guard let directive = ChordProDirective(line) else { return nil }
        let label: String
        switch directive.name {
        case "comment", "c", "comment_italic", "ci", "comment_box", "cb": label = directive.value
        case let name where name.hasPrefix("start_of_"): label = directive.value.isEmpty ? String(name.dropFirst(9)) : directive.value
        case "soc": label = directive.value.isEmpty ? "chorus" : directive.value
        case "sov": label = directive.value.isEmpty ? "verse" : directive.value
        case "sob": label = directive.value.isEmpty ? "bridge" : directive.value
        default: return nil
        }
        let words = label.lowercased().split(separator: " ")
        guard let word = words.first else { return nil }
        let number =
            words.count == 2 && words[1].allSatisfy(\.isASCIIDigit) && words[1].count <= 2 && !words[1].hasPrefix("0")
            ? String(words[1]) : ""
        let kinds: [(String, String)] = [
            ("verse", "v"), ("chorus", "c"), ("refrain", "c"), ("pre-chorus", "p"), ("prechorus", "p"), ("bridge", "b"), ("intro", "i"),
            ("ending", "e"), ("outro", "e"),
        ]
        guard let kind = kinds.first(where: { $0.0 == word })?.1 else { return "o" }
        if kind == "v" { return number.isEmpty ? nil : "v" + number }
        return kind + number
    }

    /// One chart line as the content of `<lines>`.
    static func line(_ text: String) -> String {
        if text.hasPrefix("{") || text.hasPrefix("#") { return "<comment>\(escaped(text))</comment>" }
        var out = "", rest = Substring(text)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            out += escaped(String(rest[..<open]))
            let name = String(rest[rest.index(after: open)..<close])
            if let chord = OpenLyricsChords.split(name), let structure = OpenLyricsChords.structure(of: chord.quality) {
                out += "<chord root=\"\(chord.root)\""
                if chord.quality != "" { out += " structure=\"\(structure)\"" }
                if let bass = chord.bass { out += " bass=\"\(bass)\"" }
                out += "/>"
            } else {
                out += escaped("[" + name + "]")
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + escaped(String(rest))
    }

    /// The key as the schema names keys ("F#", "Ebm"): the key's own spelling where the schema
    /// has it, else the usual one of its notes.
    static func keyName(_ key: MusicalKey) -> String {
        let own = key.tonic + (key.mode == .minor ? "m" : "")
        let allowed: Set<String> = [
            "A#", "D#", "G#", "C#", "F#", "B", "E", "A", "D", "G", "C", "F", "Bb", "Eb", "Ab", "Db", "Gb", "Cb", "A#m", "D#m", "G#m",
            "C#m", "F#m", "Bm", "Em", "Am", "Dm", "Gm", "Cm", "Fm", "Bbm", "Ebm", "Abm",
        ]
        if allowed.contains(own) { return own }
        let major = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]
        let minor = ["Cm", "C#m", "Dm", "Ebm", "Em", "Fm", "F#m", "Gm", "G#m", "Am", "Bbm", "Bm"]
        return (key.mode == .minor ? minor : major)[key.pitchClass]
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
