/// A record whose JSON object is described once, by its ``json`` members: every reading and
/// writing of the record goes through them (the library's files, the `.plsts` document, `--json`,
/// the band page), so a field is added in one place.
public protocol JSONRecord: JSONCodable {
    /// The record's members, and the blank record they are read into.
    static var json: JSONMembers<Self> { get }
}

extension JSONRecord {
    @inlinable
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        self = try Self.json.read(&reader)
    }

    @inlinable
    public func write(json writer: inout JSONWriter) {
        Self.json.write(self, to: &writer)
    }
}

/// The members of one kind of JSON object and how each maps to a record of type `Record`.
///
/// Reading starts from a blank record and sets what each member holds; a member the object lacks
/// keeps the blank's value, and one that is required is an error. Members the list does not know
/// are passed over, so that a file a later version wrote still reads. Writing puts the members in
/// key order (the layout's), leaving out what a member's writer leaves out (nil, say).
public struct JSONMembers<Record>: Sendable {
    /// Sorted by key, as they are written.
    public let members: [JSONMember<Record>]
    // The members' parts apart, in the same order: a read looks up every key it meets, and
    // taking a whole member each time retained its closures and text.
    @usableFromInline let keys: [String]
    @usableFromInline let expected: [String?]
    @usableFromInline let reads: [@Sendable (inout Record, inout JSONReader) throws(JSONReadError) -> Void]
    @usableFromInline let writes: [@Sendable (Record, inout JSONWriter) -> Void]
    @usableFromInline let clears: [(@Sendable (inout Record) -> Void)?]
    /// The places of the required members, in the order given: the first one lacking is named.
    @usableFromInline let required: [Int]
    @usableFromInline let blank: @Sendable () -> Record

    /// The members an object had, by their place in ``members``.
    public struct Found: Sendable, Equatable {
        @usableFromInline var bits: UInt64 = 0

        @inlinable init() {}
    }

    /// - Parameters:
    ///   - blank: the record members are read into, with the value of every member an object may lack.
    ///   - members: each member once (at most 64); the first required one an object lacks is the
    ///     one named.
    public init(blank: @escaping @Sendable () -> Record, _ members: [JSONMember<Record>]) {
        precondition(members.count <= 64, "a record has at most 64 members")
        let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        self.blank = blank
        self.members = sorted
        keys = sorted.map(\.key)
        expected = sorted.map(\.expected)
        reads = sorted.map(\.read)
        writes = sorted.map(\.write)
        clears = sorted.map(\.clear)
        let keys = self.keys
        required = members.filter(\.isRequired).map { member in keys.firstIndex(of: member.key)! }
    }

    /// The member named `key`.
    public func member(_ key: String) -> JSONMember<Record>? {
        index(of: key).map { members[$0] }
    }

    @inlinable func index(of key: String) -> Int? {
        var index = 0
        while index < keys.count {
            if keys[index] == key { return index }
            index += 1
        }
        return nil
    }

    /// Whether the member named `key` is among `found`.
    public func found(_ key: String, in found: Found) -> Bool {
        index(of: key).map { found.bits & (1 << UInt64($0)) != 0 } ?? false
    }

    /// Reads an object into a new record.
    @inlinable
    public func read(_ reader: inout JSONReader) throws(JSONReadError) -> Record {
        var record = blank()
        let found = try read(&reader, into: &record)
        if let missing = missing(in: found, reader) { throw missing }
        return record
    }

    /// Reads an object into a new record without asking for the required members: `other` reads
    /// the keys no member has (see ``read(_:into:other:)``). Returns the record and the members found.
    @inlinable
    public func read(
        _ reader: inout JSONReader, other: (String, inout JSONReader) throws(JSONReadError) -> Bool
    ) throws(JSONReadError) -> (record: Record, found: Found) {
        var record = blank()
        let found = try read(&reader, into: &record, other: other)
        return (record, found)
    }

    /// The error for the first required member that is not among `found`, nil when none is lacking.
    @inlinable
    public func missing(in found: Found, _ reader: JSONReader) -> JSONReadError? {
        for index in required where found.bits & (1 << UInt64(index)) == 0 { return reader.missing(keys[index]) }
        return nil
    }

    /// Reads an object's members into `record`; `other` is given each key no member has, and says
    /// whether it read the value (otherwise it is passed over). Returns the members found (null
    /// counts as absent for a member that may be absent).
    @discardableResult @inlinable
    public func read(
        _ reader: inout JSONReader, into record: inout Record,
        other: (String, inout JSONReader) throws(JSONReadError) -> Bool = { _, _ in false }
    ) throws(JSONReadError) -> Found {
        var found = Found()
        try reader.readObject { key, reader throws(JSONReadError) in
            guard let index = index(of: key) else {
                if try !other(key, &reader) { try reader.skipValue() }
                return
            }
            if let clear = clears[index], try reader.isNull() {
                clear(&record)
                try reader.skipValue()
                return
            }
            found.bits |= 1 << UInt64(index)
            try reader.expecting(expected[index]) { reader throws(JSONReadError) in try reads[index](&record, &reader) }
        }
        return found
    }

    /// Writes `record` as an object.
    @inlinable
    public func write(_ record: Record, to writer: inout JSONWriter) {
        writer.object { writeMembers(of: record, to: &$0) }
    }

    /// Writes `record`'s members into the object being written.
    @inlinable
    public func writeMembers(of record: Record, to writer: inout JSONWriter) {
        for write in writes { write(record, &writer) }
    }

    /// These members as members of a record that holds a `Record` (a song's fields in a song),
    /// to be listed with that record's own: `get` gives it, `modify` changes it in place.
    public func embedded<Outer>(
        get: @escaping @Sendable (Outer) -> Record,
        modify: @escaping @Sendable (inout Outer, (inout Record) throws(JSONReadError) -> Void) throws(JSONReadError) -> Void
    ) -> [JSONMember<Outer>] {
        members.map { $0.embedded(get: get, modify: modify) }
    }
}

/// One member of a record's JSON object: its key, how its value is read into the record and
/// written from it, whether an object must have it, and what it holds in words.
public struct JSONMember<Record>: Sendable {
    public let key: String
    /// What the value is, in the words of a message about a document from elsewhere ("a whole
    /// number of seconds"); nil: the words for its kind ("a number").
    public let expected: String?
    @usableFromInline let read: @Sendable (inout Record, inout JSONReader) throws(JSONReadError) -> Void
    @usableFromInline let write: @Sendable (Record, inout JSONWriter) -> Void
    /// Makes the member absent in a record (nil, or its value when absent); nil for a member an
    /// object must have.
    @usableFromInline let clear: (@Sendable (inout Record) -> Void)?

    /// Whether an object without it is refused.
    public var isRequired: Bool { clear == nil }

    /// A member read and written by the closures given: `read` reads its value (never null),
    /// `write` writes the member (key included) or nothing, and `clear` makes it absent in a
    /// record, for a member an object may lack (or hold as null).
    @inlinable
    public init(
        _ key: String, expected: String? = nil,
        read: @escaping @Sendable (inout Record, inout JSONReader) throws(JSONReadError) -> Void,
        write: @escaping @Sendable (Record, inout JSONWriter) -> Void, clear: (@Sendable (inout Record) -> Void)? = nil
    ) {
        self.key = key
        self.expected = expected
        self.read = read
        self.write = write
        self.clear = clear
    }

    /// Reads this member's value (never null) into `record`: for a reader that goes through an
    /// object's members itself (the `.plsts` document, which names every wrong one).
    @inlinable
    public func readValue(into record: inout Record, from reader: inout JSONReader) throws(JSONReadError) {
        try read(&record, &reader)
    }

    /// The same member of a record that holds a `Record`.
    func embedded<Outer>(
        get: @escaping @Sendable (Outer) -> Record,
        modify: @escaping @Sendable (inout Outer, (inout Record) throws(JSONReadError) -> Void) throws(JSONReadError) -> Void
    ) -> JSONMember<Outer> {
        let read = self.read, write = self.write
        var clearOuter: (@Sendable (inout Outer) -> Void)?
        if let clear { clearOuter = { outer in try? modify(&outer) { inner throws(JSONReadError) in clear(&inner) } } }
        return JSONMember<Outer>(
            key, expected: expected,
            read: { outer, reader throws(JSONReadError) in
                try modify(&outer) { inner throws(JSONReadError) in try read(&inner, &reader) }
            }, write: { outer, writer in write(get(outer), &writer) }, clear: clearOuter)
    }

    /// Sets this member of `record` from `value` (read as the member reads its JSON); null clears
    /// a member that may be absent. For a conflict settled by picking one side's value.
    public func assigning(_ value: JSONValue, in record: Record) throws(JSONReadError) -> Record {
        var record = record
        var writer = JSONWriter()
        writer.value(value)
        var reader = JSONReader(bytes: writer.bytes)
        try reader.readDocument { reader throws(JSONReadError) in
            if let clear, value == .null {
                clear(&record)
                try reader.skipValue()
            } else {
                try read(&record, &reader)
            }
        }
        return record
    }

    /// This member's value in `record` as JSON (null when it is absent).
    public func value(in record: Record) -> JSONValue {
        var writer = JSONWriter()
        writer.object { write(record, &$0) }
        var reader = JSONReader(bytes: writer.bytes)
        var value = JSONValue.null
        try? reader.readDocument { reader throws(JSONReadError) in
            try reader.readObject { _, reader throws(JSONReadError) in value = try reader.readValue() }
        }
        return value
    }
}

// MARK: - The usual members

extension JSONMember {
    /// Text the object must have.
    @inlinable
    public static func text(_ key: String, _ path: WritableKeyPath<Record, String> & Sendable, expected: String? = nil) -> Self {
        value(key, path, expected: expected)
    }

    /// Text the object may lack (or hold as null).
    @inlinable
    public static func text(_ key: String, _ path: WritableKeyPath<Record, String?> & Sendable, expected: String? = nil) -> Self {
        value(key, path, expected: expected)
    }

    /// A whole number the object must have.
    @inlinable
    public static func integer(_ key: String, _ path: WritableKeyPath<Record, Int> & Sendable, expected: String? = nil) -> Self {
        value(key, path, expected: expected)
    }

    /// A whole number the object may lack.
    @inlinable
    public static func integer(_ key: String, _ path: WritableKeyPath<Record, Int?> & Sendable, expected: String? = nil) -> Self {
        value(key, path, expected: expected)
    }

    /// A whole number the object may lack, `absent` when it does; written unless `writtenWhen`
    /// says otherwise.
    @inlinable
    public static func integer(
        _ key: String, _ path: WritableKeyPath<Record, Int> & Sendable, absent: Int, expected: String? = nil,
        writtenWhen: @escaping @Sendable (Int) -> Bool = { _ in true }
    ) -> Self {
        Self(
            key, expected: expected, read: { record, reader throws(JSONReadError) in record[keyPath: path] = try reader.readInt() },
            write: { record, writer in
                let value = record[keyPath: path]
                if writtenWhen(value) { writer.member(key, value) }
            }, clear: { $0[keyPath: path] = absent })
    }

    /// A value that reads and writes itself, which the object must have.
    @inlinable
    public static func value<Value: JSONCodable>(
        _ key: String, _ path: WritableKeyPath<Record, Value> & Sendable, expected: String? = nil
    ) -> Self {
        value(key, expected: expected, get: { $0[keyPath: path] }, set: { $0[keyPath: path] = $1 })
    }

    /// A value that reads and writes itself, which the object may lack (or hold as null).
    @inlinable
    public static func value<Value: JSONCodable>(
        _ key: String, _ path: WritableKeyPath<Record, Value?> & Sendable, expected: String? = nil
    ) -> Self {
        value(key, expected: expected, get: { $0[keyPath: path] }, set: { $0[keyPath: path] = $1 })
    }

    /// A value the object must have, taken from a record and put in one by `get` and `set`: what
    /// a key path does, without looking the path up at each use (for the records read by the
    /// thousand, a song's fields).
    @inlinable
    public static func value<Value: JSONCodable>(
        _ key: String, expected: String? = nil, get: @escaping @Sendable (Record) -> Value,
        set: @escaping @Sendable (inout Record, Value) -> Void
    ) -> Self {
        Self(
            key, expected: expected, read: { record, reader throws(JSONReadError) in set(&record, try Value(json: &reader)) },
            write: { $1.member(key, get($0)) })
    }

    /// A value the object may lack (or hold as null), taken from a record and put in one by `get`
    /// and `set`.
    @inlinable
    public static func value<Value: JSONCodable>(
        _ key: String, expected: String? = nil, get: @escaping @Sendable (Record) -> Value?,
        set: @escaping @Sendable (inout Record, Value?) -> Void
    ) -> Self {
        Self(
            key, expected: expected, read: { record, reader throws(JSONReadError) in set(&record, try Value(json: &reader)) },
            write: { $1.member(key, get($0)) }, clear: { set(&$0, nil) })
    }

    /// A list the object must have.
    @inlinable
    public static func list<Element: JSONCodable>(
        _ key: String, _ path: WritableKeyPath<Record, [Element]> & Sendable, expected: String? = nil
    ) -> Self {
        value(key, path, expected: expected)
    }

    /// A list the object may lack (or hold as null).
    @inlinable
    public static func list<Element: JSONCodable>(
        _ key: String, _ path: WritableKeyPath<Record, [Element]?> & Sendable, expected: String? = nil
    ) -> Self {
        value(key, path, expected: expected)
    }

    /// A list the object may lack, empty when it does; written only when it is not empty.
    public static func list<Element: JSONCodable>(
        _ key: String, _ path: WritableKeyPath<Record, [Element]> & Sendable, emptyWhenAbsent: Void, expected: String? = nil
    ) -> Self {
        Self(
            key, expected: expected,
            read: { record, reader throws(JSONReadError) in
                record[keyPath: path] = try reader.readArray { reader throws(JSONReadError) in try Element(json: &reader) }
            },
            write: { record, writer in
                let values = record[keyPath: path]
                if !values.isEmpty { writer.member(key, values) }
            }, clear: { $0[keyPath: path] = [] })
    }

    /// An object of values by name (settings by name, revisions by address), which the object
    /// must have.
    public static func dictionary<Value: JSONCodable>(
        _ key: String, _ path: WritableKeyPath<Record, [String: Value]> & Sendable, expected: String? = nil
    ) -> Self {
        Self(
            key, expected: expected,
            read: { record, reader throws(JSONReadError) in
                var values: [String: Value] = [:]
                try reader.readObject { name, reader throws(JSONReadError) in values[name] = try Value(json: &reader) }
                record[keyPath: path] = values
            },
            write: { record, writer in
                writer.member(key) { writer in
                    writer.object { writer in
                        for (name, value) in record[keyPath: path] { writer.member(name, value) }
                    }
                }
            })
    }
}

extension String: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        self = try reader.readString()
    }

    public func write(json writer: inout JSONWriter) {
        writer.string(self)
    }
}

extension Int: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        self = try reader.readInt()
    }

    public func write(json writer: inout JSONWriter) {
        writer.integer(self)
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    public func write(json writer: inout JSONWriter) {
        writer.array(self) { $0.value($1) }
    }
}

extension Array: JSONCodable where Element: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        self = try reader.readArray { reader throws(JSONReadError) in try Element(json: &reader) }
    }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
    /// The value, or `null`.
    public func write(json writer: inout JSONWriter) {
        if let self { self.write(json: &writer) } else { writer.null() }
    }
}
