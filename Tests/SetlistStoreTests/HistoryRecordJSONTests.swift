import Foundation
import JSONTestSupport
import SeededRandom
import Testing

@testable import SetlistModel
@testable import SetlistStore
@testable import SetlistSupport

/// History entries are read and written by their members; what is written reads back as written.
@Suite struct HistoryRecordJSONTests {
    /// Text with what makes JSON strings hard: quotes, backslashes, slashes, controls, accents,
    /// combining marks, emoji, a byte order mark.
    static let pieces = [
        "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "🎸", "\u{FEFF}", "ž", "{", "]",
    ]

    static func text(_ random: inout some RandomNumberGenerator, upTo length: Int = 12) -> String {
        (0..<Int.random(in: 0...length, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// Bytes of a file's lines: text mostly, sometimes bytes that are not UTF-8 (stored as base64).
    static func bytes(_ random: inout some RandomNumberGenerator) -> StoredBytes {
        if Int.random(in: 0..<5, using: &random) == 0 {
            return StoredBytes(Data((0..<Int.random(in: 1...9, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }))
        }
        return StoredBytes(Data(text(&random, upTo: 40).utf8))
    }

    static func record(_ random: inout some RandomNumberGenerator) -> History.Record {
        let changes = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            FileDelta(
                path: ["songs.json", "playlists.json", "playlists/a-" + text(&random, upTo: 4) + ".json"].randomElement(using: &random)!,
                before: Bool.random(using: &random) ? Fingerprint.absent : "\(Int.random(in: 0...99999, using: &random)):0123456789abcdef",
                after: text(&random, upTo: 6),
                hunks: (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    FileDelta.Hunk(
                        at: Int.random(in: 0...1 << 40, using: &random), to: Int.random(in: 0...1 << 20, using: &random),
                        removed: bytes(&random), added: bytes(&random))
                })
        }
        return History.Record(command: "setlist " + text(&random, upTo: 30), date: text(&random, upTo: 20), changes: changes)
    }

    @Test func laidOutAsTheEncoderLaysItOut() throws {
        var random = seededGenerator(for: "HistoryRecordJSONTests.writtenAsTheEncoderWritesIt")
        for _ in 0..<2000 {
            let data = LibraryFiles.encode(Self.record(&random))
            #expect(data == (try FoundationJSON.pretty(data)) + [0x0A])
        }
    }

    @Test func readBackAsWritten() throws {
        var random = seededGenerator(for: "HistoryRecordJSONTests.readAsTheDecoderReadsIt")
        for _ in 0..<2000 {
            let record = Self.record(&random)
            let data = LibraryFiles.encode(record)
            // As written, and as another program writes it: compact, slashes and more escaped.
            for bytes in [data, try FoundationJSON.compact(data)] {
                #expect(try LibraryFiles.decode(History.Record.self, from: bytes, path: "h.json") == record)
            }
        }
    }

    static let plain = History.Record(format: "f", version: 1, command: "c", date: "d", changes: [])

    /// What is wrong is refused, with the place named; what is sound (unknown members, a whole
    /// number written with a fraction, bytes as base64) is read.
    @Test(
        arguments: [
            (#"{"changes": [], "command": "c", "date": "d", "format": "f"}"#, "it has no \"version\" field", nil),
            (#"{"changes": [], "command": "c", "date": "d", "format": "f", "version": 1, "other": 1}"#, nil, plain),
            (
                #"{"changes": [{"path": "songs.json", "before": "absent", "after": "absent"}], "command": "c", "date": "d", "format": "f", "version": 1}"#,
                #"the field "hunks" is missing at changes[0]."#, nil
            ),
            (
                #"{"changes": [{"path": "songs.json", "before": "absent", "after": "absent", "hunks": [{"at": 1.0, "to": 0, "added": "", "removed": ""}]}], "command": "c", "date": "d", "format": "f", "version": 1}"#,
                nil,
                History.Record(
                    format: "f", version: 1, command: "c", date: "d",
                    changes: [
                        FileDelta(
                            path: "songs.json", before: "absent", after: "absent",
                            hunks: [FileDelta.Hunk(at: 1, to: 0, removed: StoredBytes(Data()), added: StoredBytes(Data()))])
                    ])
            ),
            (
                #"{"changes": [{"path": "songs.json", "before": "absent", "after": "absent", "hunks": [{"at": 1, "to": 0, "added": {"base64": "AA=="}, "removed": ""}]}], "command": "c", "date": "d", "format": "f", "version": 1}"#,
                nil,
                History.Record(
                    format: "f", version: 1, command: "c", date: "d",
                    changes: [
                        FileDelta(
                            path: "songs.json", before: "absent", after: "absent",
                            hunks: [FileDelta.Hunk(at: 1, to: 0, removed: StoredBytes(Data()), added: StoredBytes(Data([0])))])
                    ])
            ),
            (
                #"{"changes": [], "command": "c\x", "date": "d", "format": "f", "version": 1}"#,
                "it is not valid JSON at line 1, column 30", nil
            ),
            (
                #"{"changes": [], "command": null, "date": "d", "format": "f", "version": 1}"#, "at command: expected text but found null.",
                nil
            ),
            (
                #"{"changes": [], "command": "c", "date": "d", "format": "f", "version": 1} x"#,
                "it is not valid JSON at line 1, column 75", nil
            ),
        ] as [(String, String?, History.Record?)])
    func anEntryIsReadOrRefused(text: String, problem: String?, expected: History.Record?) throws {
        let data = Data(text.utf8)
        if let problem {
            let error = #expect(throws: LibraryError.self) { try LibraryFiles.decode(History.Record.self, from: data, path: "h.json") }
            #expect("\(error.map { "\($0)" } ?? "")".contains(problem), "\(error.map { "\($0)" } ?? "")")
        } else {
            #expect(try LibraryFiles.decode(History.Record.self, from: data, path: "h.json") == expected)
        }
    }

    @Test func aNewerEntryIsRefusedAsBefore() {
        let text = #"{"changes": [], "command": "c", "date": "d", "format": "setlist-history", "version": 2}"#
        do {
            _ = try LibraryFiles.decode(History.Record.self, from: Data(text.utf8), path: "h.json")
            Issue.record("a newer entry was read")
        } catch {
            guard case .newerFormat(let path, let found, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "h.json" && found == 2)
        }
    }
}
