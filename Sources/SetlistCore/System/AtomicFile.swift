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
public enum AtomicFile {
    /// Atomically replaces (or creates) the file at `url` with `data`.
    ///
    /// A device or pipe already at `url` (`/dev/stdout`, `/dev/null`, a FIFO) is written into
    /// instead: replacing it would put a plain file in its place, in /dev itself when run as root.
    public static func write(_ data: Data, to url: URL, permissions: mode_t = 0o644) throws(AtomicFileError) {
        var info = stat()
        if stat(url.path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            let fd = open(url.path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw failure(url.path) }
            defer { close(fd) }
            guard writeAll(data, to: fd) else { throw failure(url.path) }
            return
        }
        let folder = url.deletingLastPathComponent().path
        let template = folder + "/.\(url.lastPathComponent).tmp-XXXXXX"
        var buffer = Array(template.utf8CString)
        let fd = buffer.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(url.path) }
        let temporary = String(decoding: buffer.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        let written = writeAll(data, to: fd)
        guard written, fchmod(fd, permissions) == 0, fsync(fd) == 0 else {
            let error = failure(url.path)
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw failure(url.path) }
        guard rename(temporary, url.path) == 0 else { throw failure(url.path) }
        ok = true
        syncFolder(folder)
    }

    /// Whether `name` is one of the temporary files ``write(_:to:permissions:)`` makes
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
        if unlink(url.path) != 0 && errno != ENOENT { throw failure(url.path) }
        syncFolder(url.deletingLastPathComponent().path)
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
        AtomicFileError(
            path: path, reason: String(cString: strerror(errno)),
            advice: "Check that the folder exists and that you may write to it.")
    }
}

/// A file that could not be written, replaced, removed or locked: which file, and why.
public struct AtomicFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (or folder) at fault.
    public var path: String
    /// Why, as the system words it, without a final full stop: "Permission denied",
    /// "No space left on device".
    public var reason: String
    /// What to do about it, if there is something general to say.
    public var advice: String?

    public init(path: String, reason: String, advice: String?) {
        self.path = path
        self.reason = reason
        self.advice = advice
    }

    /// The reason and the advice as sentences: "Permission denied. Check that …".
    public var detail: String {
        reason + "." + (advice.map { " " + $0 } ?? "")
    }

    public var description: String { "Cannot write \(path): \(detail)" }
}
