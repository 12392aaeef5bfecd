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
    /// `Data(contentsOf:)` (mapped into memory with `mapped`); throws the reason it cannot be read.
    static func data(atPath path: String, mapped: Bool = false) throws -> Data {
        let quick = quickRead(path, mapped: mapped)
        if case .read(let data) = quick { return data }
        return try slowRead(path, mapped: mapped, after: quick)
    }

    /// The bytes of the file at `path`, or nil when nothing is there (no such file, a symbolic
    /// link to none, or a file where a folder on the path belongs); a file that is there but
    /// cannot be read throws as ``data(atPath:mapped:)``. One `open` tells both, where asking
    /// first whether the file exists walked its path twice.
    static func dataIfPresent(atPath path: String, mapped: Bool = false) throws -> Data? {
        let quick = quickRead(path, mapped: mapped)
        switch quick {
        case .read(let data): return data
        case .notOpened(ENOENT), .notOpened(ENOTDIR): return nil
        default: return try slowRead(path, mapped: mapped, after: quick)
        }
    }

    /// Something other than a regular file stands where a file is read.
    struct NotAFile: LocalizedError {
        let mode: mode_t

        var errorDescription: String? {
            switch mode & S_IFMT {
            case S_IFDIR: "It is a folder, not a file."
            case S_IFIFO: "It is a named pipe, not a file."
            default: "It is a device or a socket, not a file."
            }
        }
    }

    private enum QuickRead {
        case read(Data)
        /// `open` failed with this error: ENOENT or ENOTDIR when nothing is there (as
        /// `FileManager.fileExists` would say), else why it could not be opened.
        case notOpened(Int32)
        /// Opened but not read so (not a regular file, a failed read, a size that changed while
        /// it was read): the slow read gives the bytes or the usual error.
        case failed
    }

    /// The regular file at `path`, read with a few system calls (`Data(contentsOf:)` spent more
    /// on its set-up than on the reading) or, with `mapped`, mapped into memory with every page
    /// present: for a large file of which only a few lines are read closely, and populated at
    /// once, as faulting its pages in one by one took a sixth of the skim of a large song list.
    /// Library files are replaced by renaming, never rewritten in place, so a mapped file does not
    /// change under the reader.
    private static func quickRead(_ path: String, mapped: Bool) -> QuickRead {
        // Not waiting for a writer when the path is a named pipe (a regular file reads the same).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .notOpened(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failed }
        let size = Int(info.st_size)
        guard let data = mapped ? mappedBytes(of: fd, size: size) : allBytes(of: fd, size: size) else { return .failed }
        return .read(data)
    }

    /// A named pipe, a device or a folder where a file belongs is named (`Data(contentsOf:)` would
    /// wait on a pipe for a writer forever, and names a folder by a bare error code); a file that
    /// could not be opened throws `open`'s reason (for a symbolic link that leads back to itself
    /// Foundation gave only "error 256"); anything else is read by `Data(contentsOf:)`, which
    /// gives the bytes or the usual error.
    private static func slowRead(_ path: String, mapped: Bool, after quick: QuickRead) throws -> Data {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG { throw NotAFile(mode: info.st_mode) }
        if case .notOpened(let code) = quick, let reason = POSIXErrorCode(rawValue: code) { throw POSIXError(reason) }
        return try Data(contentsOf: URL(fileURLWithPath: path), options: mapped ? .alwaysMapped : [])
    }

    /// The `size` bytes of the open file `fd`, mapped; nil for an empty file, which cannot be
    /// mapped (`Data(contentsOf:)` gives its empty bytes).
    static func mappedBytes(of fd: Int32, size: Int) -> Data? {
        guard size > 0, let memory = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), memory != MAP_FAILED
        else { return nil }
        return Data(bytesNoCopy: memory, count: size, deallocator: .custom { memory, size in munmap(memory, size) })
    }

    /// All `size` bytes of the open file `fd`; nil when it holds fewer or more.
    private static func allBytes(of fd: Int32, size: Int) -> Data? {
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
