import Foundation
import Testing

@testable import SetlistBandPage

/// The band's address outlives a restart of stage mode on the same evening (``BandPageToken``),
/// never another library's run or the next day's, and a state file that cannot be used only
/// costs a new code.
@Suite struct BandPageTokenTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-stage-token-\(UUID().uuidString)/state")
    let evening = Date(timeIntervalSince1970: 1_773_514_800)

    @Test func aRestartOnTheSameEveningKeepsTheAddress() throws {
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let keeper = BandPageToken(folder: folder)
        let first = keeper.token(forLibrary: "/band/lib", now: evening)
        #expect(!first.reused && BandPageToken.isToken(first.token))
        let file = folder.appendingPathComponent(BandPageToken.fileName)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "the secret is the owner's alone")
        let restart = keeper.token(forLibrary: "/band/lib", now: evening + 3 * 3600)
        #expect(restart.reused && restart.token == first.token)
        // Each run renews it: a show restarted twice is found each time.
        let again = keeper.token(forLibrary: "/band/lib", now: evening + 14 * 3600)
        #expect(again.reused && again.token == first.token)
    }

    @Test func anotherLibraryOrTheNextDayGetsANewAddress() throws {
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let keeper = BandPageToken(folder: folder)
        let first = keeper.token(forLibrary: "/band/lib", now: evening).token
        let other = keeper.token(forLibrary: "/other/lib", now: evening + 60)
        #expect(!other.reused && other.token != first)
        let back = keeper.token(forLibrary: "/other/lib", now: evening + 60 + BandPageToken.lifetime)
        #expect(!back.reused && back.token != other.token)
        // A clock set back is not taken for a recent run.
        let earlier = keeper.token(forLibrary: "/other/lib", now: evening)
        #expect(!earlier.reused)
    }

    @Test func aStateFileThatCannotBeUsedGivesANewAddressAndNoError() throws {
        let scratch = folder.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(BandPageToken.fileName)
        for damaged in ["", "../../etc/passwd\n2026-03-14T19:00:00Z\n/band/lib\n", "abc\nyesterday\n/band/lib\n", "\u{FF}\u{FE}"] {
            try Data(damaged.utf8).write(to: file)
            let token = BandPageToken(folder: folder).token(forLibrary: "/band/lib", now: evening)
            #expect(!token.reused && BandPageToken.isToken(token.token), "\(damaged)")
        }
        // A link in the file's place is replaced, not written through; a file opened to all is
        // made private again.
        let elsewhere = scratch.appendingPathComponent("elsewhere")
        try Data("x".utf8).write(to: elsewhere)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)
        _ = BandPageToken(folder: folder).token(forLibrary: "/band/lib", now: evening)
        #expect(try Data(contentsOf: elsewhere) == Data("x".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: file.path)) == nil, "no longer a link")
        chmod(file.path, 0o644)
        _ = BandPageToken(folder: folder).token(forLibrary: "/band/lib", now: evening)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        // A file where the state folder belongs: nothing can be kept, the show still gets an address.
        let blocked = scratch.appendingPathComponent("blocked")
        try Data("x".utf8).write(to: blocked)
        let keeper = BandPageToken(folder: blocked.appendingPathComponent("setlist"))
        let first = keeper.token(forLibrary: "/band/lib", now: evening)
        let second = keeper.token(forLibrary: "/band/lib", now: evening + 60)
        #expect(!first.reused && !second.reused && first.token != second.token)
    }
}
