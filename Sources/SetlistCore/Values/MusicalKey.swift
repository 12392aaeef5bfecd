/// A key such as "C minor" or "F# major", stored and shown in one normal form.
///
/// Typed as `C minor`, `Cm`, `F#m`, `Bb`, `B♭ major`, or with the Czech/German names `C-dur`,
/// `c-moll`, `Fis-dur`, `B-dur` (B♭ major) and `H-dur` (B major). A bare `B` is B major.
public struct MusicalKey: Hashable, Sendable, CustomStringConvertible {
    public enum Mode: String, Sendable, CaseIterable { case major, minor }

    /// A letter A–G followed by nothing, `#` or `b`.
    public let tonic: String
    public let mode: Mode

    public init?(tonic: String, mode: Mode) {
        guard let letter = tonic.first, "ABCDEFG".contains(letter),
              ["", "#", "b"].contains(String(tonic.dropFirst())) else { return nil }
        self.tonic = tonic
        self.mode = mode
    }

    /// The normal form, for example "C minor", "F# major", "Bb major".
    public var description: String { "\(tonic) \(mode.rawValue)" }

    /// The same key with ♯ and ♭, for print.
    public var typeset: String {
        let pretty = tonic.replacingOccurrences(of: "#", with: "♯").replacingOccurrences(of: "b", with: "♭")
        return "\(pretty) \(mode.rawValue)"
    }

    /// Parses any of the accepted spellings; nil when `text` is not a key.
    public init?(parsing text: String) {
        guard let key = KeyParser.parse(text) else { return nil }
        self = key
    }

    /// Parses a key or throws an error that shows how to type one.
    public static func parse(_ text: String) throws(ValueError) -> MusicalKey {
        guard let key = MusicalKey(parsing: text) else { throw .invalidKey(text) }
        return key
    }
}

extension MusicalKey: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let key = MusicalKey(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: ValueError.invalidKey(text).description))
        }
        self = key
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

private enum KeyParser {
    static func parse(_ raw: String) -> MusicalKey? {
        let text = raw.trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: "♯", with: "#").replacingOccurrences(of: "♭", with: "b")
        guard let first = text.first, first.isLetter, text.count <= 20 else { return nil }
        return parseCentralEuropean(text) ?? parseEnglish(text)
    }

    /// "C-dur", "c-moll", "Fis-dur", "es-moll", "B-dur" (B flat), "H-dur" (B); the mode word is
    /// required, which keeps a bare "B" English.
    static func parseCentralEuropean(_ text: String) -> MusicalKey? {
        let lower = text.lowercased()
        let mode: MusicalKey.Mode
        let stem: Substring
        if let range = lower.range(of: "dur", options: [.anchored, .backwards]) {
            mode = .major
            stem = lower[..<range.lowerBound]
        } else if let range = lower.range(of: "moll", options: [.anchored, .backwards]) {
            mode = .minor
            stem = lower[..<range.lowerBound]
        } else {
            return nil
        }
        var name = String(stem)
        while let last = name.last, last == "-" || last == " " { name.removeLast() }
        let tonics: [String: String] = [
            "c": "C", "cis": "C#", "ces": "Cb", "d": "D", "dis": "D#", "des": "Db",
            "e": "E", "eis": "E#", "es": "Eb", "f": "F", "fis": "F#", "fes": "Fb",
            "g": "G", "gis": "G#", "ges": "Gb", "a": "A", "ais": "A#", "as": "Ab",
            "h": "B", "his": "B#", "b": "Bb", "hes": "Bb",
            // English letters with accidentals are understood too: "F#-dur", "Eb moll".
            "c#": "C#", "cb": "Cb", "d#": "D#", "db": "Db", "e#": "E#", "eb": "Eb",
            "f#": "F#", "fb": "Fb", "g#": "G#", "gb": "Gb", "a#": "A#", "ab": "Ab",
            "b#": "B#", "bb": "Bb",
        ]
        guard let tonic = tonics[name] else { return nil }
        return MusicalKey(tonic: tonic, mode: mode)
    }

    /// "C", "Cm", "C minor", "F#m", "Bb", "Bb major", "a min", "Ebmaj", "CM" (major).
    static func parseEnglish(_ text: String) -> MusicalKey? {
        var rest = Substring(text)
        guard let letter = rest.first.map({ String($0).uppercased() }), "ABCDEFG".contains(letter) else { return nil }
        rest = rest.dropFirst()
        var accidental = ""
        if let next = rest.first, next == "#" || next == "b" {
            accidental = String(next)
            rest = rest.dropFirst()
        }
        let typed = rest.trimmingCharacters(in: .whitespaces)
        let suffix = typed.lowercased()
        let mode: MusicalKey.Mode
        // A capital M is major in chord symbols ("CM", "CM7"); only a small m means minor.
        if typed == "M" { return MusicalKey(tonic: letter + accidental, mode: .major) }
        switch suffix {
        case "", "maj", "major", "dur": mode = .major
        case "m", "min", "minor", "moll": mode = .minor
        default: return nil
        }
        return MusicalKey(tonic: letter + accidental, mode: mode)
    }
}
