/// Reads an XML document into elements, strictly and safely: no DTD is read (a document that has
/// one is refused), no entity is expanded but XML's five (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;`)
/// and character references, nothing is fetched, and nesting is bounded. A "billion laughs" or an
/// external entity cannot do anything here: the `<!DOCTYPE` that declares them is refused where it
/// stands. Every problem names the file, line and column.
///
/// setlist reads XML with this rather than with Foundation's `XMLParser` because that one is
/// libxml2, which with ICU's 31 MB of data would be loaded by every command of the static program
/// (docs/architecture.md).
public struct XMLReader {
    /// Deeper than any song file nests; a document nested deeper is refused, not recursed into.
    public static let maximumDepth = 100

    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    /// Where ``line(at:)`` last counted to: offsets only grow while reading.
    private var counted = (offset: 0, line: 1)

    /// The root element of `data` (any encoding ``XMLTextDecoding`` reads).
    public static func read(_ data: [UInt8], file: String) throws(AppFormatError) -> XMLElement {
        var reader = XMLReader(bytes: try XMLTextDecoding.utf8(data, file: file), file: file)
        return try reader.document()
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private mutating func document() throws(AppFormatError) -> XMLElement {
        try misc()
        guard index < bytes.count else { throw error("the file holds no XML element.") }
        guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, Self.isNameStart(bytes[index + 1]) else {
            throw error("text stands where the document's first element should start.")
        }
        let root = try element(depth: 0, scope: ["xml": "http://www.w3.org/XML/1998/namespace"])
        try misc()
        guard index >= bytes.count else { throw error("more follows the document's last closing tag.") }
        return root
    }

    /// Spaces, comments and processing instructions before or after the root; a DTD is refused.
    private mutating func misc() throws(AppFormatError) {
        while true {
            skipSpace()
            if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<!") {
                throw refusal(
                    "the file declares a DTD (<!DOCTYPE …>), which setlist never reads: song files have none, "
                        + "and one can make a reader expand entities without end or fetch other files. Remove it.")
            } else {
                return
            }
        }
    }

    private mutating func element(depth: Int, scope parentScope: [String: String]) throws(AppFormatError) -> XMLElement {
        guard depth < Self.maximumDepth else { throw refusal("elements are nested more than \(Self.maximumDepth) deep.") }
        let line = line(at: index)
        index += 1
        let qualified = try name()
        var attributes: [String: String] = [:], scope = parentScope, empty = false
        while true {
            let spaced = skipSpace()
            guard index < bytes.count else { throw error("the tag <\(qualified)> is never finished.") }
            if starts(with: "/>") {
                index += 2
                empty = true
                break
            }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            guard spaced else { throw error("expected a space, > or /> in the tag <\(qualified)>.") }
            let attribute = try name()
            skipSpace()
            guard take("=") else { throw error("the attribute \(attribute) of <\(qualified)> has no = and value.") }
            skipSpace()
            let value = try attributeValue()
            guard attributes[attribute] == nil, scope[attribute] == nil else {
                throw error("the attribute \(attribute) stands twice in <\(qualified)>.")
            }
            if attribute == "xmlns" {
                scope[""] = value
            } else if attribute.hasPrefix("xmlns:") {
                scope[String(attribute.dropFirst(6))] = value
            } else {
                attributes[attribute] = value
            }
        }
        let (prefix, local) = Self.split(qualified)
        var element = XMLElement(name: local, namespace: scope[prefix], attributes: attributes, line: line)
        guard prefix.isEmpty || scope[prefix] != nil else { throw error("the prefix \(prefix): of <\(qualified)> is not declared.") }
        if empty { return element }
        var text: [UInt8] = []
        func flush() {
            guard !text.isEmpty else { return }
            element.children.append(.text(String(decoding: text, as: UTF8.self)))
            text.removeAll()
        }
        while true {
            guard index < bytes.count else { throw error("<\(qualified)> of line \(line) is never closed.") }
            if bytes[index] != UInt8(ascii: "<") {
                try characterData(into: &text)
            } else if starts(with: "</") {
                let tagStart = index
                index += 2
                let closing = try name()
                guard closing == qualified else {
                    index = tagStart
                    throw error("</\(closing)> closes <\(qualified)> of line \(line).")
                }
                skipSpace()
                guard take(">") else { throw error("the closing tag </\(closing)> is not finished with >.") }
                flush()
                return element
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<![CDATA[") {
                index += 9
                let start = index
                try skip(past: "]]>", what: "CDATA section")
                text += normalizedLineEnds(bytes[start..<index - 3])
            } else if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<!") {
                throw refusal("a declaration (<!…>) stands inside <\(qualified)>; setlist reads no DTD.")
            } else {
                flush()
                element.children.append(.element(try self.element(depth: depth + 1, scope: scope)))
            }
        }
    }

    /// Text up to the next `<`, its references replaced and its line ends made "\n".
    private mutating func characterData(into text: inout [UInt8]) throws(AppFormatError) {
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                text += try reference()
                continue
            }
            try checkCharacter(byte)
            if byte == 0x0D {
                text.append(0x0A)
                index += 1
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                continue
            }
            text.append(byte)
            index += 1
        }
    }

    private mutating func attributeValue() throws(AppFormatError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw error("an attribute's value must be in quotes.")
        }
        let quote = bytes[index]
        index += 1
        var value: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("an attribute's value is never closed with its quote.") }
            let byte = bytes[index]
            if byte == quote {
                index += 1
                return String(decoding: value, as: UTF8.self)
            }
            if byte == UInt8(ascii: "<") { throw error("an attribute's value holds <; write &lt;.") }
            if byte == UInt8(ascii: "&") {
                value += try reference()
                continue
            }
            try checkCharacter(byte)
            // XML turns each line end and tab in an attribute's value into a space.
            if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            value.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0x20 : byte)
            index += 1
        }
    }

    /// `&name;` or `&#…;` at the index, as UTF-8.
    private mutating func reference() throws(AppFormatError) -> [UInt8] {
        let start = index
        let window = bytes[(index + 1)..<min(bytes.count, index + 12)]
        guard let semicolon = window.firstIndex(of: UInt8(ascii: ";")) else {
            throw error("a bare & (write &amp;).")
        }
        let name = String(decoding: bytes[(start + 1)..<semicolon], as: UTF8.self)
        index = semicolon + 1
        switch name {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default: break
        }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value), Self.isXMLCharacter(scalar) else {
                index = start
                throw error("&\(name); is no character.")
            }
            return Array(String(Character(scalar)).utf8)
        }
        index = start
        throw refusal(
            "the entity &\(name); is not one of XML's own (&amp; &lt; &gt; &quot; &apos;); setlist expands no other entity. "
                + "Write the character itself.")
    }

    private func checkCharacter(_ byte: UInt8) throws(AppFormatError) {
        if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
            throw error("a control character (byte \(byte)) stands in the text; XML allows none.")
        }
    }

    private mutating func name() throws(AppFormatError) -> String {
        let start = index
        guard index < bytes.count, Self.isNameStart(bytes[index]) else { throw error("a tag or attribute has no name.") }
        while index < bytes.count, Self.isNameCharacter(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skip(past end: String, what: String) throws(AppFormatError) {
        let terminator = Array(end.utf8)
        let start = index
        while index + terminator.count <= bytes.count {
            if bytes[index] == terminator[0], bytes[index..<index + terminator.count].elementsEqual(terminator) {
                index += terminator.count
                return
            }
            index += 1
        }
        index = start
        throw error("a \(what) is never closed with \(end).")
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = index
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index > start
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
    }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    private func normalizedLineEnds(_ slice: ArraySlice<UInt8>) -> [UInt8] {
        guard slice.contains(0x0D) else { return Array(slice) }
        var result: [UInt8] = []
        var previousCR = false
        for byte in slice {
            if byte == 0x0A, previousCR {
                previousCR = false
                continue
            }
            previousCR = byte == 0x0D
            result.append(byte == 0x0D ? 0x0A : byte)
        }
        return result
    }

    /// The line of `offset`, counting on from where the last call counted.
    private mutating func line(at offset: Int) -> Int {
        if offset < counted.offset { counted = (0, 1) }
        var line = counted.line
        for byte in bytes[counted.offset..<min(offset, bytes.count)] where byte == 0x0A { line += 1 }
        counted = (offset, line)
        return line
    }

    /// Broken XML at the index.
    private func error(_ message: String) -> AppFormatError {
        refusal("this is not well-formed XML: " + message)
    }

    /// The problem at the index, with its line and column (in characters).
    private func refusal(_ message: String) -> AppFormatError {
        let offset = min(index, bytes.count)
        let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = bytes[..<offset].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let column = bytes[lineStart..<offset].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return .malformedXML(file: file, line: line, column: column, message: message)
    }

    private static func split(_ qualified: String) -> (prefix: String, local: String) {
        guard let colon = qualified.firstIndex(of: ":") else { return ("", qualified) }
        return (String(qualified[..<colon]), String(qualified[qualified.index(after: colon)...]))
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
            || byte >= 0x80
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value == 0x09 || value == 0x0A || value == 0x0D || (value >= 0x20 && value != 0xFFFE && value != 0xFFFF)
    }
}
