import CLITestSupport
import Foundation
import TestLevels
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// New library files take the umask of the process that makes them (issue 13); a process of its
/// own, since the umask belongs to the whole process and other tests run beside this one.
@Suite(.tags(.endToEnd)) struct UmaskTests {
    @Test(arguments: [(0o027, 0o640, 0o600), (0o002, 0o664, 0o600), (0o077, 0o600, 0o600)] as [(mode_t, mode_t, mode_t)])
    func newFilesTakeTheUmask(umask: mode_t, ordinary: mode_t, contacts: mode_t) throws {
        let lib = try TemporaryLibrary()
        let wrapper = ["/bin/sh", "-c", "umask \(String(umask, radix: 8)) && exec \"$0\" \"$@\""]
        for arguments in [["add-song", "A"], ["add-contact", "Pepa", "pepa@example.com"]] {
            let result = try lib.runBinary(arguments, through: wrapper)
            #expect(result.status == 0, "\(result.stderr)")
        }
        func mode(_ name: String) -> mode_t {
            var info = stat()
            return stat(lib.root.appendingPathComponent(name).path, &info) == 0 ? info.st_mode & 0o777 : 0
        }
        #expect(mode("songs.json") == ordinary)
        #expect(mode("contacts.json") == contacts)
    }
}
