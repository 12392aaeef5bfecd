import SetlistModel

/// The chart of the song the band is on, as the page is given it: read by the model in each of
/// the twelve keys a phone's part and transpose may land on (``ShownChart``), line for line, so
/// that the page only picks what setlist spelled and numbered.
///
/// Stage mode publishes a view on every key and clock tick, and reading a chart in every key is
/// most of a view's cost: the last song's rows are kept and used again while its copy and the
/// notation stay the same.
final class BandCharts {
    /// A song's chart as the page is given it: its rows for every part but the words, the lyrics
    /// part's rows, and the capo its chords are shapes for.
    typealias Rows = (chart: [BandView.ChartRow], words: [BandView.ChartRow], capo: Int?)
    private var last: (record: SongFields, notation: KeyNotation, rows: Rows?)?

    /// The rows of `record`'s chart; nil when it has none.
    func rows(of record: SongFields, notation: KeyNotation) -> Rows? {
        if let last, last.record == record, last.notation == notation { return last.rows }
        let rows = ShownChart(record, notation: notation).map { shown in
            (
                BandView.chart(of: record, shown: shown, notation: notation), BandView.chart(of: record, part: .lyrics, notation: notation),
                shown.capo
            )
        }
        last = (record, notation, rows)
        return rows
    }
}

extension BandView {
    /// The chart of `record` as rows: as the copy's key sounds, and each text that a move changes
    /// also in every move (`part` reads them: concert pitch its chords, the numbers part its
    /// numbers, the lyrics part its words). A chart that cannot move is sent as `shown`.
    static func chart(of record: SongFields, shown: ShownChart? = nil, part: Part = .concert, notation: KeyNotation) -> [ChartRow] {
        guard let chart = record.chart, let key = record.key ?? chart.soundingKey, chart.key != nil else {
            let shown = part == .concert ? shown : ShownChart(record, notation: notation, part: part)
            return shown.map { rows(of: [ChartLine.lines(of: $0.chart)], notation: notation) } ?? []
        }
        /// The chart as `part` reads it when the copy sounds `up` semitones higher.
        func reading(_ part: Part, _ up: Int) -> [ChartLine] {
            var moved = record
            moved.key = up == 0 ? key : key.transposed(by: up)
            // Concert pitch without the chart's capo: the page takes a capo's fret off itself.
            let shown =
                part == .concert ? ShownChart(moved, notation: notation, capo: 0) : ShownChart(moved, notation: notation, part: part)
            return shown.map { ChartLine.lines(of: $0.chart) } ?? []
        }
        if part == .lyrics {
            // Words move only where the key changes.
            let words = reading(.lyrics, 0)
            let keyChanges = words.contains { if case .keyChange = $0 { true } else { false } }
            return rows(of: keyChanges ? (0..<12).map { reading(.lyrics, $0) } : [words], notation: notation)
        }
        return rows(of: (0..<12).map { reading(.concert, $0) }, numbers: (0..<12).map { reading(.numbers, $0) }, notation: notation)
    }

    /// Rows of `readings` (the chart in one key, or in each of the 12, line for line) and of
    /// `numbers` (the numbers part's, likewise): a text the same in every reading is sent once.
    static func rows(of readings: [[ChartLine]], numbers: [[ChartLine]]? = nil, notation: KeyNotation) -> [ChartRow] {
        let lines = readings[0]
        let aligned = readings.allSatisfy { $0.count == lines.count } ? readings : [lines]
        let numbers = numbers.flatMap { $0.allSatisfy { $0.count == lines.count } ? $0 : nil }
        /// `text` of the line at `index` in each reading; nil unless all 12 have one and differ.
        func each(_ readings: [[ChartLine]], _ index: Int, _ text: (ChartLine) -> String?) -> [String]? {
            let texts = readings.compactMap { text($0[index]) }
            return texts.count == 12 && Set(texts).count > 1 ? texts : nil
        }
        func segment(_ number: Int, of count: Int) -> (ChartLine) -> String? {
            { line in
                guard case .lyrics(let segments) = line, segments.count == count else { return nil }
                return segments[number].chord
            }
        }
        func comment(_ line: ChartLine) -> String? { if case .comment(let text) = line { text } else { nil } }
        func verbatim(_ line: ChartLine) -> String? { if case .verbatim(let text) = line { text } else { nil } }
        func keyName(_ line: ChartLine) -> String? { if case .keyChange(let key) = line { key.spelled(in: notation) } else { nil } }
        /// A comment's or grid's text as the numbers part reads it, where it differs.
        func numbered(_ index: Int, _ text: String, _ read: (ChartLine) -> String?) -> (String?, [String]?) {
            guard let numbers else { return (nil, nil) }
            let first = read(numbers[0][index])
            return (first == text ? nil : first, each(numbers, index, read))
        }
        var rows: [ChartRow] = [], chorus = false
        for (index, line) in lines.enumerated() {
            let inChorus: Bool? = chorus ? true : nil
            switch line {
            case .lyrics(let segments):
                rows.append(
                    ChartRow(
                        kind: "lyrics",
                        segments: segments.enumerated().map { number, piece in
                            guard piece.chord != nil else { return ChartSegmentView(chord: nil, text: piece.text) }
                            let chord = segment(number, of: segments.count)
                            return ChartSegmentView(
                                chord: piece.chord, text: piece.text, moves: each(aligned, index, chord),
                                number: numbers.flatMap { chord($0[0][index]) }, numbers: numbers.flatMap { each($0, index, chord) })
                        }, chorus: inChorus))
            case .comment(let text), .verbatim(let text):
                let read = comment(line) != nil ? comment : verbatim
                let (number, numberedTexts) = numbered(index, text, read)
                rows.append(
                    ChartRow(
                        kind: comment(line) != nil ? "comment" : "verbatim", text: text, texts: each(aligned, index, read),
                        numbered: number, numberedTexts: numberedTexts, chorus: inChorus))
            case .keyChange(let key):
                rows.append(
                    ChartRow(kind: "key", texts: each(aligned, index, keyName), key: Key(key, notation: notation), chorus: inChorus))
            case .sectionStart(let section, let label):
                rows.append(ChartRow(kind: "heading", text: label))
                chorus = section == .chorus
            case .sectionEnd: chorus = false
            case .blank: rows.append(ChartRow(kind: "blank"))
            }
        }
        return rows
    }
}
