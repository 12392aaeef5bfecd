import SetlistModel

/// A chord chart laid out as rows for a column `width` wide at `left`: each lyric line under a
/// line of its chords, every chord over the start of its syllable as Pango measures the lyrics;
/// section headings, the chorus indented with a bar beside it, comments in a grey box, tabs and
/// grids in a fixed-width font.
struct ChartRows {
    let typesetter: Typesetter
    let left: Double
    let width: Double
    /// How a key change is spelled.
    var notation: KeyNotation = .english
    /// The lyrics' font: larger for the lyrics part (``largeLyrics``).
    var lyricsFont = Self.lyrics

    static let lyrics = Font(size: 11)
    /// The words of the lyrics part, read without chords from a music stand.
    static let largeLyrics = Font(size: 15)
    static let chord = Font(size: 10, bold: true)
    static let chordColor = Color(red: 0.72, green: 0.13, blue: 0.05)
    static let section = Font(size: 9.5, bold: true)
    static let comment = Font(size: 10, italic: true)
    static let verbatim = Font(size: 9.5, monospaced: true)
    /// How far the chorus stands in from the verses; its bar is in the middle of that.
    static let chorusIndent = 14.0
    /// The least space between two chords on a line.
    static let chordGap = 4.0
    /// The space a blank line of the chart leaves.
    static let blankSpace = 7.0

    /// The rows of `lines`. Rows that belong together (a chord line and its lyrics, a heading and
    /// the line after it) are chained with ``Row/keepWithNext``.
    func rows(_ lines: [ChartLine]) -> [Row] {
        var rows: [Row] = [], space = 0.0, chorus = false
        /// `opensSection`: the rows are a section's heading.
        func add(_ more: [Row], keepHeading opensSection: Bool = false) {
            guard !more.isEmpty else { return }
            var more = more
            more[0].spaceBefore += space
            more[0].startsParagraph = space > 0 || opensSection
            space = 0
            if chorus { more = more.enumerated().map { barred($1, joinsAbove: $0 > 0 || rowsContinueChorus(rows)) } }
            rows += more
        }
        for line in lines {
            let x = left + (chorus ? Self.chorusIndent : 0), available = width - (chorus ? Self.chorusIndent : 0)
            switch line {
            case .lyrics(let segments):
                add(lyricRows(segments, x: x, width: available))
            case .comment, .keyChange:
                add(commentRows(line.commentText(notation: notation) ?? "", x: x, width: available))
            case .sectionStart(let section, let label):
                let heading = typesetter.box(label.uppercased(), font: Self.section, gray: 0.4, width: width)
                var headingRows = Row.lines(of: heading, x: left, spaceBefore: rows.isEmpty ? 0 : 3, keepTogether: true)
                headingRows[headingRows.count - 1].keepWithNext = true
                add(headingRows, keepHeading: true)
                chorus = section == .chorus
            case .sectionEnd:
                chorus = false
            case .verbatim(let text):
                add(Row.lines(of: typesetter.box(text, font: Self.verbatim, width: available), x: x, keepTogether: true))
            case .blank:
                space += Self.blankSpace
            }
        }
        return rows
    }

    /// Whether the last row has the chorus bar, which the next one then joins (not so under the
    /// chorus's heading).
    private func rowsContinueChorus(_ rows: [Row]) -> Bool {
        rows.last?.rules.contains { $0.toY != nil } ?? false
    }

    /// `row` with the chorus bar beside it, reaching up over the space above when the row above
    /// has the bar too, so the bar is unbroken.
    private func barred(_ row: Row, joinsAbove: Bool) -> Row {
        var row = row
        let x = left + Self.chorusIndent / 2 - 2
        row.rules.append(Rule(fromX: x, toX: x, y: joinsAbove ? -row.spaceBefore : 0, thickness: 1.5, gray: 0.55, toY: row.height))
        return row
    }

    /// A comment in italics on a light grey box.
    private func commentRows(_ text: String, x: Double, width: Double) -> [Row] {
        let padding = 3.0
        let box = typesetter.box(text, font: Self.comment, gray: 0.2, width: width - 2 * padding)
        var rows = Row.lines(of: box, x: x + padding, spaceBefore: 2, keepTogether: true)
        for index in rows.indices {
            let height = rows[index].height
            rows[index].shades = [Shade(x: x, y: -0.5, width: box.width + 2 * padding, height: height + 1, gray: 0.9)]
        }
        if let last = rows.indices.last { rows[last].extraBelow = 2 }
        return rows
    }

    /// A piece of a lyric line placed on the page: a word or syllable (one line of its box), and
    /// the chord over its start.
    struct Placed {
        var chord: TextBox?
        var text: TextBox?
        var textLine = 0
        var x: Double
    }

    /// The rows of one lyric line: a chord row over a lyric row for each line it takes, a line
    /// too long for the column going on below, indented.
    func lyricRows(_ segments: [ChartSegment], x: Double, width: Double) -> [Row] {
        let lines = placedLines(segments, width: width)
        var rows: [Row] = []
        for (index, line) in lines.enumerated() {
            let chords = line.compactMap { placed in placed.chord.map { Fragment(box: $0, line: 0, x: x + placed.x) } }
            let words = line.compactMap { placed in placed.text.map { Fragment(box: $0, line: placed.textLine, x: x + placed.x) } }
            let space = index == 0 ? 1.0 : 0.0
            if !chords.isEmpty { rows.append(Row(fragments: chords, spaceBefore: space, keepWithNext: true)) }
            if !words.isEmpty || chords.isEmpty {
                rows.append(Row(fragments: words, spaceBefore: chords.isEmpty ? space : 0, keepWithNext: true))
            }
        }
        if let last = rows.indices.last { rows[last].keepWithNext = false }
        return rows
    }

    /// The pieces of a lyric line placed from 0, in lines of at most `width`. A chord stands over
    /// the start of its syllable; when it is wider than the syllables before the next chord, the
    /// lyrics move on to leave it room. A line wraps only between words (after a space or a
    /// hyphen): a word with a chord inside it ("w[C]hite") goes to the next line whole, its
    /// chord with it; only a word too wide for a line of its own breaks.
    func placedLines(_ segments: [ChartSegment], width: Double) -> [[Placed]] {
        let wrapIndent = 12.0
        let pieces = Self.pieces(segments).map { piece in
            (
                chord: piece.chord.map { typesetter.word($0, font: Self.chord, color: Self.chordColor) },
                text: piece.text.isEmpty ? nil : typesetter.word(piece.text, font: lyricsFont),
                word: piece.text, startsWord: piece.startsWord
            )
        }
        var lines: [[Placed]] = [], line: [Placed] = []
        var x = 0.0, chordEnd = -Double.infinity
        /// Where a piece starts: after the text before it, and clear of the chord before it.
        func start(_ chord: TextBox?, x: Double, chordEnd: Double) -> Double { max(x, chord == nil ? x : chordEnd + Self.chordGap) }
        func wrap() {
            lines.append(line)
            line = []
            (x, chordEnd) = (wrapIndent, -Double.infinity)
        }
        for (index, piece) in pieces.enumerated() {
            let (chord, text, word) = (piece.chord, piece.text, piece.word)
            // The whole word goes to the next line when it does not fit on this one.
            if piece.startsWord, !line.isEmpty {
                var (wordX, wordChordEnd, end) = (x, chordEnd, x)
                for part in [piece] + pieces[(index + 1)...].prefix(while: { !$0.startsWord }) {
                    let at = start(part.chord, x: wordX, chordEnd: wordChordEnd)
                    if let partChord = part.chord { wordChordEnd = at + partChord.width }
                    wordX = at + (part.text?.width ?? 0)
                    end = max(end, at + max(part.text?.width ?? 0, part.chord?.width ?? 0))
                }
                if end > width { wrap() }
            }
            var at = start(chord, x: x, chordEnd: chordEnd)
            // A word too wide for a line of its own breaks between its pieces.
            if !line.isEmpty, at + max(text?.width ?? 0, chord?.width ?? 0) > width {
                wrap()
                at = x
            }
            if let chord { chordEnd = at + chord.width }
            // A piece wider than the whole column wraps inside it, its lines one under another.
            if let text, text.width > width - at {
                let wrapped = typesetter.box(word, font: lyricsFont, width: max(width - at, 1))
                for index in wrapped.lines.indices {
                    if index > 0 {
                        lines.append(line)
                        line = []
                    }
                    line.append(Placed(chord: index == 0 ? chord : nil, text: wrapped, textLine: index, x: at))
                }
                x = at + wrapped.width
                continue
            }
            line.append(Placed(chord: chord, text: text, x: at))
            x = at + (text?.width ?? 0)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The pieces of a lyric line: each word of each segment (``words(_:)``), the segment's chord
    /// over its first. `startsWord` where a line may wrap before the piece: after a space or a
    /// hyphen, never inside a word a chord stands in.
    static func pieces(_ segments: [ChartSegment]) -> [(chord: String?, text: String, startsWord: Bool)] {
        var pieces: [(chord: String?, text: String, startsWord: Bool)] = []
        for segment in segments {
            for (index, word) in words(segment.text).enumerated() {
                let chord = index == 0 ? segment.chord.flatMap { $0.isEmpty ? nil : $0 } : nil
                let startsWord = pieces.last.map { $0.text.hasSuffix(" ") || endsInHyphen($0.text) } ?? true
                pieces.append((chord, word, startsWord))
            }
        }
        return pieces
    }

    /// Whether `text` ends in a hyphen a line may break after ("rock-"), not a dash standing
    /// alone.
    static func endsInHyphen(_ text: String) -> Bool {
        guard let last = text.last, last == "-" || last == "\u{2010}" else { return false }
        return text.dropLast().last.map { $0.isLetter } ?? false
    }

    /// `text` cut after each run of spaces and after a hyphen in a word, so a line can wrap
    /// between words: "Hello big rock-song" as "Hello ", "big ", "rock-", "song". Empty text is
    /// one empty word, for a chord over nothing.
    static func words(_ text: String) -> [String] {
        var words: [String] = [], current = ""
        for character in text {
            if character != " ", current.last == " " || (character.isLetter && endsInHyphen(current)) {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        return words + [current]
    }
}
