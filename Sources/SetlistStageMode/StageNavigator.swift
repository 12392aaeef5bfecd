import SetlistModel

/// The keys of stage mode as pure logic: which position is shown, how far its notes are
/// scrolled, the number being typed for a jump, and a message for the status line.
///
/// → / space / n / j / Enter: next; ← / p / k / Backspace: previous; ↓ / Page Down scroll the
/// notes down (a line, a page) and, once their end shows, go to the next song; ↑ / Page Up scroll
/// back and, at the top, go to the previous song; Home / g: first; End / G: last; digits then
/// Enter: jump to that position; q / Ctrl-C: quit. While a number is typed, Backspace deletes a
/// digit and Esc cancels it. Esc alone does not quit: it is the key most easily hit by accident
/// on stage, so the status line says which key does.
public struct StageNavigator: Hashable, Sendable {
    /// What the caller should do after a key.
    public enum Outcome: Hashable, Sendable {
        case redraw, quit, nothing
    }

    /// The number of songs.
    public private(set) var count: Int
    /// The 1-based position shown.
    public private(set) var position: Int
    /// The first line of the notes shown (0: from the top).
    public private(set) var scroll = 0
    /// How far the notes of the song shown scroll at the screen's size; the caller sets it from
    /// each screen it lays out (``StageScreen/notes``).
    public var notes = NotesScroll.none {
        didSet { scroll = min(scroll, notes.maximum) }
    }
    /// The digits typed so far for a jump.
    public private(set) var typed = ""
    /// A remark for the status line, cleared by the next key.
    public private(set) var message: String?

    /// Starts at `position`, kept inside 1...count.
    public init(count: Int, position: Int = 1) {
        self.count = max(count, 1)
        self.position = min(max(position, 1), self.count)
    }

    /// The status line, or nil for the line of keys.
    public var status: String? {
        if !typed.isEmpty { return "Go to song: \(typed)_   (Enter to jump, Esc to cancel)" }
        return message
    }

    /// What the status line says after Esc, which does not quit.
    public static let escapeRemark = "Esc does not quit on stage: press q to quit."

    /// Shows `text` on the status line until the next key.
    public mutating func say(_ text: String) { message = text }

    /// Applies one key.
    public mutating func handle(_ key: Key) -> Outcome {
        let before = self
        message = nil
        if case .character(let c) = key, c.isASCII, let digit = c.wholeNumberValue {
            if typed.count < 6 { typed.append(String(digit)) }
            return outcome(since: before)
        }
        if !typed.isEmpty {
            switch key {
            case .backspace:
                typed.removeLast()
                return outcome(since: before)
            case .escape:
                typed = ""
                return outcome(since: before)
            case .enter:
                jump()
                return outcome(since: before)
            default: typed = ""
            }
        }
        switch key {
        case .right, .enter, .character(" "), .character("n"), .character("j"):
            move(to: position + 1)
        case .left, .backspace, .character("p"), .character("k"):
            move(to: position - 1)
        case .down:
            if scroll < notes.maximum { scroll += 1 } else { move(to: position + 1) }
        case .pageDown:
            if scroll < notes.maximum { scroll = min(notes.maximum, scroll + notes.page) } else { move(to: position + 1) }
        case .up:
            if scroll > 0 { scroll -= 1 } else { move(to: position - 1) }
        case .pageUp:
            if scroll > 0 { scroll = max(0, scroll - notes.page) } else { move(to: position - 1) }
        case .home, .character("g"):
            position = 1
        case .end, .character("G"):
            position = count
        case let key where Self.quits(key):
            return .quit
        case .escape:
            message = Self.escapeRemark
        default:
            break
        }
        return outcome(since: before)
    }

    /// Whether `key` quits stage mode: q, and Ctrl-C, which a terminal in raw mode reads as a key.
    static func quits(_ key: Key) -> Bool { key == .character("q") || key == .character("Q") || key == .interrupt }

    /// Follows the song shown from `old` into `new`, the same setlist changed elsewhere
    /// (``position(following:from:to:)``). Returns a remark for the status line (worded to hold
    /// also after the key that found the change has moved on).
    public mutating func follow(from old: Playlist, to new: Playlist) -> String {
        count = max(new.copies.count, 1)
        let (found, removed) = Self.position(following: position, from: old, to: new)
        position = found
        guard let removed else { return "The setlist was changed elsewhere." }
        scroll = 0
        notes = .none
        return "'\(removed)' was removed elsewhere."
    }

    /// Where the song at `position` of `old` is in `new`, the same setlist changed elsewhere: the
    /// same copy where it is now; when it was removed (its name given), the first of the songs
    /// after it that is still there, else the last of those before it.
    public static func position(following position: Int, from old: Playlist, to new: Playlist) -> (position: Int, removed: String?) {
        let oldCopies = old.copies, newCopies = new.copies
        let count = max(newCopies.count, 1)
        let index = min(max(position - 1, 0), max(oldCopies.count - 1, 0))
        let newIndex = Dictionary(newCopies.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard index < oldCopies.count else { return (min(position, count), nil) }
        let current = oldCopies[index]
        if let found = newIndex[current.id] { return (found + 1, nil) }
        if let after = oldCopies[(index + 1)...].lazy.compactMap({ newIndex[$0.id] }).first { return (after + 1, current.name) }
        if let before = oldCopies[..<index].reversed().lazy.compactMap({ newIndex[$0.id] }).first { return (before + 1, current.name) }
        return (min(position, count), current.name)
    }

    /// Shows the song at `target` (kept inside 1...count), its notes from the top.
    public mutating func show(_ target: Int) {
        let before = position
        position = min(max(target, 1), count)
        if position != before {
            scroll = 0
            notes = .none
        }
    }

    private mutating func move(to target: Int) {
        if target > count {
            message = "That was the last song. g goes to the first."
        } else if target < 1 {
            message = "This is the first song."
        } else {
            position = target
        }
    }

    private mutating func jump() {
        let number = Int(typed) ?? 0
        typed = ""
        if (1...count).contains(number) {
            // The number of the song shown takes it back to its top.
            if number == position { scroll = 0 }
            position = number
        } else {
            message = "There is no song \(number): the songs are 1 to \(count)."
        }
    }

    /// Whether the key changed anything; another song (however it was reached: a step, a jump,
    /// Home, End) starts at its top, its notes' extent unknown until it is laid out.
    private mutating func outcome(since before: StageNavigator) -> Outcome {
        if position != before.position {
            scroll = 0
            notes = .none
        }
        return before == self ? .nothing : .redraw
    }
}
