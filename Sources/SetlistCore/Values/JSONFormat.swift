import Foundation

/// The one JSON layout setlist writes (library files, .plsts documents, `--json` output): pretty,
/// keys sorted, slashes as they are, so that files are stable and diff well.
public enum JSONFormat {
    /// A new encoder set up for that layout.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Songs as ``encoder()`` writes an array of them (what `songs --json` prints), written
    /// directly: a 30 000-song list took the encoder a quarter of a second.
    public static func songs(_ songs: [Song]) -> Data {
        SongListCodec.json(songs)
    }

    /// `value` encoded, with a final new line as text files have. Only for plain value types,
    /// which always encode.
    public static func document<T: Encodable>(_ value: T) -> Data {
        var data = try! encoder().encode(value)
        data.append(0x0A)
        return data
    }

    /// Writes JSON in ``encoder()``'s layout directly, for documents the encoder took too long
    /// on (a 100-song .plsts took it as long as the rest of `setlist export`). The caller writes
    /// the members of each object in sorted order; the writer lays them out and escapes text
    /// as the encoder does. Tests compare its bytes with the encoder's.
    public struct Writer {
        /// The bytes written so far.
        public private(set) var bytes: [UInt8] = []
        /// Whether the innermost open object or array has no member yet.
        private var empty = false
        /// Two spaces for each open object and array.
        private var indent: [UInt8] = []

        public init(capacity: Int = 1024) {
            bytes.reserveCapacity(capacity)
        }

        /// An object, its members written by `members` (``key(_:)`` then the value, keys sorted).
        public mutating func object(_ members: (inout Writer) -> Void) {
            open(UInt8(ascii: "{"))
            members(&self)
            close(UInt8(ascii: "}"))
        }

        /// An array, its elements written by `elements` (``element()`` before each).
        public mutating func array(_ elements: (inout Writer) -> Void) {
            open(UInt8(ascii: "["))
            elements(&self)
            close(UInt8(ascii: "]"))
        }

        /// An array of `elements`, each written by `write`.
        public mutating func array<Elements: Sequence>(_ elements: Elements, _ write: (inout Writer, Elements.Element) -> Void) {
            array { writer in
                for element in elements {
                    writer.element()
                    write(&writer, element)
                }
            }
        }

        /// Starts the member `name` of the open object; its value comes next.
        public mutating func key(_ name: StaticString) {
            element()
            bytes.append(UInt8(ascii: "\""))
            raw(name)
            raw("\" : ")
        }

        /// Starts the next element of the open array; its value comes next.
        public mutating func element() {
            if !empty { bytes.append(UInt8(ascii: ",")) }
            empty = false
            newLine()
        }

        /// A string as the encoder writes one: `"` and `\` escaped, the controls as `\b \t \n
        /// \f \r` or `\u00xx`, everything else (slashes, DEL, any other letter) as it is. Runs of
        /// bytes that need no escape are copied whole: most text is one such run.
        public mutating func string(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            var text = text
            text.withUTF8 { utf8 in
                var run = 0
                while true {
                    let index = Bytes.firstToEscape(in: utf8, from: run)
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
                    guard index < utf8.count else { break }
                    run = index + 1
                    switch utf8[index] {
                    case UInt8(ascii: "\""): raw("\\\"")
                    case UInt8(ascii: "\\"): raw("\\\\")
                    case 0x08: raw("\\b")
                    case 0x09: raw("\\t")
                    case 0x0A: raw("\\n")
                    case 0x0C: raw("\\f")
                    case 0x0D: raw("\\r")
                    default:
                        raw("\\u00")
                        bytes.append(contentsOf: Hex.digits(UInt64(utf8[index]), 2).utf8)
                    }
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }

        /// Text written as it is (layout and escapes).
        private mutating func raw(_ text: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        /// A value written as the bytes `json`, JSON already laid out for where it goes (a part
        /// of a file kept as it was read).
        public mutating func value(verbatim json: UnsafeBufferPointer<UInt8>) {
            bytes.append(contentsOf: json)
        }

        /// `true` or `false`.
        public mutating func boolean(_ value: Bool) {
            raw(value ? "true" : "false")
        }

        /// A whole number.
        public mutating func integer(_ number: Int) {
            bytes.append(contentsOf: String(number).utf8)
        }

        /// The member `name` with the text `value`, or nothing when it is nil (as the encoder's
        /// `encodeIfPresent`).
        public mutating func member(_ name: StaticString, _ value: String?) {
            guard let value else { return }
            key(name)
            string(value)
        }

        /// The member `name` with the whole number `value`, or nothing when it is nil.
        public mutating func member(_ name: StaticString, _ value: Int?) {
            guard let value else { return }
            key(name)
            integer(value)
        }

        /// `value` as ``encoder()`` writes it, indented to where it goes: for a part of the
        /// document that is rare and small, whose Codable shape is its definition.
        public mutating func encoded<T: Encodable>(_ value: T) {
            // The encoder escapes every new line inside text, so each one it writes starts a
            // line of layout; the blank line inside an empty object or array stays blank.
            let data = try! JSONFormat.encoder().encode(value)
            var previous: UInt8 = 0
            for byte in data {
                if previous == 0x0A, byte != 0x0A { bytes += indent }
                bytes.append(byte)
                previous = byte
            }
        }

        /// The document's bytes with the final new line a text file has.
        public var document: Data {
            var data = Data(capacity: bytes.count + 1)
            data.append(contentsOf: bytes)
            data.append(0x0A)
            return data
        }

        private mutating func open(_ bracket: UInt8) {
            bytes.append(bracket)
            indent += [0x20, 0x20]
            empty = true
        }

        private mutating func close(_ bracket: UInt8) {
            if empty { bytes.append(0x0A) }
            indent.removeLast(2)
            newLine()
            bytes.append(bracket)
            empty = false
        }

        private mutating func newLine() {
            bytes.append(0x0A)
            bytes.append(contentsOf: indent)
        }
    }
}

extension JSONFormat.Writer {
    /// A copy as its `Encodable` writes it: its fields, id and original, and the fields it was
    /// received with.
    public mutating func copy(_ copy: SongCopy) {
        object { writer in
            writer.fields(copy.fields, id: copy.id, original: copy.originalID)
            if let received = copy.received {
                writer.key("received")
                writer.object { $0.fields(received) }
            }
        }
    }

    /// The members of `fields` (and an id and original when given) as their `Encodable` writes
    /// them, in the encoder's sorted order; the caller has opened the object.
    public mutating func fields(_ fields: SongFields, id: String? = nil, original: String? = nil) {
        member("author", fields.author)
        member("bpm", fields.bpm)
        member("id", id)
        member("key", fields.key?.description)
        member("length", fields.length)
        member("name", fields.name)
        member("notes", fields.notes)
        member("original", original)
    }
}
