import Foundation
import Testing

@testable import SetlistSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Atomic writes keep what the user set up around a file (issue 13): its mode, and a symbolic
/// link in its place, which stays a link while its target is replaced.
@Suite final class AtomicFileSetupTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    static func mode(_ url: URL) -> mode_t {
        var info = stat()
        return lstat(url.path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    static func isLink(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// Nothing but `names` in `folder`: no temporary file left behind.
    func expectOnly(_ names: Set<String>, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == names, sourceLocation: sourceLocation)
    }

    /// What any program's new file gets under this process's umask, the private one no more.
    @Test func aNewFileTakesTheUmask() throws {
        let reference = folder.appendingPathComponent("reference")
        #expect(FileManager.default.createFile(atPath: reference.path, contents: nil))
        let plain = folder.appendingPathComponent("plain.json"), secret = folder.appendingPathComponent("secret.json")
        try AtomicFile.write(Data("a".utf8), to: plain)
        try AtomicFile.write(Data("b".utf8), to: secret, newFileMode: AtomicFile.privateMode)
        #expect(Self.mode(plain) == Self.mode(reference))
        #expect(Self.mode(secret) == Self.mode(reference) & 0o600)
    }

    @Test(arguments: [0o600, 0o640, 0o664, 0o200] as [mode_t])
    func aFileKeepsItsMode(mode: mode_t) throws {
        let url = folder.appendingPathComponent("contacts.json")
        try AtomicFile.write(Data("old".utf8), to: url)
        #expect(chmod(url.path, mode) == 0)
        try AtomicFile.write(Data("new".utf8), to: url, newFileMode: AtomicFile.ordinaryMode)
        #expect(Self.mode(url) == mode)
        #expect(try String(contentsOf: url, encoding: .utf8) == "new")
    }

    /// A file its owner made read-only is not replaced, though its folder could take a new one
    /// (issue 36): the error names it, and it keeps its bytes and mode, for root too.
    @Test(arguments: [0o444, 0o400, 0o000] as [mode_t])
    func aWriteProtectedFileIsRefused(mode: mode_t) throws {
        let url = folder.appendingPathComponent("songs.json")
        try AtomicFile.write(Data("old".utf8), to: url)
        #expect(chmod(url.path, mode) == 0)
        let error = #expect(throws: AtomicFileError.self) { try AtomicFile.write(Data("new".utf8), to: url) }
        #expect(
            error?.description
                == "Cannot write \(url.path): it is write-protected. Make it writable (chmod u+w) if it may be changed, then run the command again."
        )
        #expect(Self.mode(url) == mode)
        #expect(chmod(url.path, 0o600) == 0)
        #expect(try String(contentsOf: url, encoding: .utf8) == "old")
    }

    @Test func aLinkStaysALinkAndItsTargetIsReplaced() throws {
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let target = elsewhere.appendingPathComponent("real.pdf")
        try Data("old".utf8).write(to: target)
        #expect(chmod(target.path, 0o640) == 0)
        // A relative link, as `ln -s elsewhere/real.pdf link.pdf` makes, and a link to that link.
        let link = folder.appendingPathComponent("link.pdf"), chain = folder.appendingPathComponent("chain.pdf")
        #expect(symlink("elsewhere/real.pdf", link.path) == 0)
        #expect(symlink("link.pdf", chain.path) == 0)
        try AtomicFile.write(Data("new".utf8), to: chain)
        #expect(Self.isLink(link) && Self.isLink(chain))
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        #expect(Self.mode(target) == 0o640)
        try expectOnly(["elsewhere", "link.pdf", "chain.pdf"], in: folder)
        try expectOnly(["real.pdf"], in: elsewhere)
    }

    /// A file setlist makes for itself is written in the link's place: what the link leads to
    /// (here a file of the user's, readable by all) is not touched, and the new file does not take
    /// its mode.
    @Test func withoutFollowingLinksTheLinkIsReplacedAndItsTargetLeftAlone() throws {
        let target = folder.appendingPathComponent("notes.txt")
        try Data("the user's own".utf8).write(to: target)
        #expect(chmod(target.path, 0o644) == 0)
        let link = folder.appendingPathComponent("made.index")
        #expect(symlink(target.path, link.path) == 0)
        try AtomicFile.write(Data("made".utf8), to: link, newFileMode: AtomicFile.privateMode, followingLinks: false)
        #expect(!Self.isLink(link))
        #expect(try String(contentsOf: link, encoding: .utf8) == "made")
        #expect(Self.mode(link) & 0o077 == 0, "private, not the target's mode")
        #expect(try String(contentsOf: target, encoding: .utf8) == "the user's own")
        #expect(Self.mode(target) == 0o644)
        // A plain file there is replaced as ever, keeping its mode.
        #expect(chmod(link.path, 0o640) == 0)
        try AtomicFile.write(Data("again".utf8), to: link, newFileMode: AtomicFile.privateMode, followingLinks: false)
        #expect(try String(contentsOf: link, encoding: .utf8) == "again")
        #expect(Self.mode(link) == 0o640)
        try expectOnly(["notes.txt", "made.index"], in: folder)
    }

    @Test func aDanglingLinkIsWrittenThroughWhenItsFolderExists() throws {
        let link = folder.appendingPathComponent("out.eml")
        #expect(symlink(folder.appendingPathComponent("new.eml").path, link.path) == 0)
        try AtomicFile.write(Data("x".utf8), to: link)
        #expect(Self.isLink(link))
        #expect(try String(contentsOf: folder.appendingPathComponent("new.eml"), encoding: .utf8) == "x")
    }

    @Test func aDanglingLinkIntoAMissingFolderIsRefusedNamingBoth() throws {
        let link = folder.appendingPathComponent("out.pdf")
        let missing = folder.appendingPathComponent("gone/out.pdf").path
        #expect(symlink(missing, link.path) == 0)
        do {
            try AtomicFile.write(Data("x".utf8), to: link)
            Issue.record("wrote through a link into a folder that does not exist")
        } catch {
            #expect(
                error.description
                    == "Cannot write \(link.path): it is a symbolic link to \(missing), and the folder \(folder.path)/gone does not exist. Create that folder, or remove the link."
            )
        }
        #expect(Self.isLink(link))
        try expectOnly(["out.pdf"], in: folder)
    }

    @Test func aLinkLoopIsRefused() throws {
        let a = folder.appendingPathComponent("a"), b = folder.appendingPathComponent("b")
        #expect(symlink("b", a.path) == 0)
        #expect(symlink("a", b.path) == 0)
        #expect(throws: AtomicFileError.self) { try AtomicFile.write(Data("x".utf8), to: a) }
        #expect(Self.isLink(a) && Self.isLink(b))
    }
}
