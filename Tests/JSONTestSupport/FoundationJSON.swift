import Foundation
import SetlistSupport

/// JSON as Foundation writes it: an independent writer to check setlist's layout against (the
/// same text, laid out by Foundation's encoder, pretty with sorted keys) and another program's
/// way of writing a file (compact, slashes escaped).
public enum FoundationJSON {
    /// A JSON value as Foundation encodes it.
    public struct Value: Encodable {
        public var value: JSONValue

        public init(_ value: JSONValue) { self.value = value }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch value {
            case .null: try container.encodeNil()
            case .bool(let value): try container.encode(value)
            case .int(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .array(let values): try container.encode(values.map(Value.init))
            case .object(let members): try container.encode(members.mapValues(Value.init))
            }
        }
    }

    public struct Unparsable: Error {}

    /// The encoder set up as setlist lays JSON out: pretty, keys sorted, slashes as they are.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `data` (one JSON value, a final new line allowed) laid out by Foundation's encoder.
    public static func pretty(_ data: Data) throws -> Data {
        try encoder().encode(Value(try parsed(data)))
    }

    /// `data` as another program writes it: compact, slashes escaped.
    public static func compact(_ data: Data) throws -> Data {
        try JSONEncoder().encode(Value(try parsed(data)))
    }

    private static func parsed(_ data: Data) throws -> JSONValue {
        guard let value = JSONValue(parsing: Array(data)) else { throw Unparsable() }
        return value
    }
}
