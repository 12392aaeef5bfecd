/// The keys of stage mode as pure logic: which position is shown, the number being typed for a
/// jump, and a message for the status line.
///
/// → / space / n / j / ↓ / Page Down: next; ← / p / k / ↑ / Page Up / Backspace: previous;
/// Home / g: first; End / G: last; digits then Enter: jump to that position; q / Esc / Ctrl-C:
/// quit. While a number is typed, Backspace deletes a digit and Esc cancels it.
public struct LiveNavigator: Hashable, Sendable {
    /// What the caller should do after a key.
    public enum Outcome: Hashable, Sendable {
        case redraw, quit, nothing
    }

    /// The number of songs.
    public let count: Int
    /// The 1-based position shown.
    public private(set) var position: Int
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
        case .right, .down, .pageDown, .enter, .character(" "), .character("n"), .character("j"):
            move(to: position + 1)
        case .left, .up, .pageUp, .backspace, .character("p"), .character("k"):
            move(to: position - 1)
        case .home, .character("g"):
            position = 1
        case .end, .character("G"):
            position = count
        case .character("q"), .character("Q"), .escape, .interrupt:
            return .quit
        default:
            break
        }
        return outcome(since: before)
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
            position = number
        } else {
            message = "There is no song \(number): the songs are 1 to \(count)."
        }
    }

    private func outcome(since before: LiveNavigator) -> Outcome {
        before == self ? .nothing : .redraw
    }
}
