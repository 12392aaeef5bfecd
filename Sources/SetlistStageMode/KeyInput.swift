/// A key press, decoded from the bytes a terminal sends in raw mode.
public enum Key: Hashable, Sendable {
    case character(Character)
    case left, right, up, down, home, end, pageUp, pageDown
    case enter, escape, backspace
    /// Ctrl-C (raw mode delivers it as a byte, not as SIGINT).
    case interrupt
}

/// Turns the bytes of a raw-mode terminal into keys: letters (UTF-8), Enter, Backspace, Ctrl-C
/// and the escape sequences of arrows, Home, End, Page Up and Page Down (CSI and SS3 forms).
///
/// A lone Escape cannot be told from the start of a sequence until no more bytes follow, so the
/// decoder keeps it; the caller calls ``flush()`` when the input has been quiet for a moment.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// A decoder holding nothing.
    public init() {}

    /// Whether bytes are held back waiting for the rest of a sequence.
    public var isWaiting: Bool { !pending.isEmpty }

    /// The keys completed by `bytes`.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        while !pending.isEmpty {
            switch decode(pending) {
            case .key(let key, let used):
                keys.append(key)
                pending.removeFirst(used)
            case .skip(let used):
                pending.removeFirst(used)
            case .incomplete:
                return keys
            }
        }
        return keys
    }

    /// The keys held back, as if no more bytes will come: a lone Escape becomes ``Key/escape``.
    public mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        guard let first = pending.first else { return [] }
        if first == 0x1B {
            // An Escape, possibly followed by an unfinished sequence: the Escape key, the rest dropped.
            return [.escape]
        }
        return [] // the start of a UTF-8 letter that never finished
    }

    private enum Step {
        case key(Key, used: Int)
        case skip(Int)
        case incomplete
    }

    private func decode(_ bytes: [UInt8]) -> Step {
        let first = bytes[0]
        switch first {
        case 0x1B: return escapeSequence(bytes)
        case 0x0D, 0x0A: return .key(.enter, used: 1)
        case 0x7F, 0x08: return .key(.backspace, used: 1)
        case 0x03: return .key(.interrupt, used: 1)
        case 0x00..<0x20: return .skip(1)
        case 0x20..<0x80: return .key(.character(Character(Unicode.Scalar(first))), used: 1)
        default: return utf8Letter(bytes)
        }
    }

    private func escapeSequence(_ bytes: [UInt8]) -> Step {
        guard bytes.count > 1 else { return .incomplete }
        switch bytes[1] {
        case UInt8(ascii: "["):
            // CSI: parameters and intermediates (0x20–0x3F), then one final byte (0x40–0x7E).
            var index = 2
            while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { return bytes.count > 16 ? .skip(bytes.count) : .incomplete }
            let parameters = String(decoding: bytes[2..<index], as: UTF8.self)
            let key = csiKey(final: bytes[index], parameters: parameters)
            return key.map { .key($0, used: index + 1) } ?? .skip(index + 1)
        case UInt8(ascii: "O"):
            guard bytes.count > 2 else { return .incomplete }
            let key = csiKey(final: bytes[2], parameters: "")
            return key.map { .key($0, used: 3) } ?? .skip(3)
        case 0x1B:
            return .key(.escape, used: 1)
        default:
            // Alt+key sends Escape then the key: take it as Escape, and the key after it on its own.
            return .key(.escape, used: 1)
        }
    }

    private func csiKey(final: UInt8, parameters: String) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    private func utf8Letter(_ bytes: [UInt8]) -> Step {
        let first = bytes[0]
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 0
        guard length > 0, first < 0xF8 else { return .skip(1) }
        guard bytes.count >= length else { return .incomplete }
        let text = String(decoding: bytes[0..<length], as: UTF8.self)
        guard let character = text.first, text.unicodeScalars.first != "\u{FFFD}" else { return .skip(length) }
        return .key(.character(character), used: length)
    }
}
