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

    /// Opens (creating if needed) `url` and blocks until the exclusive lock is held; with
    /// `timeout`, waits that many seconds at most, then throws that another program holds it.
    public convenience init(exclusive url: URL, timeout: Double? = nil) throws(AtomicFileError) {
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw AtomicFile.failure(url.path) }
        guard let timeout else {
            try self.init(fd: fd, path: url.path, operation: LOCK_EX)
            return
        }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let failure = AtomicFile.failure(url.path)
                close(fd)
                throw failure
            }
            guard Date() < deadline else {
                close(fd)
                throw AtomicFileError(
                    path: url.path, reason: "another setlist has held the library's lock for over \(timeout.formatted()) s",
                    advice: "A setlist command in another terminal may be waiting (stopped with Ctrl-Z?): let it finish.")
            }
            usleep(20_000)
        }
        self.init(locked: fd)
    }

    /// An open descriptor whose lock is held.
    private init(locked fd: Int32) { self.fd = fd }

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
