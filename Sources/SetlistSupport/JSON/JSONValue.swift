import Foundation

/// Any JSON value, for the values a merge conflict records whatever field they come from.
public enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Any encodable value as JSON (a plain value type always encodes).
    public init<T: Encodable>(encoding value: T) {
        self = (try? JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))) ?? .null
    }

    /// The value decoded as `T`.
    public func decode<T: Decodable>(as type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: JSONEncoder().encode(self))
    }

    /// `record` with its key `key` set to this value (removed when null), through its JSON form.
    public func assigned<T: Codable>(to key: String, of record: T) throws -> T {
        guard case .object(var object) = JSONValue(encoding: record) else { return record }
        object[key] = self == .null ? nil : self
        return try JSONValue.object(object).decode(as: T.self)
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
        case .object: String(decoding: (try? JSONFormat.encoder().encode(self)) ?? Data(), as: UTF8.self)
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
