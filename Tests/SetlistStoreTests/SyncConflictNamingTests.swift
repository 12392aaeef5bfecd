import Foundation
import SeededRandom
import Testing

@testable import SetlistModel
@testable import SetlistStore

/// The sync tools' namings are read by hand; the regular expressions they replaced stay here as
/// the definition, and random names built from their parts must be read the same way. They end
/// in `\z`: ICU's `$` also matches before a last line break, which no tool's naming has.
@Suite struct SyncConflictNamingTests {
    static let expressions: [(NSRegularExpression, String)] = [
        (try! NSRegularExpression(pattern: #"^(.+)\.sync-conflict-\d{8}-\d{6}-[A-Z0-9]{7}\z"#), "Syncthing"),
        (try! NSRegularExpression(pattern: #"^(.+) \((?:.+['’]s )?conflicted copy \d{4}-\d{2}-\d{2}( \d{6})?\)\z"#), "Dropbox"),
        (try! NSRegularExpression(pattern: #"^(.+) \(\d+\)\z"#), "Google Drive"),
    ]

    /// What the regular expressions made of a name (OneDrive's naming was never one).
    static func byExpression(_ name: String, among originals: Set<String>) -> (String, String)? {
        guard name.hasSuffix(".json"), !name.hasPrefix(".") else { return nil }
        let stem = String(name.dropLast(5))
        for (pattern, tool) in expressions {
            guard let match = pattern.firstMatch(in: stem, range: NSRange(stem.startIndex..., in: stem)),
                let range = Range(match.range(at: 1), in: stem)
            else { continue }
            let original = String(stem[range]) + ".json"
            if originals.contains(original) {
                return (original, match.numberOfRanges > 2 && match.range(at: 2).location != NSNotFound ? "Nextcloud" : tool)
            }
        }
        return nil
    }

    /// OneDrive's naming as it was read character by character: "songs-HOSTNAME.json".
    static func byCharacters(_ name: String, among originals: Set<String>) -> String? {
        guard name.hasSuffix(".json"), !name.hasPrefix(".") else { return nil }
        let text = String(name.dropLast(5))
        for index in text.indices where text[index] == "-" && index > text.startIndex {
            let original = String(text[..<index]) + ".json"
            let host = text[text.index(after: index)...]
            if originals.contains(original), !host.isEmpty,
                host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            {
                return original
            }
        }
        return nil
    }

    static let parts = [
        "songs", "koncert-1a2b3c4d", " (", ")", "(", " ", "conflicted copy ", "Jirka's ", "Jana’s ", "'s ", "2026-11-22", " 101500",
        "1", "12", "٣", ".sync-conflict-", "20261122-101500-ABCDEFG", "-", "ABCDEFG", "x", "\n", "é", "e\u{301}", "s", "-DESKTOP", "_",
    ]

    @Test func randomNamesAreReadAsTheRegularExpressionsReadThem() {
        var random = seededGenerator(for: "SyncConflictNamingTests.randomNamesAreReadAsTheRegularExpressionsReadThem")
        for _ in 0..<4000 {
            let stem = (0..<Int.random(in: 1...7, using: &random)).map { _ in Self.parts.randomElement(using: &random)! }.joined()
            let originals = Set((1..<stem.count).map { String(stem.prefix($0)) + ".json" } + ["songs.json"])
            let name = stem + ".json"
            let expected = Self.byExpression(name, among: originals)
            let found = SyncConflicts.original(of: name, among: originals)
            // OneDrive's dashes are read after the expressions, the same way as before.
            if let expected {
                #expect(found?.0 == expected.0 && found?.1 == expected.1, "\(name.debugDescription)")
            } else {
                #expect(found?.0 == Self.byCharacters(name, among: originals), "\(name.debugDescription): \(String(describing: found))")
            }
        }
    }

    @Test(arguments: [
        ("songs.sync-conflict-20261122-101500-ABCDEFG.json", "songs.json", "Syncthing"),
        ("songs (conflicted copy 2026-11-22).json", "songs.json", "Dropbox"),
        ("songs (Jirka's conflicted copy 2026-11-22).json", "songs.json", "Dropbox"),
        ("songs (Jirka's conflicted copy 2026-11-22 101500).json", "songs.json", "Nextcloud"),
        ("songs (1).json", "songs.json", "Google Drive"),
        ("songs-DESKTOP-7QK2.json", "songs.json", "OneDrive"),
    ])
    func eachNaming(name: String, original: String, tool: String) throws {
        let found = try #require(SyncConflicts.original(of: name, among: ["songs.json"]))
        #expect(found.0 == original && found.1 == tool)
    }

    @Test func notCopies() {
        for name in [
            "songs.json", "songs (x).json", "songs (conflicted copy 2026-11-2).json", "songs.sync-conflict-2026112-101500-ABCDEFG.json",
            "songs.sync-conflict-20261122-101500-ABCDEFG\n.json",
        ] {
            #expect(SyncConflicts.original(of: name, among: ["songs.json"]) == nil, "\(name)")
        }
    }
}
