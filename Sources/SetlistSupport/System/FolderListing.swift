import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Listing a folder with `readdir`, which gives every name as the system has it, one that is not
/// UTF-8 included (shown with U+FFFD), where `FileManager` passes over or fails on such a name.
package enum FolderListing {
    /// The names in the folder at `path`, without `.` and `..`, in the order the system gives
    /// them; empty when it cannot be listed (absent, not a folder, not readable).
    package static func names(atPath path: String) -> [String] {
        byteNames(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names as the system has them, bytes that need not be UTF-8, without `.` and `..`.
    package static func byteNames(atPath path: String) -> [[UInt8]] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else { return errno == 0 ? names : [] }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8) && name != Array("..".utf8) { names.append(name) }
        }
    }
}
