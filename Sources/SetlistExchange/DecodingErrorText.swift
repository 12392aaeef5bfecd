import Foundation
import SetlistModel
import SetlistSupport

/// Turns `DecodingError`s into one sentence that names the place in the file: a line and column for
/// broken JSON, a path like `songs[3].bpm` for a wrong or missing field.
public enum DecodingErrorText {
    public static func describe(_ error: DecodingError, in data: Data) -> String {
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                // Foundation reports a number that does not fit an Int (2.5, 1e40) as broken JSON.
                if let (codingPath, number) = firstNumberNotAWholeNumber(in: data) {
                    return "at \(path(codingPath)): expected a whole number, found \(number)."
                }
                return syntaxError(context, in: data)
            }
            return "at \(path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            let place = context.codingPath.isEmpty ? "the top level" : path(context.codingPath)
            return "the field \"\(key.stringValue)\" is missing at \(place)."
        case .typeMismatch(let type, let context):
            // Foundation's "Expected to decode Int but found a string instead." names Swift's
            // types; say what the file holds there instead.
            let found = value(at: context.codingPath, in: data).map { ", found " + describeValue($0) } ?? ""
            return "at \(path(context.codingPath)): expected \(describe(type))\(found)."
        case .valueNotFound(let type, let context):
            return "at \(path(context.codingPath)): expected \(describe(type)) but found null."
        @unknown default:
            return "\(error)"
        }
    }

    /// `songs[3].bpm` for a coding path.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var result = ""
        for key in codingPath {
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                result += (result.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return result.isEmpty ? "the top level" : result
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "\(type)".contains("Array") ? "a list" : (("\(type)".contains("Dictionary")) ? "an object" : "\(type)")
        }
    }

    /// The JSON value at `codingPath`, nil when the data does not parse or has nothing there.
    private static func value(at codingPath: [any CodingKey], in data: Data) -> Any? {
        guard var value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        for key in codingPath {
            if let index = key.intValue, let list = value as? [Any], list.indices.contains(index) {
                value = list[index]
            } else if let object = value as? [String: Any], let next = object[key.stringValue] {
                value = next
            } else {
                return nil
            }
        }
        return value
    }

    /// What a JSON value is, for "found …": `the text "fast"`, `the number 2.5`, `true`, `a list`.
    private static func describeValue(_ value: Any) -> String {
        switch value {
        case let text as String: return "the text " + ControlCharacters.quoted(text)
        case let number as NSNumber where isBoolean(number): return number.boolValue ? "true" : "false"
        case let number as NSNumber: return "the number \(number)"
        case is NSNull: return "null"
        case is [Any]: return "a list"
        case is [String: Any]: return "an object"
        default: return "\(value)"
        }
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c" && (number.intValue == 0 || number.intValue == 1) && "\(type(of: number))".contains("Bool")
    }

    /// The place of the first number in the file that is not a whole number an Int holds; every
    /// number in a library file counts something.
    private static func firstNumberNotAWholeNumber(in data: Data) -> ([any CodingKey], NSNumber)? {
        guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        func search(_ value: Any, _ codingPath: [any CodingKey]) -> ([any CodingKey], NSNumber)? {
            switch value {
            case let number as NSNumber where !isBoolean(number):
                let double = number.doubleValue
                let whole = double.rounded() == double && abs(double) < 9.2e18
                return whole ? nil : (codingPath, number)
            case let list as [Any]:
                for (index, element) in list.enumerated() {
                    if let found = search(element, codingPath + [IndexKey(intValue: index)]) { return found }
                }
            case let object as [String: Any]:
                for key in object.keys.sorted() {
                    if let found = search(object[key]!, codingPath + [IndexKey(stringValue: key)]) { return found }
                }
            default: break
            }
            return nil
        }
        return search(root, [])
    }

    private struct IndexKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) {
            self.stringValue = "\(intValue)"
            self.intValue = intValue
        }
    }

    /// Broken JSON: find the line and column ourselves, since the decoder's wording varies.
    private static func syntaxError(_ context: DecodingError.Context, in data: Data) -> String {
        if String(data: data, encoding: .utf8) == nil {
            let offset = firstInvalidUTF8Offset(data)
            let (line, column) = lineAndColumn(of: offset, in: data)
            return "it is not valid UTF-8 text (line \(line), column \(column))."
        }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return "it is empty."
        }
        // The decoder does not say where; JSONSerialization does ("around character 46").
        var reason = context.debugDescription
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? reason
            if let range = reason.range(of: #"character \d+"#, options: .regularExpression),
                let offset = Int(reason[range].dropFirst("character ".count))
            {
                let (line, column) = lineAndColumn(of: offset, in: data)
                return "it is not valid JSON at line \(line), column \(column) (\(reason))."
            }
            if reason.localizedCaseInsensitiveContains("end of file") {
                let (line, column) = lineAndColumn(of: data.count, in: data)
                return "it ends too early, at line \(line), column \(column): the file is cut short."
            }
        }
        return "it is not valid JSON (\(reason))."
    }

    /// The 1-based line and column (counting characters, not bytes) of a byte offset.
    public static func lineAndColumn(of offset: Int, in data: Data) -> (Int, Int) {
        var line = 1, column = 1
        for byte in data.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The byte offset of the first byte that is not valid UTF-8 (the data's size when all is valid).
    public static func firstInvalidUTF8Offset(_ data: Data) -> Int {
        var offset = 0
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }
}
