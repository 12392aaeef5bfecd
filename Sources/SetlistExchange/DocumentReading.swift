import Foundation
import SetlistModel
import SetlistSupport

/// One field of a document as read: missing (or null), present but of the wrong type (with
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

    /// A list at `path` of elements of the right type, refused over `limit` elements as a read one is.
    static func list<T>(_ elements: [T], at path: String, limit: Int) -> Self where Value == [Field<T>] {
        guard elements.count <= limit else { return .invalid(tooLong(path, count: elements.count, limit: limit)) }
        return .present(elements.map { .present($0) })
    }

    /// The problem of a list at `path` with more than `limit` elements.
    static func tooLong(_ path: String, count: Int, limit: Int) -> String {
        "\(path): has \(count) entries, more than the \(limit) a setlist document may hold."
    }
}

/// Reading that never stops at the first bad field, so that every problem of a document can be
/// listed at once: a field of the wrong type becomes `.invalid` with a message naming its place,
/// in the document dialect's words (`playlist.items[3].bpm: expected a whole number of beats per
/// minute, found text "fast".`).
extension JSONReader {
    /// The value that comes next, read by `read`; `expected` words what it should be.
    mutating func field<T>(_ expected: String?, _ read: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> Field<T> {
        if try isNull() {
            try skipValue()
            return .absent
        }
        let outcome = try attempt { reader throws(JSONReadError) in try reader.expecting(expected, read) }
        switch outcome {
        case .success(let value): return .present(value)
        case .failure(let problem): return .invalid(problem.description)
        }
    }

    /// Text that comes next.
    mutating func text(_ expected: String = "text") throws(JSONReadError) -> Field<String> {
        try field(expected) { reader throws(JSONReadError) in try reader.readString() }
    }

    /// A whole number that comes next.
    mutating func integer(_ expected: String) throws(JSONReadError) -> Field<Int> {
        try field(expected) { reader throws(JSONReadError) in try reader.readInt() }
    }

    /// The list that comes next, of at most `limit` elements, each read on its own by `read`
    /// (and worded `element`), so that one bad element does not hide the others.
    mutating func list<T>(limit: Int, element: String, _ read: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError)
        -> Field<[Field<T>]>
    {
        if try isNull() {
            try skipValue()
            return .absent
        }
        let path = location
        var count = 0
        let outcome = try attempt { reader throws(JSONReadError) in
            try reader.expecting("a list") { reader throws(JSONReadError) in
                try reader.readArray { reader throws(JSONReadError) -> Field<T>? in
                    count += 1
                    // Over the limit only counted, as the whole list is refused.
                    guard count <= limit else {
                        try reader.skipValue()
                        return nil
                    }
                    let outcome = try reader.attempt { reader throws(JSONReadError) in try reader.expecting(element, read) }
                    switch outcome {
                    case .success(let value): return .present(value)
                    case .failure(let problem): return .invalid(problem.description)
                    }
                }
            }
        }
        switch outcome {
        case .failure(let problem): return .invalid(problem.description)
        case .success where count > limit: return .invalid(Field<[Field<T>]>.tooLong(path, count: count, limit: limit))
        case .success(let elements): return .present(elements.compactMap { $0 })
        }
    }
}
