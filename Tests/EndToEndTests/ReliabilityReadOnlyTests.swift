import CLITestSupport
import Foundation
import TestLevels
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A library this user may only read (another member's, a read-only mount): the commands that
/// only read work, the ones that change it fail clearly and change nothing.
@Suite(.serialized, .tags(.endToEnd, .externalTools), .needs("setpriv")) struct ReliabilityReadOnlyTests {
    /// Runs `setlist` as a user who may not write to the library: this user when it is not root
    /// (the folders are made read-only), else `nobody` through setpriv. Nil when neither can be done.
    func runAsReader(_ lib: TemporaryLibrary, _ arguments: String...) throws -> RunResult? {
        guard getuid() == 0 else { return try lib.runBinary(arguments) }
        guard let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            return nil
        }
        return try lib.runBinary(arguments, through: [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"])
    }

    @Test(arguments: [true, false])
    func readingCommandsWorkInALibraryThisUserMayOnlyRead(withLockFile: Bool) throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Highway to Hell", "--author", "AC/DC", "--length", "3:28")
        try lib.ok("new", "Koncert", "Highway to Hell")
        let lock = lib.root.appendingPathComponent(".lock")
        // A library copied or cloned from git has no lock file (it is not worth keeping).
        if !withLockFile { try FileManager.default.removeItem(at: lock) }
        let before = try lib.snapshot()
        let folders = [lib.folder, lib.root, lib.root.appendingPathComponent("playlists"), lib.root.appendingPathComponent(".history")]
        for folder in folders { chmod(folder.path, 0o555) }
        defer { for folder in folders { chmod(folder.path, 0o755) } }

        guard let shown = try runAsReader(lib, "show", "Koncert") else { return }
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Highway to Hell"))
        let pdf = try #require(try runAsReader(lib, "pdf", "--short", "-o", "-"))
        #expect(pdf.status == 0, "\(pdf.stderr)")
        #expect(pdf.stdoutData.starts(with: Data("%PDF-".utf8)))
        let check = try #require(try runAsReader(lib, "check"))
        #expect(check.status == 0, "\(check.stderr)")
        // Another user may not read the owner's contacts (created private); they are passed over.
        if getuid() == 0 { #expect(check.stdout.contains("Not read: contacts.json"), "\(check.stdout)") }

        // The document is written; what was sent cannot be noted for the replies, and that is said.
        let export = try #require(try runAsReader(lib, "export", "Koncert", "-o", "-"))
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("Highway to Hell"))
        #expect(export.stderr.contains("what was sent could not be noted in the library"), "\(export.stderr)")

        let change = try #require(try runAsReader(lib, "add-song", "Stairway to Heaven"))
        #expect(change.status == 1)
        #expect(change.stderr.contains("Permission denied"), "\(change.stderr)")
        #expect(try lib.snapshot() == before)
        #expect(FileManager.default.fileExists(atPath: lock.path) == withLockFile)
    }
}
