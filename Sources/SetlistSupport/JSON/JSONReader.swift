import Foundation

/// Reads JSON text value by value, as a codec asks for each one (``JSONCodable``): no tree is
/// built, and a problem is reported where it is, in words a person knows: the line and column of
/// broken JSON, the path (`songs[3].bpm`) and what was found there of a value of the wrong kind.
///
/// Strict where JSON is strict (one document, no trailing commas, no control characters in
/// text, valid UTF-8), and a key may stand once in an object: readers disagree on which of two
/// keys wins, so neither does. Members a codec does not know are skipped, so that a file written
/// by a later minor version reads.
public struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    /// Where the value being read is: object keys and array positions.
    private var path: [PathItem] = []
    /// The keys of the open objects, each object's after the last one's (``openKeys``).
    private var keys: [String] = []
    /// The problems read past so far (``collectProblems()``); nil when the first one throws.
    private var collected: [JSONReadError]?
    /// What the value being read should be, in words (``expecting(_:_:)``), and at which depth.
    private var expectation: (words: String, depth: Int)?

    /// How messages are worded: for the library's own files, or for documents from elsewhere.
    public enum Dialect: Sendable {
        /// `at songs[3].bpm: expected a number, found the text "fast".`
        case library
        /// `playlist.items[3].bpm: expected a whole number of beats per minute, found text
        /// "fast".`: a member's own words (``JSONMember/expected``), numbers as their values,
        /// and text with half a character (an escaped lone surrogate) a wrong value, not broken
        /// JSON.
        case document
    }

    /// How this reader words its messages.
    public var dialect = Dialect.library

    private enum PathItem {
        case key(String)
        case index(Int)
    }

    public init(_ data: Data) {
        bytes = Array(data)
    }

    /// Reads `bytes` as they are, without a copy.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// From now on, a value that is wrong but sound JSON (of the wrong kind, out of range, a
    /// record without a field it needs) is noted in ``problems`` and passed over, so that one
    /// reading names every problem of a file; broken JSON still throws. Only one problem is
    /// noted for a record whose field was wrong: the field's.
    public mutating func collectProblems() {
        collected = []
    }

    /// The problems read past since ``collectProblems()``, in the order of the text.
    public var problems: [JSONReadError] { collected ?? [] }

    /// Where the reader stands, in bytes: saved to read a value again (``SongSelection``).
    package var position: Int {
        get { index }
        set { index = newValue }
    }

    // MARK: Documents

    /// Reads the whole text as one value: `body` reads it, and nothing but space may follow.
    public mutating func readDocument<T>(_ body: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> T {
        if bytes.allSatisfy(Self.isSpace) { throw JSONReadError("it is empty.") }
        let value = try body(&self)
        skipSpace()
        if index < bytes.count { throw syntaxError("more text follows the end of the document") }
        return value
    }

    /// Reads the value that comes next with `body`, a problem with its kind worded as `words`
    /// says what it should be (in the ``Dialect/document`` dialect).
    public mutating func expecting<T>(_ words: String?, _ body: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError)
        -> T
    {
        guard let words else { return try body(&self) }
        let saved = expectation
        expectation = (words, path.count)
        defer { expectation = saved }
        return try body(&self)
    }

    /// Reads the value that comes next with `body`; a problem in it that leaves the JSON sound (a
    /// value of the wrong kind, text with half a character in a document) is returned instead and
    /// the value passed over, so that a document's reader can name every wrong field. Broken JSON
    /// and a repeated key still throw.
    public mutating func attempt<T>(_ body: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> Result<
        T, JSONReadError
    > {
        skipSpace()
        let start = index, depth = path.count
        do {
            return .success(try body(&self))
        } catch {
            guard !error.isSyntax, !error.isRepeatedKey else { throw error }
            index = start
            path.removeSubrange(depth...)
            try skipValue()
            return .failure(error)
        }
    }

    /// The path of the value being read (`playlist.items[3].chart`), or "the top level".
    public var location: String { place }

    /// Whether the value that comes next is `null`.
    public mutating func isNull() throws(JSONReadError) -> Bool {
        try kind() == .null
    }

    /// Whether the value that comes next is an object.
    public mutating func isObject() throws(JSONReadError) -> Bool {
        try kind() == .object
    }

    /// What the value that comes next is, in the words of a message ("a list", "the number 7").
    public mutating func describeNext() throws(JSONReadError) -> String {
        let start = index
        defer { index = start }
        return try describeValue(try kind())
    }

    // MARK: Values

    /// Reads an object: `member` is called with each key, and reads (or skips) its value.
    public mutating func readObject(_ member: (String, inout JSONReader) throws(JSONReadError) -> Void) throws(JSONReadError) {
        try expect(.object)
        index += 1
        let firstKey = keys.count
        defer { keys.removeSubrange(firstKey...) }
        if take(UInt8(ascii: "}")) { return }
        repeat {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw syntaxError("expected a key in quotes") }
            let keyStart = index
            let key = try readString()
            if keys[firstKey...].contains(key) {
                index = keyStart
                var error = JSONReadError("the field \"\(key)\" stands twice in \(place) (line \(line(of: keyStart))); keep one of them.")
                error.isRepeatedKey = true
                throw error
            }
            keys.append(key)
            guard take(UInt8(ascii: ":")) else { throw syntaxError("expected ':' after a key") }
            path.append(.key(key))
            try readValue { reader throws(JSONReadError) in try member(key, &reader) }
            path.removeLast()
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")) else { throw syntaxError("expected ',' or '}' in an object") }
    }

    /// Reads an array, each element with `element`.
    public mutating func readArray<Element>(_ element: (inout JSONReader) throws(JSONReadError) -> Element) throws(JSONReadError)
        -> [Element]
    {
        var elements: [Element] = []
        try readEach { reader throws(JSONReadError) in elements.append(try element(&reader)) }
        return elements
    }

    /// Reads an array, calling `element` to read (or skip) each element in turn.
    public mutating func readEach(_ element: (inout JSONReader) throws(JSONReadError) -> Void) throws(JSONReadError) {
        try expect(.array)
        index += 1
        if take(UInt8(ascii: "]")) { return }
        var position = 0
        repeat {
            path.append(.index(position))
            try readValue(element)
            path.removeLast()
            position += 1
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "]")) else { throw syntaxError("expected ',' or ']' in a list") }
    }

    /// Reads the value that comes next with `body`. When problems are collected, one in it that
    /// leaves the JSON sound is noted (unless a problem inside it already was) and the value is
    /// passed over.
    private mutating func readValue(_ body: (inout JSONReader) throws(JSONReadError) -> Void) throws(JSONReadError) {
        guard let noted = collected?.count else { return try body(&self) }
        skipSpace()
        let start = index, depth = path.count
        do {
            try body(&self)
        } catch {
            guard !error.isSyntax else { throw error }
            if collected?.count == noted { collected?.append(error) }
            index = start
            path.removeSubrange(depth...)
            try skipValue()
        }
    }

    /// Reads text.
    public mutating func readString() throws(JSONReadError) -> String {
        try expect(.string)
        let start = index + 1
        var end = start
        var high: UInt8 = 0
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                index = end + 1
                // ASCII is UTF-8 as it is; anything else is checked.
                if high < 0x80 { return String(decoding: bytes[start..<end], as: UTF8.self) }
                guard let text = Self.text(ofUTF8: bytes[start..<end]) else { throw notUTF8(in: start..<end) }
                return text
            }
            if byte == UInt8(ascii: "\\") { return try readEscapedString(from: start, plainUpTo: end) }
            if byte < 0x20 {
                index = end
                throw syntaxError("a control character stands unescaped in text")
            }
            high |= byte
            end += 1
        }
        index = bytes.count
        throw syntaxError("the text has no closing quote")
    }

    /// The text `bytes` spell, nil when they are not UTF-8. Checked as a `UTF8Span`, not with the
    /// generic `String(validating:as:)`, which looks up type metadata for every string it makes
    /// (docs/performance.md, "Text is checked by its bytes").
    private static func text(ofUTF8 bytes: ArraySlice<UInt8>) -> String? {
        guard let span = try? UTF8Span(validating: bytes.span) else { return nil }
        return String(copying: span)
    }

    /// Reads a whole number: written as one (`120`), or as a number whose value is one (`120.0`).
    public mutating func readInt() throws(JSONReadError) -> Int {
        try expect(.number)
        let start = index
        let (whole, range) = try scanNumber()
        guard let whole else {
            index = start
            if dialect == .document {
                throw JSONReadError("\(pathText): expected \(expected(.number)), found \(documentNumber(range)).")
            }
            throw JSONReadError("at \(pathText): expected a whole number, found \(written(range)).")
        }
        return whole
    }

    /// Reads `true` or `false`.
    public mutating func readBool() throws(JSONReadError) -> Bool {
        try expect(.bool)
        let value = bytes[index] == UInt8(ascii: "t")
        try takeWord(value ? "true" : "false")
        return value
    }

    /// Reads `null` as nil, or the value `read` reads.
    public mutating func readOptional<T>(_ read: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> T? {
        if try kind() == .null {
            try takeWord("null")
            return nil
        }
        return try read(&self)
    }

    /// Reads any value.
    public mutating func readValue() throws(JSONReadError) -> JSONValue {
        switch try kind() {
        case .null:
            try takeWord("null")
            return .null
        case .bool: return .bool(try readBool())
        case .string: return .string(try readString())
        case .number:
            let start = index
            let (whole, range) = try scanNumber()
            if let whole { return .int(whole) }
            guard let double = Double(written(range)) else {
                index = start
                throw syntaxError("the number \(written(range)) is out of range")
            }
            return .double(double)
        case .array: return .array(try readArray { reader throws(JSONReadError) in try reader.readValue() })
        case .object:
            var object: [String: JSONValue] = [:]
            try readObject { key, reader throws(JSONReadError) in object[key] = try reader.readValue() }
            return .object(object)
        }
    }

    /// Passes over the next value, checking only that it is JSON: a member a codec does not know.
    public mutating func skipValue() throws(JSONReadError) {
        switch try kind() {
        case .null: try takeWord("null")
        case .bool: _ = try readBool()
        case .number: _ = try skipNumber()
        case .string:
            // To the first quote no backslash escapes: a string's contents are most of a file,
            // and passing over them is most of picking a few records out of many.
            var quote = index
            repeat {
                guard let found = ByteSearch.firstIndex(of: UInt8(ascii: "\""), in: bytes, from: quote + 1) else {
                    index = bytes.count
                    throw syntaxError("the text has no closing quote")
                }
                quote = found
            } while ByteSearch.isEscaped(quote, in: bytes)
            index = quote + 1
        case .array: try readEach { reader throws(JSONReadError) in try reader.skipValue() }
        case .object:
            index += 1
            if take(UInt8(ascii: "}")) { return }
            repeat {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw syntaxError("expected a key in quotes") }
                try skipValue()
                guard take(UInt8(ascii: ":")) else { throw syntaxError("expected ':' after a key") }
                try skipValue()
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { throw syntaxError("expected ',' or '}' in an object") }
        }
    }

    /// Passes over the object that comes next, checking only that it is JSON, and gives the text
    /// of its member `member`, nil when it has none: for picking a few records out of many
    /// without reading the others.
    package mutating func skipObject(keeping member: String) throws(JSONReadError) -> String? {
        try expect(.object)
        index += 1
        var found: String?
        if take(UInt8(ascii: "}")) { return nil }
        repeat {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw syntaxError("expected a key in quotes") }
            let isMember = try readKey(isEqualTo: member)
            guard take(UInt8(ascii: ":")) else { throw syntaxError("expected ':' after a key") }
            if isMember, found == nil {
                found = try readString()
            } else {
                try skipValue()
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")) else { throw syntaxError("expected ',' or '}' in an object") }
        return found
    }

    /// Reads the key that comes next and tells whether it is `member`: a key of plain ASCII is
    /// compared where it stands, without making text of it (picking a few songs out of 30 000
    /// passes over 200 000 keys), any other is read as ``readString()`` reads it.
    private mutating func readKey(isEqualTo member: String) throws(JSONReadError) -> Bool {
        var end = index + 1
        while end < bytes.count, (0x20..<0x80).contains(bytes[end]), bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") {
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return try readString() == member }
        let start = index + 1
        index = end + 1
        return end - start == member.utf8.count && bytes[start..<end].elementsEqual(member.utf8)
    }

    // MARK: Problems a codec reports

    /// A member the value needs is not there: `the field "name" is missing at songs[3].`
    public func missing(_ key: String) -> JSONReadError {
        JSONReadError("the field \"\(key)\" is missing at \(place).")
    }

    /// The value just read is of the right kind but means nothing: `at songs[3].key: <reason>`.
    public func invalid(_ reason: String) -> JSONReadError {
        JSONReadError(dialect == .document ? "\(pathText): \(reason)" : "at \(pathText): \(reason)")
    }

    /// The object being read, for messages: its path, or "the top level".
    private var place: String {
        path.isEmpty ? "the top level" : Self.text(of: path)
    }

    /// The path of the value being read, for messages.
    private var pathText: String { Self.text(of: path) }

    private static func text(of path: [PathItem]) -> String {
        var text = ""
        for item in path {
            switch item {
            case .key(let key): text += (text.isEmpty ? "" : ".") + key
            case .index(let position): text += "[\(position)]"
            }
        }
        return text.isEmpty ? "the top level" : text
    }

    // MARK: Kinds

    package enum Kind {
        case object, array, string, number, bool, null

        /// What a reader expects, in the words of messages.
        var expected: String {
            switch self {
            case .object: "an object"
            case .array: "a list"
            case .string: "text"
            case .number: "a number"
            case .bool: "true or false"
            case .null: "null"
            }
        }
    }

    /// The kind of the value that comes next (after any space).
    package mutating func kind() throws(JSONReadError) -> Kind {
        skipSpace()
        guard index < bytes.count else { throw syntaxError("a value is missing") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw syntaxError("expected a value")
        }
    }

    /// Checks that a value of `expected` kind comes next, or says what is there instead.
    private mutating func expect(_ expected: Kind) throws(JSONReadError) {
        let found = try kind()
        guard found != expected else { return }
        let start = index
        if dialect == .document {
            let description = try describeValue(found)
            index = start
            throw JSONReadError("\(pathText): expected \(self.expected(expected)), found \(description).")
        }
        if found == .null { throw JSONReadError("at \(pathText): expected \(expected.expected) but found null.") }
        let description = try describeValue(found)
        index = start
        throw JSONReadError("at \(pathText): expected \(expected.expected), found \(description).")
    }

    /// What the value at hand should be, in words: the member's own, else its kind's.
    private func expected(_ kind: Kind) -> String {
        if let expectation, expectation.depth == path.count { return expectation.words }
        return kind == .number && dialect == .document ? "a whole number" : kind.expected
    }

    /// What the value that comes next is, for "found …": `the text "fast"` (`text "fast"` in a
    /// document), `the number 7`, `a list`.
    private mutating func describeValue(_ kind: Kind) throws(JSONReadError) -> String {
        switch kind {
        case .object: return "an object"
        case .array: return "a list"
        case .string:
            if dialect == .library { return "the text " + ControlCharacters.quoted(try readString()) }
            do {
                return "text " + ControlCharacters.quoted(try readString())
            } catch  where error.isHalfCharacter {
                return "text with an escaped half of a character (like \\ud83c without the other half of the emoji)"
            }
        case .number:
            let range = try scanNumber().range
            return dialect == .document ? documentNumber(range) : "the number " + written(range)
        case .bool: return try readBool() ? "true" : "false"
        case .null: return "null"
        }
    }

    /// A number as a document's messages name it: by its value, or as too large for any.
    private func documentNumber(_ range: Range<Int>) -> String {
        guard let value = Double(written(range)), value.isFinite else { return "a number too large to use" }
        if value == value.rounded(), abs(value) < 1e15 { return "the number \(Int64(value))" }
        return "the number \(value)"
    }

    // MARK: Scanning

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private mutating func skipSpace() {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    /// Takes `byte` (after any space) when it comes next.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func takeWord(_ word: StaticString) throws(JSONReadError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            word.withUTF8Buffer({ bytes[index..<(index + count)].elementsEqual($0) })
        else { throw syntaxError("expected a value") }
        index += count
        if index < bytes.count, Self.isWordByte(bytes[index]) { throw syntaxError("expected a value") }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
    }

    /// Scans a number as JSON writes one; its value when it is whole and fits an Int, and its text.
    /// Reads a number as JSON writes one: its value when it is whole and fits an Int, and where
    /// its text is (``written(_:)``).
    private mutating func scanNumber() throws(JSONReadError) -> (whole: Int?, range: Range<Int>) {
        let start = index
        let plain = try skipNumber()
        // Most numbers are small whole ones: read from their digits, without text.
        if plain, index - start <= 18 {
            var value = 0
            for byte in bytes[start..<index] where byte != UInt8(ascii: "-") { value = value * 10 + Int(byte - 0x30) }
            return (bytes[start] == UInt8(ascii: "-") ? -value : value, start..<index)
        }
        let written = written(start..<index)
        if plain, let value = Int(written) { return (value, start..<index) }
        // 120.0 and 1.2e2 are whole numbers too, as the decoder reads them.
        if let double = Double(written), double.rounded() == double, abs(double) < 9.2e18 { return (Int(double), start..<index) }
        return (nil, start..<index)
    }

    /// The text of a number scanned.
    private func written(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Passes over a number as JSON writes one; whether it has neither fraction nor exponent.
    private mutating func skipNumber() throws(JSONReadError) -> Bool {
        var plain = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digits = index
        skipDigits()
        guard index > digits else { throw syntaxError("a number needs digits") }
        if index - digits > 1 && bytes[digits] == UInt8(ascii: "0") {
            index = digits
            throw syntaxError("a number may not start with 0")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            plain = false
            index += 1
            let fraction = index
            skipDigits()
            guard index > fraction else { throw syntaxError("a number needs digits after its point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            plain = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponent = index
            skipDigits()
            guard index > exponent else { throw syntaxError("a number needs digits in its exponent") }
        }
        return plain
    }

    private mutating func skipDigits() {
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    }

    /// Reads text that holds an escape: the plain bytes before `plainEnd`, then escape by escape.
    private mutating func readEscapedString(from start: Int, plainUpTo plainEnd: Int) throws(JSONReadError) -> String {
        var text = Array(bytes[start..<plainEnd])
        index = plainEnd
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = Self.text(ofUTF8: text[...]) else { throw notUTF8(in: start..<(index - 1)) }
                return string
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"): text.append(contentsOf: try unicodeEscape())
                default:
                    index -= 2
                    throw syntaxError("unknown escape in text")
                }
            case 0..<0x20:
                throw syntaxError("a control character stands unescaped in text")
            default:
                text.append(byte)
                index += 1
            }
        }
        index = bytes.count
        throw syntaxError("the text has no closing quote")
    }

    /// The UTF-8 of a `\uXXXX` escape (its `\u` taken), with the low surrogate's escape that must
    /// follow a high one.
    private mutating func unicodeEscape() throws(JSONReadError) -> [UInt8] {
        let escapeStart = index - 2
        /// Half of a character: valid JSON, but no text; in a document, a wrong value.
        func halfCharacter() -> JSONReadError {
            index = escapeStart
            var error = syntaxError("a lone surrogate in text")
            if dialect == .document {
                error = JSONReadError(
                    "\(pathText): expected \(expected(.string)), found text with an escaped half of a character (like \\ud83c without the other half of the emoji)."
                )
            }
            error.isHalfCharacter = true
            return error
        }
        func hex() throws(JSONReadError) -> UInt32 {
            let digits = bytes[index..<min(bytes.count, index + 4)]
            guard digits.count == 4, digits.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }),
                let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
            else {
                index = escapeStart
                throw syntaxError("\\u needs four hexadecimal digits")
            }
            index += 4
            return value
        }
        var value = try hex()
        if (0xD800..<0xDC00).contains(value) {
            guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw halfCharacter()
            }
            index += 2
            let low = try hex()
            guard (0xDC00..<0xE000).contains(low) else { throw halfCharacter() }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw halfCharacter() }
        return Array(String(Character(scalar)).utf8)
    }

    // MARK: Errors

    /// Broken JSON at the reader's place: the line and column, and what is wrong.
    private func syntaxError(_ reason: String) -> JSONReadError {
        if index >= bytes.count {
            let (line, column) = lineAndColumn(of: bytes.count)
            var error = JSONReadError("it ends too early, at line \(line), column \(column): the file is cut short.")
            error.isSyntax = true
            return error
        }
        if bytes[index] >= 0x80, String(validating: bytes[index..<min(bytes.count, index + 4)], as: UTF8.self) == nil,
            String(validating: bytes[index..<min(bytes.count, index + 1)], as: UTF8.self) == nil
        {
            var error = notUTF8(in: index..<bytes.count)
            error.isSyntax = true
            return error
        }
        let (line, column) = lineAndColumn(of: index)
        var error = JSONReadError("it is not valid JSON at line \(line), column \(column) (\(reason)).")
        error.isSyntax = true
        return error
    }

    /// Text whose bytes in `range` are not all UTF-8: where the first bad one is.
    private func notUTF8(in range: Range<Int>) -> JSONReadError {
        let (line, column) = lineAndColumn(of: range.lowerBound + Self.firstInvalidUTF8Offset(in: bytes[range]))
        return JSONReadError("it is not valid UTF-8 text (line \(line), column \(column)).")
    }

    /// The offset of the first byte of `bytes` that is not part of valid UTF-8 (their count when
    /// all are).
    public static func firstInvalidUTF8Offset(in bytes: some Collection<UInt8>) -> Int {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        return offset
    }

    private func line(of offset: Int) -> Int { lineAndColumn(of: offset).line }

    private func lineAndColumn(of offset: Int) -> (line: Int, column: Int) { Self.lineAndColumn(of: offset, in: bytes) }

    /// The 1-based line and column (counting characters, not bytes) of a byte offset in `bytes`.
    public static func lineAndColumn(of offset: Int, in bytes: some Collection<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
