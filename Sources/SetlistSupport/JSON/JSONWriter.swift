import Foundation

/// Writes JSON in the one layout setlist writes (``JSONFormat``: pretty, two spaces a level,
/// `"key" : value`, keys sorted, slashes as they are), so that files are stable and diff
/// well. Members may be written in any order: an object whose keys came out of order is put in
/// order when it closes (codecs write them in order, which costs nothing more).
public struct JSONWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the innermost open object or array has no member yet.
    private var empty = false
    /// Two spaces for each open object and array.
    private var indent: [UInt8] = []
    /// The members of the open objects, innermost last: each key and where its member begins.
    private var members: [(key: String, start: Int)] = []
    /// For each open object (innermost last): where its members begin in ``members``, and
    /// whether they came in order so far.
    private var objects: [(firstMember: Int, inOrder: Bool)] = []

    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// The document's bytes with the final new line a text file has.
    public var document: Data {
        var data = Data(capacity: bytes.count + 1)
        data.append(contentsOf: bytes)
        data.append(0x0A)
        return data
    }

    // MARK: Objects and arrays

    /// An object, its members written by `members`.
    public mutating func object(_ members: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "{"))
        objects.append((self.members.count, true))
        members(&self)
        let object = objects.removeLast()
        if !object.inOrder { sortMembers(from: object.firstMember) }
        self.members.removeSubrange(object.firstMember...)
        close(UInt8(ascii: "}"))
    }

    /// The member `key` of the open object, its value written by `value`.
    public mutating func member(_ key: String, _ value: (inout JSONWriter) -> Void) {
        let first = objects[objects.count - 1].firstMember
        if members.count > first, !Self.precedes(members[members.count - 1].key, key) { objects[objects.count - 1].inOrder = false }
        members.append((key, bytes.count))
        separate()
        string(key)
        raw(" : ")
        value(&self)
    }

    /// An array of `elements`, each written by `write`.
    public mutating func array<Elements: Sequence>(_ elements: Elements, _ write: (inout JSONWriter, Elements.Element) -> Void) {
        open(UInt8(ascii: "["))
        for element in elements {
            separate()
            write(&self, element)
        }
        close(UInt8(ascii: "]"))
    }

    // MARK: Values

    /// A string as Foundation's encoder writes one: `"` and `\` escaped, the controls as `\b \t \n \f \r`
    /// or `\u00xx`, everything else (slashes, DEL, any other letter) as it is.
    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x08: raw("\\b")
            case 0x09: raw("\\t")
            case 0x0A: raw("\\n")
            case 0x0C: raw("\\f")
            case 0x0D: raw("\\r")
            case 0..<0x20:
                raw("\\u00")
                bytes.append(contentsOf: Hex.digits(UInt64(byte), 2).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A whole number.
    public mutating func integer(_ number: Int) {
        bytes.append(contentsOf: String(number).utf8)
    }

    /// A number as Foundation's encoder writes a `Double`.
    public mutating func double(_ number: Double) {
        if number.rounded() == number, abs(number) < 1e15 {
            integer(Int(number))
        } else {
            bytes.append(contentsOf: "\(number)".utf8)
        }
    }

    /// `true` or `false`.
    public mutating func boolean(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    /// `null`.
    public mutating func null() {
        raw("null")
    }

    /// A value that writes itself.
    public mutating func value(_ value: some JSONWritable) {
        value.write(json: &self)
    }

    // MARK: Members of plain values

    /// The member `key` with the text `value`, or nothing when it is nil (as Foundation's encoder's
    /// `encodeIfPresent`).
    public mutating func member(_ key: String, _ value: String?) {
        guard let value else { return }
        member(key) { $0.string(value) }
    }

    /// The member `key` with the whole number `value`, or nothing when it is nil.
    public mutating func member(_ key: String, _ value: Int?) {
        guard let value else { return }
        member(key) { $0.integer(value) }
    }

    /// The member `key` with `true` or `false`, or nothing when it is nil.
    public mutating func member(_ key: String, _ value: Bool?) {
        guard let value else { return }
        member(key) { $0.boolean(value) }
    }

    /// The member `key` with a value that writes itself, or nothing when it is nil.
    public mutating func member(_ key: String, _ value: (some JSONWritable)?) {
        guard let value else { return }
        member(key) { $0.value(value) }
    }

    /// The member `key` with a list of values that write themselves, or nothing when it is nil.
    public mutating func member<Element: JSONWritable>(_ key: String, _ values: [Element]?) {
        guard let values else { return }
        member(key) { writer in writer.array(values) { $0.value($1) } }
    }

    // MARK: Layout

    /// Text written as it is (layout and escapes).
    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Starts the next member or element of the open object or array.
    private mutating func separate() {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        newLine()
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        indent += [0x20, 0x20]
        empty = true
    }

    private mutating func close(_ bracket: UInt8) {
        // Foundation's encoder leaves a blank line inside an empty object or array.
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

    /// Foundation's encoder's order of keys: by their UTF-8 bytes, as written (not by Swift's `<`, which
    /// compares canonically equivalent text as equal).
    private static func precedes(_ first: String, _ second: String) -> Bool {
        first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// Puts the members of the object being closed, from `first` in ``members``, in key order.
    private mutating func sortMembers(from first: Int) {
        let start = members[first].start
        // Each member's bytes without the comma that separates it from the one before.
        var parts: [(key: String, bytes: ArraySlice<UInt8>)] = []
        for position in first..<members.count {
            var from = members[position].start
            if position > first { from += 1 }
            let to = position + 1 < members.count ? members[position + 1].start : bytes.count
            parts.append((members[position].key, bytes[from..<to]))
        }
        parts.sort { Self.precedes($0.key, $1.key) }
        var sorted: [UInt8] = []
        for (position, part) in parts.enumerated() {
            if position > 0 { sorted.append(UInt8(ascii: ",")) }
            sorted.append(contentsOf: part.bytes)
        }
        bytes.replaceSubrange(start..., with: sorted)
    }
}
