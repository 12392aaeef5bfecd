/// Parses and formats song lengths.
///
/// Accepted: `2:20`, `140` (seconds), `2m20s`, `2m`, `45s`, `1h2m3s`, `1:02:03`.
public enum SongLength {
    /// The longest length accepted for one song or break: ten hours.
    public static let maximum = 10 * 3600

    /// The length in seconds, or nil when `text` is not a length.
    public static func seconds(from raw: String) -> Int? {
        guard let total = duration(from: raw), total > 0 else { return nil }
        return total
    }

    /// A length that may be zero, like a show's gap between songs (`0`, `0s`, `0:00`); nil when
    /// `text` is not a length.
    public static func duration(from raw: String) -> Int? {
        let text = Text.trimmedSpaces(raw).lowercased()
        guard !text.isEmpty, text.count <= 16 else { return nil }
        let total: Int?
        if text.contains(":") {
            total = colonForm(text)
        } else if text.allSatisfy(\.isASCIIDigit) {
            total = Int(text)
        } else {
            total = unitForm(text)
        }
        guard let total, total <= maximum else { return nil }
        return total
    }

    /// Parses a length or throws an error that shows how to type one.
    public static func parse(_ text: String) throws(ValueError) -> Int {
        guard let seconds = seconds(from: text) else { throw .invalidLength(text) }
        return seconds
    }

    /// "2:20", or "1:02:03" from an hour up.
    public static func format(_ seconds: Int) -> String {
        // Only a file edited by hand holds one (`check` names it); "-0:05", not "0:0-5".
        if seconds < 0 { return "-" + format(seconds == .min ? .max : -seconds) }
        let hours = seconds / 3600, minutes = (seconds % 3600) / 60, secs = seconds % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }

    private static func colonForm(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.allSatisfy(\.isASCIIDigit) })
        else { return nil }
        let numbers = parts.compactMap { Int($0) }
        // Every part after the first counts minutes or seconds, so it stays below 60.
        guard numbers.dropFirst().allSatisfy({ $0 < 60 }), parts.dropFirst().allSatisfy({ $0.count == 2 }) else { return nil }
        return numbers.reduce(0) { $0 * 60 + $1 }
    }

    private static func unitForm(_ text: String) -> Int? {
        var total = 0
        var digits = ""
        var lastUnit = 4 // h=3, m=2, s=1; units must come in that order, each once.
        for character in text where character != " " {
            if character.isASCIIDigit {
                digits.append(character)
                continue
            }
            let unit: (rank: Int, factor: Int)
            switch character {
            case "h": unit = (3, 3600)
            case "m": unit = (2, 60)
            case "s": unit = (1, 1)
            default: return nil
            }
            guard let value = Int(digits), digits.count <= 5, unit.rank < lastUnit else { return nil }
            total += value * unit.factor
            lastUnit = unit.rank
            digits = ""
        }
        return digits.isEmpty && lastUnit < 4 ? total : nil
    }
}

/// Parses tempos.
public enum Tempo {
    public static let range = 1...999

    /// Parses a tempo in whole beats per minute ("120", "120 bpm").
    public static func parse(_ raw: String) throws(ValueError) -> Int {
        var text = Text.trimmedSpaces(raw).lowercased()
        if text.hasSuffix("bpm") { text = Text.trimmedSpaces(String(text.dropLast(3))) }
        guard text.count <= 4, text.allSatisfy(\.isASCIIDigit), let value = Int(text), range.contains(value) else {
            throw .invalidTempo(raw)
        }
        return value
    }
}

extension Character {
    package var isASCIIDigit: Bool { isASCII && isNumber }
}
