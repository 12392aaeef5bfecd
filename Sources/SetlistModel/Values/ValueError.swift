import SetlistSupport

/// A value typed by a person or read from a document that cannot be used. The value is quoted
/// as every message quotes text (``ControlCharacters/quoted(_:limit:)``): a cell of a file may
/// hold a terminal's escape sequences.
public enum ValueError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidLength(String)
    /// A show's start (`setlist plan --start`) that is not a time or date and time.
    case invalidStart(String)
    case invalidKey(String)
    case invalidTempo(String)
    case invalidEmail(String)
    case empty(field: String)
    case controlCharacter(field: String, scalar: Unicode.Scalar)
    case tooLong(field: String, limit: Int)
    case looksLikePath(field: String, text: String)
    case invalidTimeout(String)
    /// A key notation that is neither english nor german (`setlist config notation`).
    case invalidNotation(String)
    /// A day, or day and time, that is not one (`setlist gig --add --date`, `songs --not-played-since`);
    /// `field` names the option.
    case invalidDate(field: String, text: String)
    /// A chart's `{key: …}` (on `line`) that is not a key.
    case invalidChartKey(line: Int, text: String)
    /// A chart given as a file of several songs (`{new_song}` on `line`).
    case chartHoldsSeveralSongs(line: Int)
    /// A chart given (`chart --set`) with nothing in it but details: `source` names the file.
    case emptyChart(source: String)
    /// A member's part (`add-contact --part`, `pdf --part`) that is none of the parts.
    case invalidPart(String)

    public var description: String {
        switch self {
        case .invalidLength(let text)
        where SongLength.seconds(from: String(Text.trimmedSpaces(text).dropFirst())) != nil
            && Text.trimmedSpaces(text).hasPrefix("-"):
            "A length cannot be negative (\(ControlCharacters.quoted(text))). Type minutes and seconds like 2:20, 2m20s or 140 (seconds)."
        case .invalidLength(let text):
            "\(ControlCharacters.quoted(text)) is not a length. Type minutes and seconds like 2:20, 2m20s or 140 (seconds), or 1:02:03 from an hour up (at most 10 hours)."
        case .invalidStart(let text):
            "\(ControlCharacters.quoted(text)) is not a start time. Type a time like 20:00, or a date and time like \"2026-12-31 20:00\", optionally followed by a time zone (Europe/Prague, UTC, +01:00)."
        case .invalidKey(let text):
            "\(ControlCharacters.quoted(text)) is not a key. Type it like 'C minor', 'Cm', 'Ami', 'F#m', 'Bb', 'B♭ major', 'H', 'Fis', 'Es', 'C-dur' or 'fis-moll'."
        case .invalidTempo(let text):
            "\(ControlCharacters.quoted(text)) is not a tempo. Type whole beats per minute from \(Tempo.range.lowerBound) to \(Tempo.range.upperBound), like 120."
        case .invalidEmail(let text):
            "\(ControlCharacters.quoted(text, limit: 80)) is not an email address. Type it like name@example.com."
        case .empty(let field):
            "The \(field) \(Self.agreeing(field, "is", "are")) empty. Type some text for \(Self.agreeing(field, "it", "them"))."
        case .controlCharacter(let field, let scalar):
            "The \(field) \(Self.agreeing(field, "contains", "contain")) \(ControlCharacters.described(scalar)). Remove it and type the text again."
        case .invalidDate(let field, let text):
            "\(field): \(ControlCharacters.quoted(text)) is not a date. Type a day like 2026-03-14, or a day and time like \"2026-03-14 20:00\"."
        case .invalidChartKey(let line, let text):
            "Line \(line): {key: \(ControlCharacters.quoted(text))} is not a key. Write it like {key: Am}, {key: F#} or {key: Bb}."
        case .chartHoldsSeveralSongs(let line):
            "Line \(line): {new_song} starts a second song; a chart is one song's. Import a songbook with `setlist import-songs`."
        case .emptyChart(let source):
            "\(source) holds no chart (no lyrics, chords or sections). To remove the chart, use --remove."
        case .invalidPart(let text):
            "\(ControlCharacters.quoted(text)) is not a part. Use concert, Bb, Eb, F (transposing instruments), capo 1 to capo 11, lyrics or numbers (Nashville numbers)."
        case .invalidNotation(let text):
            "\(ControlCharacters.quoted(text)) is not a notation. Use `setlist config notation english` (B is B major) or `setlist config notation german` (B is B♭, H is B)."
        case .tooLong(let field, let limit):
            "The \(field) \(Self.agreeing(field, "is", "are")) too long. Keep \(Self.agreeing(field, "it", "them")) to \(limit) characters at most."
        case .invalidTimeout(let text):
            "\(ControlCharacters.quoted(text)) is not a timeout. Give the seconds the mail program may take, from 1 to 86400, like `setlist config sendmail-timeout 120`."
        case .looksLikePath(let field, let text):
            "The \(field) \(ControlCharacters.quoted(text)) \(Self.agreeing(field, "looks", "look")) like a file path. Choose a name that does not start with '/' or '~/', is more than dots, and has no '..' or '.' between slashes."
        }
    }

    /// The fields named in the plural ("the notes"), which take a plural verb.
    private static let pluralFields: Set<String> = ["notes"]

    /// `singular` or `plural`, whichever agrees with `field`: "The notes are too long".
    private static func agreeing(_ field: String, _ singular: String, _ plural: String) -> String {
        pluralFields.contains(field) ? plural : singular
    }
}
