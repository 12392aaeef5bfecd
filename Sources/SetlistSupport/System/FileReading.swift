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
package enum FileReading {
    /// The bytes of the file at `path` (an absolute path), read directly when it can be, else by
    /// `Data(contentsOf:)`; throws the reason it cannot be read.
    package static func data(atPath path: String) throws -> Data {
        let quick = quickRead(path)
        if case .read(let bytes) = quick { return Data(bytes) }
        return try slowRead(path, after: quick)
    }

    /// The bytes of the file at `path`, or nil when nothing is there (no such file, a symbolic
    /// link to none, or a file where a folder on the path belongs); a file that is there but
    /// cannot be read throws as ``data(atPath:)``. One `open` tells both, where asking first
    /// whether the file exists walked its path twice.
    package static func dataIfPresent(atPath path: String) throws -> Data? {
        try bytesIfPresent(atPath: path).map { Data($0) }
    }

    /// ``dataIfPresent(atPath:)`` as an array of bytes, which a ``JSONReader`` reads without a copy.
    package static func bytesIfPresent(atPath path: String) throws -> [UInt8]? {
        let quick = quickRead(path)
        switch quick {
        case .read(let bytes): return bytes
        case .notOpened(ENOENT), .notOpened(ENOTDIR): return nil
        default: return Array(try slowRead(path, after: quick))
        }
    }

    /// Something other than a regular file stands where a file is read.
    package struct NotAFile: LocalizedError {
        let mode: mode_t

        package var errorDescription: String? {
            switch mode & S_IFMT {
            case S_IFDIR: "It is a folder, not a file."
            case S_IFIFO: "It is a named pipe, not a file."
            default: "It is a device or a socket, not a file."
            }
        }
    }

    private enum QuickRead {
        case read([UInt8])
        /// `open` failed with this error: ENOENT or ENOTDIR when nothing is there (as
        /// `FileManager.fileExists` would say), else why it could not be opened.
        case notOpened(Int32)
        /// Opened but not read so (not a regular file, a failed read, a size that changed while
        /// it was read): the slow read gives the bytes or the usual error.
        case failed
    }

    /// The regular file whose path is the bytes `path` (without a NUL), which need not be
    /// UTF-8 (a file copied from a Latin-2 system); nil when it cannot be read.
    package static func bytes(atRawPath path: [UInt8]) -> [UInt8]? {
        let terminated = path.map { CChar(bitPattern: $0) } + [0]
        if case .read(let bytes) = quickRead(opening: { flags in open(terminated, flags) }) { return bytes }
        return nil
    }

    /// The regular file at `path`, read with a few system calls.
    private static func quickRead(_ path: String) -> QuickRead {
        quickRead(opening: { flags in open(path, flags) })
    }

    /// The regular file `open` opens with the flags given, read with a few system calls.
    private static func quickRead(opening open: (Int32) -> Int32) -> QuickRead {
        // Not waiting for a writer when the path is a named pipe (a regular file reads the same).
        let fd = open(O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .notOpened(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let data = allBytes(of: fd, size: Int(info.st_size)) else {
            return .failed
        }
        return .read(data)
    }

    /// A named pipe, a device or a folder where a file belongs is named (`Data(contentsOf:)` would
    /// wait on a pipe for a writer forever, and names a folder by a bare error code); a file that
    /// could not be opened throws `open`'s reason (for a symbolic link that leads back to itself
    /// Foundation gave only "error 256"); anything else is read by `Data(contentsOf:)`, which
    /// gives the bytes or the usual error.
    private static func slowRead(_ path: String, after quick: QuickRead) throws -> Data {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG { throw NotAFile(mode: info.st_mode) }
        if case .notOpened(let code) = quick, let reason = POSIXErrorCode(rawValue: code) { throw POSIXError(reason) }
        return try Data(contentsOf: URL(fileURLWithPath: path), options: [])
    }

    /// All `size` bytes of the open file `fd`; nil when it holds fewer or more.
    private static func allBytes(of fd: Int32, size: Int) -> [UInt8]? {
        // Into memory not cleared first: it is read over at once (docs/performance.md, "Each
        // command reads only what it needs").
        var complete = false
        let data = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            while initialized < size {
                let count = read(fd, buffer.baseAddress! + initialized, size - initialized)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                initialized += count
            }
            complete = true
        }
        // Nothing more to read: the file did not grow meanwhile.
        var byte: UInt8 = 0
        while true {
            let count = read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            return complete && count == 0 ? data : nil
        }
    }
}
