import Foundation
import SetlistModel
import SetlistSupport

/// The secret part of the band's address, kept between runs of stage mode on this computer.
///
/// Stage mode restarted in the middle of a gig (the laptop crashed, q was pressed by mistake)
/// serves the same address again, so the phones find it by themselves instead of every member
/// scanning the code anew on stage. A token is reused only for the same library and within
/// ``lifetime`` of the run that last used it: an address seen at one gig does not open the next.
///
/// The file is three lines: the token, when it was last used (ISO 8601) and the library's path.
/// It is private (0600) and written atomically; one that cannot be read or written gives a new
/// token (the phones then scan the code, as without it), never an error.
public struct BandPageToken {
    /// How long after a run started its token is reused: an evening with its breaks.
    public static let lifetime: TimeInterval = 12 * 60 * 60

    /// The file's name in the state folder.
    public static let fileName = "stage-token"

    private let file: URL

    /// The token kept in `folder` (`LibraryLocation.stateFolder`).
    public init(folder: URL) {
        file = folder.appendingPathComponent(Self.fileName)
    }

    /// The token to serve `library` with at `now`: the kept one when it is recent and of that
    /// library, else a new one. It is written back with `now`, so a restart within the lifetime
    /// of this run reuses it.
    public func token(forLibrary library: String, now: Date) -> (token: String, reused: Bool) {
        let kept = keptToken(forLibrary: library, now: now)
        let token = kept ?? BandPageServer.newToken()
        let text = [token, DateText.iso8601(now), library].joined(separator: "\n") + "\n"
        do {
            try AtomicFile.makeFolder(file.deletingLastPathComponent())
            // A secret: a link in its place is replaced, not written through, and a file someone
            // opened up is made the owner's alone again.
            try AtomicFile.write(Data(text.utf8), to: file, newFileMode: AtomicFile.privateMode, followingLinks: false)
            _ = chmod(file.path, AtomicFile.privateMode)
        } catch {
            // Not kept: a restart shows a new code, as it did before tokens were kept.
        }
        return (token, kept != nil)
    }

    private func keptToken(forLibrary library: String, now: Date) -> String? {
        guard let data = try? Data(contentsOf: file), let text = String(data: data, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 3, Self.isToken(lines[0]), lines[2] == library, let used = DateText.date(fromISO8601: lines[1]) else {
            return nil
        }
        let age = now.timeIntervalSince(used)
        return age >= 0 && age < Self.lifetime ? lines[0] : nil
    }

    /// 22 characters of base64url, as ``BandPageServer/newToken()`` makes: nothing else is served.
    static func isToken(_ text: String) -> Bool {
        text.utf8.count == 22
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default: false
                }
            }
    }
}
