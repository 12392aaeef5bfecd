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

    /// Opens (creating if needed) `url` and blocks until the exclusive lock is held; with
    /// `timeout`, waits that many seconds at most, then throws that another program holds it.
    public convenience init(exclusive url: URL, timeout: Double? = nil) throws(AtomicFileError) {
        try self.init(fd: try Self.openForChange(url), path: url.path, operation: LOCK_EX, timeout: timeout)
    }

    /// Opens (creating if needed) the lock file `url` for a change, as taking its exclusive lock
    /// does first, and closes it again: throws why a change could not be made.
    public static func checkOpensForChange(_ url: URL) throws(AtomicFileError) {
        close(try openForChange(url))
    }

    private static func openForChange(_ url: URL) throws(AtomicFileError) -> Int32 {
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw AtomicFile.failure(url.path) }
        return fd
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

    /// Takes the lock on the open `fd`, blocking, or with a `timeout` trying every 20 ms.
    private init(fd: Int32, path: String, operation: Int32, timeout: Double? = nil) throws(AtomicFileError) {
        self.fd = fd
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        while flock(fd, operation | (deadline == nil ? 0 : LOCK_NB)) != 0 {
            // deinit closes the descriptor: a class whose initialiser throws after setting every
            // property is deinitialised, so closing here too would close it twice.
            if errno == EINTR { continue }
            guard errno == EWOULDBLOCK, let deadline, let timeout else { throw AtomicFile.failure(path) }
            guard Date() < deadline else {
                throw AtomicFileError(
                    path: path, reason: "another setlist has held the library's lock for over \(timeout.formatted()) s",
                    advice: "A setlist command in another terminal may be waiting (stopped with Ctrl-Z?): let it finish.")
            }
            usleep(20_000)
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
