import Foundation
import SetlistModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A cheap fingerprint of the library files a setlist is read from (the playlist order, the
/// settings and every playlist file): what changes whenever a command, a sync tool or an editor
/// changes one of them. Comparing two stamps costs a few `stat` calls and reads no file.
///
/// Each file is identified by its inode, size and modification time: every write of setlist
/// replaces the file (a new inode), and an editor writing in place changes the time or the size.
public struct LibraryStamp: Hashable, Sendable {
    struct FileStamp: Hashable, Sendable {
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    /// By path relative to the library; a missing file has no entry.
    let files: [String: FileStamp]
}

extension LibraryStore {
    /// The stamp of the library's files as they are now.
    public func stamp() -> LibraryStamp {
        stamp(
            of: [LibraryFiles.playlistOrder, LibraryFiles.settings]
                + LibraryFiles.playlistFileNames(in: root).map { LibraryFiles.playlistFolder + "/" + $0 })
    }

    /// The stamp of what `playlist` is read from: the playlist order, the settings and its own
    /// file (a stage screen need not look at the thousands of others); every playlist file when
    /// its file is not under the name setlist gives it.
    public func stamp(of playlist: Playlist) -> LibraryStamp {
        let own = LibraryFiles.playlistFolder + "/" + Playlist.fileName(name: playlist.name, id: playlist.id)
        // Stat'ed once: its stamp is both the test and part of the result.
        guard let ownStamp = fileStamp(own) else { return stamp() }
        return stamp(of: [LibraryFiles.playlistOrder, LibraryFiles.settings], adding: [own: ownStamp])
    }

    private func stamp(of names: [String], adding known: [String: LibraryStamp.FileStamp] = [:]) -> LibraryStamp {
        var files = known
        for name in names { files[name] = fileStamp(name) }
        return LibraryStamp(files: files)
    }

    /// The stamp of one file; nil when it is missing.
    private func fileStamp(_ name: String) -> LibraryStamp.FileStamp? {
        var info = stat()
        guard stat(LibraryFiles.path(of: name, in: root.path), &info) == 0 else { return nil }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return LibraryStamp.FileStamp(
            inode: UInt64(info.st_ino), size: Int64(info.st_size), seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }
}
