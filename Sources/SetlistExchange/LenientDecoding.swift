import Foundation
import SetlistModel
import SetlistSupport

/// One field of a document as decoded: missing (or null), present but of the wrong type (with
/// the problem, place included), or present.
enum Field<Value> {
    case absent
    case invalid(String)
    case present(Value)

    var value: Value? {
        if case .present(let value) = self { value } else { nil }
    }

    /// A field known to be of the right type: present, or absent when nil.
    init(_ value: Value?) {
        self = value.map { .present($0) } ?? .absent
    }

    /// A list at `path` of elements of the right type, refused over `limit` elements as a decoded one is.
    static func list<T>(_ elements: [T], at path: String, limit: Int) -> Self where Value == [Field<T>] {
        guard elements.count <= limit else { return .invalid(tooLong(path, count: elements.count, limit: limit)) }
        return .present(elements.map { .present($0) })
    }

    /// The problem of a list at `path` with more than `limit` elements.
    static func tooLong(_ path: String, count: Int, limit: Int) -> String {
        "\(path): has \(count) entries, more than the \(limit) a setlist document may hold."
    }
}

/// Decoding that never stops at the first bad field, so that every problem of a document can be
/// listed at once. A field of the wrong type becomes `.invalid` with a message naming its place.
extension KeyedDecodingContainer {
    /// The field `key`, expected to be `expected` ("text", "a whole number").
    func field<T: Decodable>(_ type: T.Type, _ key: Key, expected: String) -> Field<T> {
        do {
            guard let value = try decodeIfPresent(type, forKey: key) else { return .absent }
            return .present(value)
        } catch {
            return .invalid(mistyped(key, expected: expected))
        }
    }

    /// The list `key` of at most `limit` elements, each decoded on its own so one bad element does
    /// not hide the others.
    func list<T: Decodable>(_ type: T.Type, _ key: Key, limit: Int, element: String) -> Field<[Field<T>]> {
        guard contains(key), (try? decodeNil(forKey: key)) != true else { return .absent }
        let path = DecodingErrorText.path(codingPath + [key])
        var list: UnkeyedDecodingContainer
        do {
            list = try nestedUnkeyedContainer(forKey: key)
        } catch {
            return .invalid(mistyped(key, expected: "a list"))
        }
        if let count = list.count, count > limit {
            return .invalid(Field<[Field<T>]>.tooLong(path, count: count, limit: limit))
        }
        var result: [Field<T>] = []
        while !list.isAtEnd {
            let index = list.currentIndex
            do {
                result.append(.present(try list.decode(T.self)))
            } catch {
                // A failed decode leaves the list where it was; read the element again to move on.
                let found = try? list.decode(FoundValue.self)
                result.append(.invalid("\(path)[\(index)]: expected \(element), found \(found?.text ?? "something else")."))
                if list.currentIndex == index { break }
            }
        }
        return .present(result)
    }

    /// "`path`: expected `expected`, found `what is there`." for the field `key` of the wrong type.
    private func mistyped(_ key: Key, expected: String) -> String {
        let found = (try? decodeIfPresent(FoundValue.self, forKey: key))??.text
        return "\(DecodingErrorText.path(codingPath + [key])): expected \(expected)\(found.map { ", found \($0)" } ?? "")."
    }
}

/// Says what a JSON value is, for messages: `text "fast"`, `the number 12.5`, `a list`.
struct FoundValue: Decodable {
    var text: String

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) {
            self.stringValue = "\(intValue)"
            self.intValue = intValue
        }
    }

    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() {
                text = "null"
                return
            }
            if let string = try? single.decode(String.self) {
                text = "text " + Self.quote(string)
                return
            }
            if let bool = try? single.decode(Bool.self) {
                text = bool ? "true" : "false"
                return
            }
            if let number = try? single.decode(Double.self) {
                text = "the number \(Self.format(number))"
                return
            }
            // Text the parser cannot turn into a string: an escaped half of a surrogate pair.
            // (A number fails here with a type mismatch; such text with a parsing error.)
            do {
                _ = try single.decode(String.self)
            } catch DecodingError.typeMismatch {
            } catch {
                text = "text with an escaped half of a character (like \\ud83c without the other half of the emoji)"
                return
            }
        }
        if (try? decoder.container(keyedBy: AnyKey.self)) != nil {
            text = "an object"
            return
        }
        if (try? decoder.unkeyedContainer()) != nil {
            text = "a list"
            return
        }
        // Every other JSON value was tried: what is left is a number no type can hold.
        text = "a number too large to use"
    }

    /// The text in quotes, shortened to 40 characters, with quotes, backslashes and every
    /// invisible or direction-changing character escaped (`\u{202E}`), so that a message can
    /// never smuggle control sequences to the terminal.
    static func quote(_ string: String) -> String {
        ControlCharacters.quoted(string)
    }

    static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }
}
