import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Listing a folder with `readdir`: every command lists the library folder and `playlists/` for
/// sync tools' conflict copies, and the history's folder for its last entry, and
/// `FileManager.contentsOfDirectory` took about four times as long for the 2 000 files of a large
/// library.
enum FolderListing {
    /// The names in the folder at `path`, without `.` and `..`, in the order the system gives
    /// them (as `FileManager.contentsOfDirectory(atPath:)` gives them); empty when it cannot be
    /// listed (absent, not a folder, not readable).
    static func names(atPath path: String) -> [String] {
        nameBytes(atPath: path).names
    }

    /// The same names as bytes in one buffer: a folder of thousands of playlist files is looked
    /// through on every command, and most of its names need never become strings.
    static func nameBytes(atPath path: String) -> Names {
        var names = Names()
        guard let folder = opendir(path) else { return names }
        defer { closedir(folder) }
        while true {
            errno = 0
            guard let entry = readdir(folder) else { return errno == 0 ? names : Names() }
            withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { start in
                    let name = UnsafeBufferPointer(start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)))
                    let dots = name.count <= 2 && name.allSatisfy { $0 == UInt8(ascii: ".") }
                    if !dots { names.append(name) }
                }
            }
        }
    }

    /// Names (file names, bytes as the system gives them) kept end to end in one buffer.
    struct Names {
        private var bytes: [UInt8] = []
        private var ends: [Int] = []

        init() {}

        /// The names of `strings`, as UTF-8.
        init<Strings: Sequence<String>>(_ strings: Strings) {
            for var string in strings { string.withUTF8 { append($0) } }
        }

        var count: Int { ends.count }

        mutating func append(_ name: UnsafeBufferPointer<UInt8>) {
            bytes.append(contentsOf: name)
            ends.append(bytes.count)
        }

        /// Calls `body` with the bytes of the name at `index`.
        func withBytes<Result>(of index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
            let start = index == 0 ? 0 : ends[index - 1]
            return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<ends[index]])) }
        }

        /// The name at `index` as text (bytes that are not UTF-8 shown as U+FFFD, as
        /// `String(cString:)` shows them).
        func name(_ index: Int) -> String {
            withBytes(of: index) { String(decoding: $0, as: UTF8.self) }
        }

        var names: [String] { (0..<count).map(name) }
    }
}
