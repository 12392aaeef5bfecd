import Foundation

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

    /// Opens (creating if needed) `url` and blocks until the lock is held.
    ///
    /// A shared lock also works in a library this user may only read (another member's, or on a
    /// read-only mount): the lock file is opened for reading, and when it does not exist and
    /// cannot be created, the reader goes on without it (files are replaced atomically anyway).
    public init(_ url: URL, exclusive: Bool) throws(AtomicFileError) {
        var fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if fd < 0 && !exclusive && (errno == EACCES || errno == EROFS || errno == EPERM) {
            fd = open(url.path, O_RDONLY | O_CLOEXEC)
            if fd < 0 && errno == ENOENT {
                self.fd = -1
                return
            }
        }
        self.fd = fd
        guard fd >= 0 else { throw AtomicFile.failure(url.path) }
        while flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            if errno == EINTR { continue }
            // deinit closes the descriptor: a class whose initialiser throws after setting every
            // property is deinitialised, so closing here too would close it twice.
            throw AtomicFile.failure(url.path)
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
