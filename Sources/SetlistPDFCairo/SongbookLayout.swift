import SetlistModel
import SetlistPDF

/// The songbook: a table of contents, then every song's chord chart in setlist order, in the key
/// of its copy. A song that fits on a page is never split across two; a longer one flows on, its
/// title repeated at the top of the pages it runs onto, unless two columns keep it on one page.
/// Footers and an outline as in the long PDF.
struct SongbookLayout {
    let playlist: Playlist
    let frame: PageFrame
    let typesetter: Typesetter
    var notation: KeyNotation = .english
    /// The fret of a capo the charts are read for: chords shown as the shapes played there (0: as
    /// they sound); nil, each chart's own capo.
    var capo: Int? = nil
    /// The part the charts are written for (``Part``).
    var part: Part = .concert
    /// Whom it is printed for, under the title.
    var reader: String? = nil

    static let contentsHeading = Font(size: 14, bold: true)
    static let contents = Font(size: 11)
    static let contentsSet = Font(size: 11, bold: true)
    static let setHeading = Font(size: 16, bold: true)
    static let title = Font(size: 16, bold: true)
    static let details = Font(size: 10)
    static let notes = Font(size: 9.5, italic: true)
    static let continued = Font(size: 10, bold: true)
    /// The room kept at the right of the contents for page numbers.
    static let pageNumberWidth = 36.0

    /// Lays the songbook out twice: once to learn the page each song starts on, then again with
    /// those numbers in the contents (which take the same room either way).
    func build() -> FlowDocument {
        // The songs are laid out once: only the contents change between the two passes.
        var songs: [Int: [Row]] = [:]
        let draft = document(pageNumbers: [:], songs: &songs)
        return document(
            pageNumbers: Self.pageNumbers(of: draft, pages: draft.paginate(top: frame.top, bottom: frame.bottom)), songs: &songs)
    }

    /// The page (from 1) that each outline entry of `document` starts on.
    static func pageNumbers(of document: FlowDocument, pages: [[PlacedRow]]) -> [Int: Int] {
        var numbers: [Int: Int] = [:]
        for (index, page) in pages.enumerated() {
            for placed in page where !placed.isContinuation {
                if let entry = document.rows[placed.row].outline, numbers[entry] == nil { numbers[entry] = index + 1 }
            }
        }
        return numbers
    }

    /// The songbook with `pageNumbers` (by outline entry) in its contents; `songs` keeps each
    /// song's rows by position, laid out when first asked for.
    func document(pageNumbers: [Int: Int], songs: inout [Int: [Row]]) -> FlowDocument {
        var document = FlowDocument()
        document.footerTitle = playlist.name
        document.append(TitleBlock.rows(for: playlist, frame: frame, typesetter: typesetter, reader: reader))
        guard !playlist.copies.isEmpty else {
            document.append(TitleBlock.emptyRows(frame: frame, typesetter: typesetter))
            return document
        }
        document.outline = outline()
        document.append(contentsRows(outline: document.outline, pageNumbers: pageNumbers))
        document.continuations = RowsOnDemand { [self] position in continuation(position) }
        var entryIndex = 0, firstRow = true
        for set in playlist.sets {
            var heading: [Row] = []
            if let label = set.label {
                heading = setHeadingRows(label, outline: entryIndex)
                entryIndex += 1
            }
            for entry in set.entries {
                let song = songs[entry.position] ?? songRows(entry, outline: entryIndex)
                songs[entry.position] = song
                var rows = heading + song
                heading = []
                entryIndex += 1
                if firstRow {
                    rows[0].pageBreakBefore = true
                    firstRow = false
                }
                document.append(rows)
            }
            // A set with no songs still shows where its break is.
            document.append(heading)
        }
        return document
    }

    /// One outline entry per set with a label (bold) and per song, under its set.
    func outline() -> [OutlineEntry] {
        var entries: [OutlineEntry] = []
        for set in playlist.sets {
            var parent: Int?
            if let label = set.label {
                entries.append(OutlineEntry(title: label, parent: nil, bold: true))
                parent = entries.count - 1
            }
            for entry in set.entries {
                entries.append(OutlineEntry(title: "\(entry.position). \(entry.copy.name)", parent: parent))
            }
        }
        return entries
    }

    /// "Contents", then a line per outline entry with the page it starts on at the right.
    private func contentsRows(outline: [OutlineEntry], pageNumbers: [Int: Int]) -> [Row] {
        var rows = Row.lines(
            of: typesetter.box("Contents", font: Self.contentsHeading, width: frame.contentWidth), x: frame.left, spaceBefore: 10)
        rows[rows.count - 1].keepWithNext = true
        rows[rows.count - 1].extraBelow = 4
        let titleWidth = frame.contentWidth - Self.pageNumberWidth
        for (index, entry) in outline.enumerated() {
            let font = entry.bold ? Self.contentsSet : Self.contents
            let indent = entry.parent == nil ? 0.0 : 12.0
            let title = typesetter.box(entry.title, font: font, width: titleWidth - indent, overflow: .ellipsize)
            // Before the first pass knows the pages, a stand-in of the same height.
            let number = typesetter.box(pageNumbers[index].map(String.init) ?? "0", font: font, width: nil)
            rows.append(
                Row(
                    fragments: [
                        Fragment(box: title, line: 0, x: frame.left + indent),
                        Fragment(box: number, line: 0, x: frame.right - number.width),
                    ], spaceBefore: entry.bold ? 6 : 2))
        }
        return rows
    }

    /// A set's label in large type over a rule, kept with the song after it.
    private func setHeadingRows(_ label: String, outline: Int) -> [Row] {
        var rows = Row.lines(
            of: typesetter.box(label, font: Self.setHeading, width: frame.contentWidth), x: frame.left, spaceBefore: 24,
            keepTogether: true)
        rows[0].outline = outline
        rows[rows.count - 1].keepWithNext = true
        rows[rows.count - 1].extraBelow = 6
        rows[rows.count - 1].rules = [
            Rule(fromX: frame.left, toX: frame.right, y: rows[rows.count - 1].height - 3, thickness: 1.2, gray: 0.3)
        ]
        return rows
    }

    /// The song's heading and its chart (or "(no chart)"): chained into one block when it fits on
    /// a page, so it starts a new page rather than being split; else the heading kept with the
    /// chart's first lines and the rest flowing on.
    func songRows(_ entry: PlaylistEntry, outline: Int) -> [Row] {
        let shown = SongbookChart.shown(entry.copy.fields, capo: capo, part: part, notation: notation)
        var rows = headingRows(entry, shown: shown)
        rows[0].outline = outline
        let chart = shown?.chart
        let pageHeight = frame.bottom - frame.top
        var body: [Row]
        if let chart {
            let lines = ChartLine.lines(of: chart)
            // The singer's words are set larger.
            let lyrics = part.readsChords ? ChartRows.lyrics : ChartRows.largeLyrics
            body = ChartRows(typesetter: typesetter, left: frame.left, width: frame.contentWidth, notation: notation, lyricsFont: lyrics)
                .rows(lines)
            // Too long for the page: in two columns, if that keeps it on one.
            if FlowDocument(rows: rows + body).totalHeight + 6 > pageHeight {
                let width = (frame.contentWidth - TwoColumns.gutter) / 2
                let room = pageHeight - FlowDocument(rows: rows).totalHeight - 6
                let columns = ChartRows(typesetter: typesetter, left: frame.left, width: width, notation: notation, lyricsFont: lyrics)
                    .rows(lines)
                if let block = TwoColumns.block(columns, columnWidth: width, height: room) { body = [block] }
            }
        } else {
            body = Row.lines(of: typesetter.box("(no chart)", font: Font(size: 10.5, italic: true), gray: 0.45, width: nil), x: frame.left)
        }
        if !body.isEmpty { body[0].spaceBefore += 6 }
        for index in body.indices { body[index].continuation = entry.position }
        rows += body
        let fits = FlowDocument(rows: rows).totalHeight <= pageHeight
        for index in rows.indices.dropLast() where fits || index < rows.count - body.count + 1 {
            rows[index].keepWithNext = true
        }
        rows[0].spaceBefore = 20
        return rows
    }

    /// "3. Title", then author, key, tempo and length, the notes, and a rule.
    private func headingRows(_ entry: PlaylistEntry, shown: ShownChart?) -> [Row] {
        let fields = entry.copy.fields
        let title = typesetter.box(
            [Run(text: "\(entry.position). ", font: Self.title, gray: 0.45), Run(text: fields.name, font: Self.title)],
            width: frame.contentWidth)
        var rows = Row.lines(of: title, x: frame.left, keepTogether: true)
        let details = SongbookChart.details(fields, shown: shown, capo: capo, part: part, notation: notation)
        if !details.isEmpty {
            rows += Row.lines(
                of: typesetter.box(details, font: Self.details, gray: 0.3, width: frame.contentWidth), x: frame.left, spaceBefore: 2,
                keepTogether: true)
        }
        if let notes = fields.notes, !notes.isEmpty {
            rows += Row.lines(
                of: typesetter.box(notes, font: Self.notes, gray: 0.25, width: frame.contentWidth, paragraphDirection: true),
                x: frame.left, spaceBefore: 3)
        }
        for index in rows.indices.dropLast() { rows[index].keepWithNext = true }
        rows[rows.count - 1].extraBelow = 3
        rows[rows.count - 1].rules = [Rule(fromX: frame.left, toX: frame.right, y: rows[rows.count - 1].height - 1, thickness: 0.5)]
        return rows
    }

    /// "3. Title (continued)" at the top of a page a song runs onto.
    private func continuation(_ position: Int) -> Row {
        let name = "\(position). " + playlist.copies[position - 1].name
        let continued = typesetter.box(" " + SetlistWords.continued, font: Font(size: 10, italic: true), gray: 0.4, width: nil)
        let title = typesetter.box(name, font: Self.continued, gray: 0.4, width: frame.contentWidth - continued.width, overflow: .ellipsize)
        return Row(fragments: [
            Fragment(box: title, line: 0, x: frame.left), Fragment(box: continued, line: 0, x: frame.left + title.width),
        ])
    }
}
