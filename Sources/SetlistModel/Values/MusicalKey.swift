/// A key such as "C minor" or "F# major", stored in one canonical form and printed in the band's
/// notation (``KeyNotation``).
///
/// Typed as `C minor`, `Cm`, `Cmi`, `Cmin`, `C-`, `F#m`, `Bb`, `B♭ major`, or with the Czech/German
/// names `H`, `Hm`, `Fis`, `Fism`, `Cis`, `As`, `Es`, `Ges`, `C-dur`, `c-moll`, `Es-dur`, `es-moll`.
/// `B-dur` is B♭ major and `H-dur` B major. What a bare `B` and a lone lowercase letter mean depends
/// on the notation: in English `B` is B major and `a` A major; in German `B` is B♭ and `a` A minor.
public struct MusicalKey: Hashable, Sendable, CustomStringConvertible {
    public enum Mode: String, Sendable, CaseIterable { case major, minor }

    /// A letter A–G followed by nothing, `#` or `b`.
    public let tonic: String
    public let mode: Mode

    public init?(tonic: String, mode: Mode) {
        guard let letter = tonic.first, "ABCDEFG".contains(letter),
            ["", "#", "b"].contains(String(tonic.dropFirst()))
        else { return nil }
        self.tonic = tonic
        self.mode = mode
    }

    /// The canonical form kept in the library and in JSON, for example "C minor", "F# major",
    /// "Bb major"; read back with the English parser (``init(parsing:)``).
    public var description: String { "\(tonic) \(mode.rawValue)" }

    /// The key as people of `notation` write it: English "B major", "B♭ minor", "F♯ major";
    /// German "H dur", "b moll", "Fis dur". Every printed key goes through this.
    public func spelled(in notation: KeyNotation) -> String {
        let letter = tonic.prefix(1), accidental = tonic.dropFirst()
        switch notation {
        case .english:
            let sign = accidental == "#" ? "♯" : accidental == "b" ? "♭" : ""
            return "\(letter)\(sign) \(mode.rawValue)"
        case .german:
            var name: String
            switch (letter, accidental) {
            case ("B", ""): name = "H"
            case ("B", "b"): name = "B"
            case ("B", _): name = "His"
            case ("E", "b"): name = "Es"
            case ("A", "b"): name = "As"
            case (_, "#"): name = letter + "is"
            case (_, "b"): name = letter + "es"
            default: name = String(letter)
            }
            if mode == .minor { name = name.lowercased() }
            return name + (mode == .major ? " dur" : " moll")
        }
    }

    /// Parses any of the accepted spellings, reading the ambiguous ones (`B`, a lone lowercase
    /// letter) as `notation` means them; nil when `text` is not a key.
    public init?(parsing text: String, notation: KeyNotation) {
        guard let key = KeyParser.parse(text, notation: notation) else { return nil }
        self = key
    }

    /// Parses a spelling the English way, as the canonical form in library files is read.
    public init?(parsing text: String) {
        // Library files hold the canonical form: looked up, not parsed (a large library has thousands).
        if let key = Self.canonical[text] {
            self = key
            return
        }
        self.init(parsing: text, notation: .english)
    }

    /// Parses a key or throws an error that shows how to type one.
    public static func parse(_ text: String, notation: KeyNotation = .english) throws(ValueError) -> MusicalKey {
        guard let key = MusicalKey(parsing: text, notation: notation) else { throw .invalidKey(text) }
        return key
    }
}

/// How a band names keys: which key the ambiguous spellings mean, and how keys are printed.
/// The library and JSON keep the canonical form (``MusicalKey/description``) in both.
public enum KeyNotation: String, Sendable, CaseIterable {
    /// B is B major, a lone lowercase letter is major; keys print as "B♭ minor", "F♯ major".
    case english
    /// B is B♭ and H is B, a lone lowercase letter is minor; keys print as "H dur", "b moll".
    case german

    /// Reads "english" or "german" (any case, surrounding spaces ignored).
    public init?(parsing text: String) {
        self.init(rawValue: Text.trimmedSpaces(text).lowercased())
    }
}

extension MusicalKey {
    /// Every key by its canonical form (``description``), as the English parse reads it.
    static let canonical: [String: MusicalKey] = Dictionary(
        uniqueKeysWithValues: "ABCDEFG".flatMap { letter in
            ["", "#", "b"].flatMap { accidental in
                Mode.allCases.compactMap { MusicalKey(tonic: "\(letter)\(accidental)", mode: $0) }
            }
        }.map { ($0.description, $0) })
}

/// One grammar for every spelling: a letter A–H, an accidental (`#`, `b`, or the German `is`,
/// `es`, `s` of `As`/`Es`), an optional `-` or space, and a mode word.
private enum KeyParser {
    static let majorWords: Set<String> = ["", "maj", "major", "dur"]
    static let minorWords: Set<String> = ["m", "mi", "min", "minor", "moll"]

    static func parse(_ raw: String, notation: KeyNotation) -> MusicalKey? {
        var text = Text.trimmedSpaces(raw)
        // ♯ and ♭ (U+266F, U+266D) both start with the byte 0xE2; most keys are typed without
        // them, and Foundation's replacement goes through NSString.
        if text.utf8.contains(0xE2) { text = text.replacingOccurrences(of: "♯", with: "#").replacingOccurrences(of: "♭", with: "b") }
        guard let first = text.first, first.isLetter, text.count <= 20 else { return nil }
        let letter = first.uppercased()
        guard "ABCDEFGH".contains(letter), letter.count == 1 else { return nil }
        var rest = Substring(text.dropFirst())
        let (accidental, german) = accidental(of: letter, in: &rest)
        guard let accidental else { return nil }

        // The mode word after an optional "-" or space: "-moll", " dur", "m", "min", a capital
        // "M" (major, as in chord symbols); a lone "-" is minor, as in "A-".
        let trimmed = Text.trimmedSpaces(String(rest))
        let word = trimmed.first == "-" ? Text.trimmedSpaces(String(trimmed.dropFirst())) : trimmed
        let lower = word.lowercased()
        var mode: MusicalKey.Mode
        if trimmed == "-" || (word != "M" && minorWords.contains(lower)) {
            mode = .minor
        } else if word == "M" || majorWords.contains(lower) {
            mode = .major
        } else {
            return nil
        }
        let modeWordIsGerman = lower == "dur" || lower == "moll"
        // A lowercase letter alone is minor in German ("a", "fis"); English reads it as major.
        if word.isEmpty && first.isLowercase && notation == .german { mode = .minor }

        let tonic: String
        switch letter {
        case "H":
            tonic = "B" + accidental
        case "B" where accidental.isEmpty && (notation == .german || modeWordIsGerman):
            // German B is B♭; "B-dur" has always meant B♭ major.
            tonic = "Bb"
        case "B" where german:
            return nil // "Bes", "Bis": not how anyone writes a key.
        default:
            tonic = letter + accidental
        }
        return MusicalKey(tonic: tonic, mode: mode)
    }

    /// Removes the accidental from the front of `rest`: "#", "b", "is", "es", or the "s" of
    /// "As"/"Es". Returns it as "#", "b" or "", and whether it was written the German way;
    /// nil when what follows the letter cannot be read.
    static func accidental(of letter: String, in rest: inout Substring) -> (String?, Bool) {
        let lower = rest.lowercased()
        // No mode word starts with "b", so a "b" after the letter is always a flat ("Ebm", "Bb").
        if rest.first == "#" {
            rest = rest.dropFirst()
            return ("#", false)
        }
        if rest.first == "b" {
            rest = rest.dropFirst()
            return ("b", false)
        }
        if lower.hasPrefix("is") {
            rest = rest.dropFirst(2)
            return ("#", true)
        }
        if letter == "E" || letter == "A" {
            if lower.hasPrefix("s") {
                rest = rest.dropFirst(1)
                return ("b", true)
            }
        } else if lower.hasPrefix("es") {
            rest = rest.dropFirst(2)
            return ("b", true)
        }
        return ("", false)
    }
}
