/// Charts as many sites publish them, even inside `.cho` files: a line of chord names over the
/// line of lyrics they are played on. Read so, the chords would be lyrics, never moved, in a
/// proportional font; turned into inline chords (`[G]Amazing [C]grace`) they are chords.
enum ChordsOverLyrics {
    /// `lines` (each with its line number) with every line of chords alone over a line of lyrics
    /// merged into that line, each chord before the letter it stood over, and a line of chords
    /// over no lyrics written as chords in brackets; and how many lines of chords were turned.
    /// Tabs, grids and other blocks shown as written are left alone.
    static func inlined(_ lines: [(text: String, line: Int)]) -> (lines: [(text: String, line: Int)], turned: Int) {
        let walked = ChartSection.walk(lines.map(\.text))
        var result: [(text: String, line: Int)] = [], turned = 0, index = 0
        while index < lines.count {
            let (text, number) = lines[index]
            guard walked[index].directive == nil, walked[index].section?.isVerbatim != true, isChordLine(text) else {
                result.append((text, number))
                index += 1
                continue
            }
            turned += 1
            if index + 1 < lines.count, walked[index + 1].directive == nil, walked[index + 1].section?.isVerbatim != true,
                isLyricLine(lines[index + 1].text)
            {
                result.append((merged(chords: text, over: lines[index + 1].text), lines[index + 1].line))
                index += 2
            } else {
                result.append((merged(chords: text, over: ""), number))
                index += 1
            }
        }
        return (result, turned)
    }

    /// Whether `line` holds chord names alone (and bar lines and repeats: `|`, `%`, `x2`), at
    /// least one, and no brackets or braces.
    static func isChordLine(_ line: String) -> Bool {
        guard !line.hasPrefix("#"), !line.contains(where: { "[]{}".contains($0) }) else { return false }
        var chords = 0
        for token in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if ChordGroup.map(token, notation: .english, { _ in "" }) != nil || ChordGroup.map(token, notation: .german, { _ in "" }) != nil
            {
                chords += 1
            } else if !isMark(token) {
                return false
            }
        }
        return chords > 0
    }

    /// Bar lines, repeat signs and counts a line of chords may hold.
    private static func isMark(_ token: Substring) -> Bool {
        if token.allSatisfy({ "|:/%-.".contains($0) }) { return true }
        let bare = token.trimmingPrefix("(").reversed().drop { $0 == ")" }.reversed()
        let lower = String(bare).lowercased()
        return ["n.c.", "nc", "n.c"].contains(lower)
            || ((lower.hasPrefix("x") || lower.hasSuffix("x")) && lower.count > 1 && lower.filter(\.isNumber).count == lower.count - 1)
    }

    private static func isLyricLine(_ line: String) -> Bool {
        !line.trimmingCharacters(in: .whitespaces).isEmpty && !line.hasPrefix("#") && !line.contains("[") && !isChordLine(line)
    }

    /// The lyrics with each chord of the line of chords put in brackets before the letter under
    /// its first letter (tabs count to the next multiple of 8); lyrics shorter than the chords
    /// are filled out with spaces.
    static func merged(chords: String, over lyrics: String) -> String {
        var lyric = Array(expandingTabs(lyrics)), placed: [(column: Int, chord: String)] = [], column = 0, current = ""
        for character in expandingTabs(chords) + " " {
            if character == " " {
                if !current.isEmpty { placed.append((column - current.count, current)) }
                current = ""
            } else {
                current.append(character)
            }
            column += 1
        }
        if let last = placed.last, lyric.count < last.column { lyric += Array(repeating: " ", count: last.column - lyric.count) }
        for (column, chord) in placed.reversed() {
            lyric.insert(contentsOf: "[" + chord + "]", at: column)
        }
        return String(lyric)
    }

    private static func expandingTabs(_ text: String) -> String {
        guard text.contains("\t") else { return text }
        var result = ""
        for character in text {
            if character == "\t" {
                result += String(repeating: " ", count: 8 - result.count % 8)
            } else {
                result.append(character)
            }
        }
        return result
    }
}
