import Foundation
import SetlistSupport

/// The mark a running stage mode leaves on this computer, so that a second one on the same setlist
/// is told: both would log into the same gig, and the one left running is easily forgotten (a
/// hidden terminal, a detached tmux, an ssh session).
///
/// Each stage mode holds an exclusive `flock` on a file of its own in the state folder,
/// `live-HASH-PID` (HASH names the library and the setlist). The system drops the lock when the
/// process ends however it ends, so a mark left by a crash is told from a running one and removed.
/// A folder that cannot be written gives no mark and finds no other: this only informs.
public final class StageModeMark {
    private let folder: URL
    private let prefix: String
    private var fd: Int32 = -1
    private var path: String?

    /// Marks this process as running stage mode on the setlist `playlistID` of the library at
    /// `library`, in `folder` (`LibraryLocation.stateFolder`).
    public init(folder: URL, library: String, playlistID: String) {
        self.folder = folder
        let hash = Data((library + "\n" + playlistID).utf8).withUnsafeBytes(XXH64.hash)
        prefix = "live-" + Hex.digits(hash, 16) + "-"
        guard (try? AtomicFile.makeFolder(folder)) != nil else { return }
        let own = folder.appendingPathComponent(prefix + String(getpid())).path
        let opened = open(own, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard opened >= 0 else { return }
        guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
            close(opened)
            return
        }
        (fd, path) = (opened, own)
    }

    /// The process ids of the other stage modes running on the same setlist now. Marks left by
    /// stage modes that ended without removing theirs are removed.
    public func others() -> [Int32] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(prefix) }
        return names.sorted().compactMap { name in
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid() else { return nil }
            let other = folder.appendingPathComponent(name).path
            let probe = open(other, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard probe >= 0 else { return nil }
            defer { close(probe) }
            if flock(probe, LOCK_SH | LOCK_NB) == 0 {
                // Nobody holds it: its stage mode ended without removing it.
                unlink(other)
                return nil
            }
            return pid
        }
    }

    /// Removes the mark (the show is over).
    public func remove() {
        guard fd >= 0, let path else { return }
        unlink(path)
        close(fd)
        fd = -1
    }

    deinit { remove() }
}
