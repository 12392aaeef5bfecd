import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a whole file with a few system calls: every command reads several library files, and
/// `Data(contentsOf:)` spent more on its set-up than on the reading.
enum FileReading {
    /// The bytes of the file at `path` (an absolute path), read directly when it can be, else by
    /// `Data(contentsOf:)` (mapped into memory with `mapped`), whose error it throws.
    static func data(atPath path: String, mapped: Bool = false) throws -> Data {
        if !mapped, let data = contents(atPath: path) { return data }
        return try Data(contentsOf: URL(fileURLWithPath: path), options: mapped ? .alwaysMapped : [])
    }

    /// The bytes of the regular file at `path`; nil when it cannot be read so (absent, not a
    /// regular file, a failed read, a size that changed while it was read): the caller then reads
    /// it with `Data(contentsOf:)`, which gives the bytes or the usual error.
    static func contents(atPath path: String) -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        // Not `Data(count:)`, which fills the memory with zeros first (a millisecond for the 13 MB
        // song list of a large library).
        guard let memory = malloc(max(size, 1)) else { return nil }
        let raw = UnsafeMutableRawBufferPointer(start: memory, count: size)
        let complete = { () -> Bool in
            var total = 0
            while total < size {
                let count = read(fd, raw.baseAddress! + total, size - total)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                total += count
            }
            // Nothing more to read: the file did not grow meanwhile.
            var byte: UInt8 = 0
            while true {
                let count = read(fd, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                return count == 0
            }
        }()
        guard complete else {
            free(memory)
            return nil
        }
        return Data(bytesNoCopy: memory, count: size, deallocator: .free)
    }
}
