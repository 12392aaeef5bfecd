import Foundation

/// Any JSON value, for the values a merge conflict records whatever field they come from.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The JSON text `bytes` holds, nil when it is not one JSON value.
    public init?(parsing bytes: [UInt8]) {
        var reader = JSONReader(bytes: bytes)
        guard let value = try? reader.readDocument({ reader throws(JSONReadError) in try reader.readValue() }) else { return nil }
        self = value
    }

    /// A value that writes itself, as JSON.
    public init(writing value: some JSONWritable) {
        var writer = JSONWriter()
        writer.value(value)
        var reader = JSONReader(bytes: writer.bytes)
        self = (try? reader.readDocument { reader throws(JSONReadError) in try reader.readValue() }) ?? .null
    }

    /// This value read as a `T`.
    public func decode<T: JSONCodable>(as type: T.Type) throws(JSONReadError) -> T {
        var writer = JSONWriter()
        writer.value(self)
        var reader = JSONReader(bytes: writer.bytes)
        return try reader.readDocument { reader throws(JSONReadError) in try T(json: &reader) }
    }

    /// `record` with its member `key` set to this value (made absent when null); unchanged when
    /// it has no such member.
    public func assigned<T: JSONRecord>(to key: String, of record: T) throws(JSONReadError) -> T {
        guard let member = T.json.member(key) else { return record }
        return try member.assigning(self, in: record)
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact and readable: strings quoted, null as "(none)".
    public var description: String {
        switch self {
        case .null: "(none)"
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let values): values.map(\.description).joined(separator: ", ")
        case .object: String(decoding: JSONFormat.bytes(of: self), as: UTF8.self)
        }
    }
}

extension JSONValue: JSONCodable {
    public init(json reader: inout JSONReader) throws(JSONReadError) {
        self = try reader.readValue()
    }

    public func write(json writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.boolean(value)
        case .int(let value): writer.integer(value)
        case .double(let value): writer.double(value)
        case .string(let value): writer.string(value)
        case .array(let values): writer.array(values) { $0.value($1) }
        case .object(let members):
            writer.object { writer in
                for (key, value) in members { writer.member(key) { $0.value(value) } }
            }
        }
    }
}
