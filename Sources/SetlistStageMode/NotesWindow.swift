import SetlistModel
import SetlistTerminal

/// How far the notes of one song scroll on one screen.
public struct NotesScroll: Hashable, Sendable {
    /// The largest first line: 0 when every line shows.
    public var maximum: Int
    /// The lines one Page Down moves.
    public var page: Int

    public init(maximum: Int, page: Int) {
        self.maximum = max(maximum, 0)
        self.page = max(page, 1)
    }

    /// Notes that do not scroll (all shown, or none).
    public static let none = NotesScroll(maximum: 0, page: 1)
}

/// The notes' wrapped lines that fit `rows` screen lines, from line `offset` on. When they do
/// not all fit, the last row says what is left out and which arrow shows it:
/// "↓ 12 more lines of notes", "↓ 8 more lines of notes, 4 above", "↑ 12 lines of notes above".
struct NotesWindow {
    let visible: [ScreenLine]
    let scroll: NotesScroll
    /// The first line shown, `offset` kept inside what scrolls.
    let offset: Int

    /// `noun` says what scrolls: "notes", "chart", "notes and chart".
    init(lines: [ScreenLine], rows: Int, offset: Int, width: Int, noun: String = "notes") {
        guard lines.count > rows else {
            (visible, scroll, self.offset) = (lines, .none, 0)
            return
        }
        guard rows > 0 else {
            (visible, scroll, self.offset) = ([], .none, 0)
            return
        }
        // One row for the marker, the rest for the notes; one line of the old page stays on a Page Down.
        let shown = rows - 1
        let maximum = shown > 0 ? lines.count - shown : 0
        let first = min(max(offset, 0), maximum)
        let below = lines.count - first - shown, above = first
        let s = { (n: Int) in n == 1 ? "" : "s" }
        let marker =
            shown == 0
            ? "… \(below) line\(s(below)) of \(noun)"
            : below > 0
                ? "↓ \(below) more line\(s(below)) of \(noun)" + (above > 0 ? ", \(above) above" : "")
                : "↑ \(above) line\(s(above)) of \(noun) above"
        visible = Array(lines[first..<first + shown]) + [ScreenLine(Cells.truncate(marker, to: width))]
        scroll = NotesScroll(maximum: maximum, page: shown - 1)
        self.offset = first
    }
}
