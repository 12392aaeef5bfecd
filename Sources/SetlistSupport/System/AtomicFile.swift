import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes that leave a file either as it was or as it is meant to be, never partial: a temporary
/// file in the same folder, fsync, rename over the old one, fsync the folder.
///
/// A write keeps what the user set up around the file: a symbolic link stays a link and its
/// target is replaced (the temporary file sits beside the target, so the rename stays on one file
/// system); an existing file keeps its mode (and its group, where the user may set it); a new file
/// gets `newFileMode` less the user's umask, as any program's new file does.
public enum AtomicFile {
    /// The mode of a new file anyone may read, before the umask: what `touch` would make.
    public static let ordinaryMode: mode_t = 0o666
    /// The mode of a new file only its owner may read (addresses, mail settings).
    public static let privateMode: mode_t = 0o600

    /// Atomically replaces (or creates) the file at `url` with `data`; see ``AtomicFile`` for
    /// links and modes.
    ///
    /// A device or pipe already at `url` (`/dev/stdout`, `/dev/null`, a FIFO) is written into
    /// instead: replacing it would put a plain file in its place, in /dev itself when run as root.
    ///
    /// Without `followingLinks`, whatever is at `url` is replaced by the file, a link included, and
    /// nothing it leads to is touched: for a file setlist makes for itself, where a link is no
    /// user's set-up and following one would write wherever it points.
    public static func write(_ data: Data, to url: URL, newFileMode: mode_t = ordinaryMode, followingLinks: Bool = true)
        throws(AtomicFileError)
    {
        let target = followingLinks ? try linkTarget(of: url.path) : url.path
        var info = stat()
        let found = (followingLinks ? stat(target, &info) : lstat(target, &info)) == 0
        if followingLinks, found, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            let fd = open(target, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw failure(url.path) }
            defer { close(fd) }
            guard writeAll(data, to: fd) else { throw failure(url.path) }
            return
        }
        // What was there keeps its mode and group; not followed, only a plain file's are taken over.
        let exists = found && (followingLinks || info.st_mode & S_IFMT == S_IFREG)
        // Replacing needs only the folder's permission; a file its owner made read-only says
        // "not this one" all the same (root included, who may write anything).
        if exists, info.st_mode & S_IFMT == S_IFREG, access(target, W_OK) != 0 || info.st_mode & 0o222 == 0 {
            throw AtomicFileError(
                path: url.path, reason: "it is write-protected",
                advice: "Make it writable (chmod u+w) if it may be changed, then run the command again.")
        }
        let folder = folder(of: target)
        // open(O_CREAT) rather than mkstemp: the kernel applies the umask to the new file's mode.
        let (fd, temporary) = try createTemporary(beside: target, in: folder, mode: exists ? privateMode : newFileMode, reporting: url.path)
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        if exists {
            // Best effort for the group: only a member of it (or root) may set it.
            _ = fchown(fd, uid_t.max, info.st_gid)
        }
        let written = writeAll(data, to: fd)
        guard written, !exists || fchmod(fd, info.st_mode & 0o7777) == 0, fsync(fd) == 0 else {
            let error = failure(url.path)
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw failure(url.path) }
        guard rename(temporary, target) == 0 else { throw failure(url.path) }
        ok = true
        syncFolder(folder)
    }

    /// The file a write to `path` replaces: `path` itself, or where its symbolic links lead. A
    /// link to a file that does not exist yet leads to that file, if its folder exists.
    static func linkTarget(of path: String) throws(AtomicFileError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else {
                guard current != path, access(folder(of: current), F_OK) != 0 else { return current }
                throw AtomicFileError(
                    path: path, reason: "it is a symbolic link to \(current), and the folder \(folder(of: current)) does not exist",
                    advice: "Create that folder, or remove the link.")
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw failure(path) }
            let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : folder(of: current) + "/" + destination
        }
        errno = ELOOP
        throw failure(path)
    }

    /// The folder part of a path ("." for a bare name).
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Creates `.NAME.tmp-XXXXXX` beside `target`, exclusively, with `mode` less the umask.
    private static func createTemporary(beside target: String, in folder: String, mode: mode_t, reporting path: String)
        throws(AtomicFileError) -> (Int32, String)
    {
        let name = target.split(separator: "/").last.map(String.init) ?? target
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for _ in 0..<100 {
            let suffix = String((0..<6).map { _ in letters.randomElement()! })
            let temporary = folder + "/.\(name).tmp-" + suffix
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if fd >= 0 { return (fd, temporary) }
            if errno != EEXIST { break }
        }
        throw failure(path)
    }

    /// Whether `name` is one of the temporary files ``write(_:to:newFileMode:)`` makes
    /// (`.NAME.tmp-XXXXXX`), which a killed process can leave behind.
    public static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let range = name.range(of: ".tmp-", options: .backwards) else { return false }
        return name.distance(from: range.upperBound, to: name.endIndex) == 6
    }

    /// Writes every byte, retrying interrupted and partial writes. False when a write fails, with
    /// `errno` saying why.
    public static func writeAll(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }

    /// Removes a file and makes the removal durable. A file already gone is fine.
    public static func remove(_ url: URL) throws(AtomicFileError) {
        try remove(path: url.path)
    }

    /// Removes the file at `path` (an absolute path) and makes the removal durable.
    public static func remove(path: String) throws(AtomicFileError) {
        try removeUnsynced(path: path)
        syncFolder(folder(of: path))
    }

    /// Removes the file at `path` without waiting for the removal to reach the disk (the folder's
    /// next sync takes it there): only for files whose return after a crash does no harm, such as
    /// history entries beyond the limit, which the next change forgets again.
    public static func removeUnsynced(path: String) throws(AtomicFileError) {
        if unlink(path) != 0 && errno != ENOENT { throw failure(path) }
    }

    /// Creates a folder and its parents.
    public static func makeFolder(_ url: URL) throws(AtomicFileError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw AtomicFileError(path: url.path, reason: "cannot create the folder (\(error.localizedDescription))", advice: nil)
        }
    }

    static func syncFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// The failure of the last system call (`errno`) on `path`.
    static func failure(_ path: String) -> AtomicFileError {
        let code = errno
        return AtomicFileError(path: path, reason: String(cString: strerror(code)), advice: advice(for: code))
    }

    /// What to do about a failed write, by its cause.
    static func advice(for code: Int32) -> String {
        switch code {
        case ENOSPC, EDQUOT: "Free some space on that disk (or ask for a larger quota), then run the command again."
        case EROFS: "That disk is mounted read-only; use a library on a disk you can write to."
        case EIO: "The disk reported an error; check it before you run the command again."
        default: "Check that the folder exists and that you may write to it."
        }
    }
}
