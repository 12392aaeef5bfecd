import CLITestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The files setlist writes keep what the user set up (issue 13): a library file's mode after
/// `chmod`, private contacts and settings, and a symbolic link where a document is written.
@Suite struct FileSetupTests {
    static func mode(_ url: URL) -> mode_t {
        ((try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]) as? NSNumber).map { mode_t($0.intValue) } ?? 0
    }

    static func isLink(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.type]) as? FileAttributeType == .typeSymbolicLink
    }

    @Test func contactsAndSettingsAreCreatedPrivateAndTheRestLikeAnyNewFile() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "A")
        try lib.ok("add-contact", "Pepa", "pepa@example.com")
        try lib.ok("config", "sender", "Me <me@example.com>")
        // What the umask makes of a new file, as any program creates it.
        let plain = lib.folder.appendingPathComponent("plain")
        #expect(FileManager.default.createFile(atPath: plain.path, contents: nil))
        let ordinary = Self.mode(plain)
        #expect(Self.mode(lib.root.appendingPathComponent("songs.json")) == ordinary)
        #expect(Self.mode(lib.root.appendingPathComponent("contacts.json")) == ordinary & 0o600)
        #expect(Self.mode(lib.root.appendingPathComponent("settings.json")) == ordinary & 0o600)
        // The history keeps copies of the contacts, so it is as private.
        let history = lib.root.appendingPathComponent(".history")
        for name in try FileManager.default.contentsOfDirectory(atPath: history.path) where name.hasSuffix(".json") {
            #expect(Self.mode(history.appendingPathComponent(name)) == ordinary & 0o600, "\(name)")
        }
    }

    @Test func aChangeKeepsTheModeTheUserSet() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "A")
        try lib.ok("add-contact", "Pepa", "pepa@example.com")
        let contacts = lib.root.appendingPathComponent("contacts.json"), songs = lib.root.appendingPathComponent("songs.json")
        #expect(chmod(contacts.path, 0o640) == 0)
        #expect(chmod(songs.path, 0o600) == 0)
        try lib.ok("add-contact", "Jana", "jana@example.com")
        try lib.ok("add-song", "B")
        #expect(Self.mode(contacts) == 0o640)
        #expect(Self.mode(songs) == 0o600)
        try lib.ok("undo")
        #expect(Self.mode(songs) == 0o600)
    }

    @Test(arguments: [
        ["pdf", "-o", "link"],
        ["export", "-o", "link"],
        ["share", "--to", "a@example.com", "--from", "b@example.com", "--eml", "link"],
    ])
    func aDocumentWrittenToALinkReplacesItsTarget(arguments: [String]) throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "A")
        try lib.ok("new", "Koncert", "A")
        let shared = lib.folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let target = shared.appendingPathComponent("document")
        try Data("old".utf8).write(to: target)
        let link = lib.folder.appendingPathComponent("link")
        #expect(symlink("shared/document", link.path) == 0)
        let result = try lib.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.isLink(link))
        #expect(try Data(contentsOf: target) != Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared.path) == ["document"])
    }

    /// A library copied, cloned or on a read-only medium has no lock file: reading it leaves none.
    /// (The setlist was exported once before: a first export notes what was sent, a change.)
    @Test(arguments: [
        ["songs"], ["show"], ["playlists"], ["song", "A"], ["pdf", "-o", "-"], ["export", "-o", "-"], ["check"], ["undo", "--list"],
        ["export", "--format", "csv", "-o", "-"], ["contacts"], ["config"],
    ])
    func readingCommandsCreateNoLockFile(arguments: [String]) throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "A")
        try lib.ok("new", "Koncert", "A")
        try lib.ok("export", "-o", "-")
        let lock = lib.root.appendingPathComponent(".lock")
        try FileManager.default.removeItem(at: lock)
        let result = try lib.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lock.path))
    }

    @Test func aLinkIntoAFolderThatDoesNotExistIsAClearError() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("new", "Koncert")
        let link = lib.folder.appendingPathComponent("set.pdf")
        #expect(symlink("gone/set.pdf", link.path) == 0)
        let result = try lib.run("pdf", "-o", "set.pdf")
        #expect(result.status == 1)
        #expect(result.stderr.contains("is a symbolic link to"), "\(result.stderr)")
        #expect(result.stderr.contains("gone does not exist"), "\(result.stderr)")
        #expect(Self.isLink(link))
    }
}
