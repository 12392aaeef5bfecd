/// The first line of an HTTP request, which is all the band page's server needs of one: the
/// method and the path. Headers are read past and ignored (nothing a browser sends changes
/// anything).
public struct RequestHead: Hashable, Sendable {
    /// The largest request head read; a longer one is refused (431).
    public static let limit = 8 * 1024

    public var method: String
    /// The path without the query, as sent (percent escapes kept).
    public var path: String

    /// Why a request head is refused.
    public enum Problem: Error, Hashable, Sendable {
        /// The head is not complete yet: read more.
        case incomplete
        /// Longer than ``RequestHead/limit``.
        case tooLarge
        /// Not an HTTP request line.
        case malformed
    }

    /// The head at the start of `bytes`, which must hold it whole (up to the empty line).
    public init(parsing bytes: [UInt8]) throws(Problem) {
        guard let end = Self.endOfHead(bytes) else { throw bytes.count > Self.limit ? .tooLarge : .incomplete }
        guard end <= Self.limit else { throw .tooLarge }
        let lineEnd = bytes.firstIndex(of: UInt8(ascii: "\r")) ?? bytes.firstIndex(of: UInt8(ascii: "\n")) ?? end
        let parts = bytes[..<lineEnd].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].starts(with: Array("HTTP/1.".utf8)),
            let method = String(validating: parts[0], as: UTF8.self), !method.isEmpty, method.allSatisfy({ $0.isUppercase }),
            let target = String(validating: parts[1], as: UTF8.self), target.hasPrefix("/")
        else { throw .malformed }
        self.method = method
        path = String(target.prefix { $0 != "?" && $0 != "#" })
    }

    /// The index just past the empty line that ends a head (CRLF CRLF, or LF LF from a lax client).
    static func endOfHead(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\r"), bytes[index + 2] == UInt8(ascii: "\n") {
                    return index + 3
                }
            }
            index += 1
        }
        return nil
    }
}
