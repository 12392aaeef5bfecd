import Foundation
import SetlistModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory lock on a file (`flock`), held for a whole read-change-write of the library.
public final class FileLock {
    private let fd: Int32

    /// Opens (creating if needed) `url` and blocks until the exclusive lock is held.
    public convenience init(exclusive url: URL) throws(AtomicFileError) {
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw AtomicFile.failure(url.path) }
        try self.init(fd: fd, path: url.path, operation: LOCK_EX)
    }

    /// Blocks until a shared lock on `url` is held; nil when there is no file there. Never creates
    /// the file, so reading leaves nothing behind (a read-only medium, a shared folder): opened
    /// for reading, which also works in a library this user may only read.
    public static func shared(ifPresent url: URL) throws(AtomicFileError) -> FileLock? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        if fd < 0 && errno == ENOENT { return nil }
        guard fd >= 0 else { throw AtomicFile.failure(url.path) }
        return try FileLock(fd: fd, path: url.path, operation: LOCK_SH)
    }

    private init(fd: Int32, path: String, operation: Int32) throws(AtomicFileError) {
        self.fd = fd
        while flock(fd, operation) != 0 {
            if errno == EINTR { continue }
            // deinit closes the descriptor: a class whose initialiser throws after setting every
            // property is deinitialised, so closing here too would close it twice.
            throw AtomicFile.failure(path)
        }
    }

    /// Releases the lock.
    public func unlock() {
        if fd >= 0 { flock(fd, LOCK_UN) }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }
}
