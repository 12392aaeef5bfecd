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
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else { return errno == 0 ? names : [] }
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }
}
