import Foundation
import PropertyBased
import SeededRandom
import Testing

@testable import SetlistCore

/// The song list is read and written without Codable; Codable stays the definition of both.
@Suite struct SongListCodecTests {
    static func file(_ names: [String], _ numbers: [Int]) -> LibraryFiles.SongsFile {
        LibraryFiles.SongsFile(songs: StorePropertyTests.library(names: names, numbers: numbers).songs, conflicts: nil)
    }

    @Test func writtenAsTheEncoderWritesIt() async {
        await propertyCheck(count: 60, input: StorePropertyTests.libraryInput.0, StorePropertyTests.libraryInput.1) { names, numbers in
            let file = Self.file(names, numbers)
            #expect(SongListCodec.write(file) == JSONFormat.document(file))
            #expect(JSONFormat.songs(file.songs) == (try? JSONFormat.encoder().encode(file.songs)))
        }
    }

    @Test func readAsTheDecoderReadsIt() async throws {
        await propertyCheck(count: 60, input: StorePropertyTests.libraryInput.0, StorePropertyTests.libraryInput.1) { names, numbers in
            let data = JSONFormat.document(Self.file(names, numbers))
            // As written, and as another program writes it: compact, slashes and more escaped.
            let other = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: data))
            for bytes in [data, other] {
                let decoded = try JSONDecoder().decode(LibraryFiles.SongsFile.self, from: bytes)
                let read = try #require(SongListCodec.read(bytes))
                #expect(read.songs == decoded.songs && read.format == decoded.format && read.version == decoded.version)
            }
        }
    }

    @Test func playlistFilesAreReadAsTheDecoderReadsThem() async throws {
        await propertyCheck(count: 40, input: StorePropertyTests.libraryInput.0, StorePropertyTests.libraryInput.1) { names, numbers in
            let library = StorePropertyTests.library(names: names, numbers: numbers)
            for playlist in library.playlists {
                let data = LibraryFiles.encode(
                    LibraryFiles.PlaylistFile(id: playlist.id, name: playlist.name, items: playlist.items, conflicts: nil))
                let other = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: data))
                let file = LibraryFiles.PlaylistFile(id: playlist.id, name: playlist.name, items: playlist.items, conflicts: nil)
                #expect(SongListCodec.writePlaylist(file) == JSONFormat.document(file))
                for bytes in [data, other] {
                    let decoded = try JSONDecoder().decode(LibraryFiles.PlaylistFile.self, from: bytes)
                    let read = try #require(SongListCodec.readPlaylist(bytes))
                    #expect(
                        read.items == decoded.items && read.id == decoded.id && read.name == decoded.name && read.version == decoded.version
                    )
                }
                for song in library.songs {
                    #expect(SongListCodec.song(JSONFormat.document(song)) == song)
                }
            }
        }
    }

    @Test(arguments: [
        #""items": [], "plan": {}"#, #""items": [], "received": {}"#, #""items": [], "conflicts": []"#,
        #""items": [{"break": "Set 2", "id": "x"}]"#, #""items": [{"break": null}]"#,
        #""items": [{"id": "a", "name": "b", "received": {}}]"#,
        #""items": [{"id": "a"}]"#, #""items": [{"id": "a", "name": "b", "original": 5}]"#, #""items": [], "other": 1"#,
    ])
    func aPlaylistOutOfTheOrdinaryIsLeftToTheDecoder(members: String) {
        #expect(SongListCodec.readPlaylist(Data((#"{"format": "f", "version": 1, "id": "p", "name": "P", "# + members + "}").utf8)) == nil)
        let plain =
            #"{"format": "f", "version": 1, "id": "p", "name": "P", "plan": null, "items": [{"break": "B"}, {"id": "a", "name": "b", "original": null}]}"#
        #expect(SongListCodec.readPlaylist(Data(plain.utf8))?.items.count == 2)
    }

    /// Strings are taken as text by a check of their bytes rather than `String(validating:)`:
    /// random bytes, mostly UTF-8 and sometimes not, get the same answer from both.
    @Test func textIsValidatedAsStringValidates() {
        var random = seededGenerator(for: "SongListCodecTests.textIsValidatedAsStringValidates")
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("ž".utf8), Array("🎸".utf8), Array("e\u{301}".utf8), [0xFF], [0xC3], [0x80], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0], [0xEF, 0xBF, 0xBD], [0xEF, 0xBB, 0xBF],
        ]
        for _ in 0..<5000 {
            let bytes = (0..<Int.random(in: 0...6, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
            let text = bytes.withUnsafeBufferPointer { Bytes.text(utf8: $0) }
            #expect(text == String(validating: bytes, as: UTF8.self), "\(bytes)")
        }
    }

    /// The UTF-8 check at every edge of the table of well-formed sequences: each byte and each
    /// pair of bytes, the leads of three and four bytes that have rules of their own, and their neighbours, with every
    /// second byte and a third and
    /// fourth at the edges of the continuation bytes, cut short or not, alone and between letters.
    @Test func everyShortSequenceIsJudgedAsStringValidatesIt() {
        func agrees(_ bytes: [UInt8]) -> Bool {
            [bytes, Array("ř".utf8) + bytes + Array("a".utf8)].allSatisfy { bytes in
                bytes.withUnsafeBufferPointer { Bytes.text(utf8: $0) } == String(validating: bytes, as: UTF8.self)
            }
        }
        var sequences: [[UInt8]] = (0...0xFFFF).map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } + (0...0xFF).map { [UInt8($0)] }
        let edges: [UInt8] = [0x7F, 0x80, 0xBF, 0xC0]
        for lead: UInt8 in [0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF] {
            for second in UInt8(0)...0xFF {
                for third in edges {
                    sequences.append([lead, second, third])
                    for fourth in edges { sequences.append([lead, second, third, fourth]) }
                }
            }
        }
        let disagreeing = sequences.filter { !agrees($0) }
        #expect(Array(disagreeing.prefix(5)) == [])
    }

    /// Long text is checked sixteen bytes at a time where it is ASCII and two-byte letters: every
    /// byte, every pair of bytes and the edges of the longer sequences, at every place in such
    /// runs, and random text long enough to hold them, are judged as `String(validating:)` judges.
    @Test func longTextIsJudgedAsStringValidatesIt() {
        let letters = Array("Příliš žluťoučký kůň úpěl ďábelské ódy a".utf8)
        func disagrees(_ sequence: [UInt8], at offsets: some Sequence<Int>) -> Bool {
            offsets.contains { offset in
                let bytes = Array(letters.prefix(offset)) + sequence + letters
                return bytes.withUnsafeBufferPointer { Bytes.text(utf8: $0) } != String(validating: bytes, as: UTF8.self)
            }
        }
        let edges: [UInt8] = [0x7F, 0x80, 0xBF, 0xC0]
        var sequences: [[UInt8]] = (0...0xFF).map { [UInt8($0)] } + [[0xE2, 0x80, 0x93], [0xF0, 0x9F, 0x8E, 0xB8]]
        for lead: UInt8 in [0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5] {
            for second in edges + [0x9F, 0xA0] {
                sequences.append([lead, second])
                for third in edges { sequences += [[lead, second, third], [lead, second, third, 0x80], [lead, second, third, 0xC0]] }
            }
        }
        #expect(Array(sequences.filter { disagrees($0, at: 0..<34) }.prefix(5)) == [])
        let pairs = (0...0xFFFF).map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(Array(pairs.filter { disagrees($0, at: [1, 2, 16, 17]) }.prefix(5)) == [])
        var random = seededGenerator(for: "SongListCodecTests.longTextIsJudgedAsStringValidatesIt")
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("ž".utf8), Array("Příběh ".utf8), Array("🎸".utf8), Array("–".utf8), [0xFF], [0xC3], [0x80], [0xC2],
            [0xDF], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0], [0x0A],
        ]
        for _ in 0..<4000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).flatMap { _ in
                Int.random(in: 0..<6, using: &random) == 0 ? pieces.randomElement(using: &random)! : pieces[1]
            }
            let text = bytes.withUnsafeBufferPointer { Bytes.text(utf8: $0) }
            #expect(text == String(validating: bytes, as: UTF8.self), "\(bytes)")
        }
    }

    @Test func escapesAreReadAsJSONReadsThem() throws {
        let text =
            #"{"format": "f", "version": 1, "songs": [{"id": "a", "name": "\u017d\u0041\ud83c\udfb8 \"\\\/\b\f\n\r\t\u0000 \u00e9", "notes": null}]}"#
        let decoded = try JSONDecoder().decode(LibraryFiles.SongsFile.self, from: Data(text.utf8))
        #expect(SongListCodec.read(Data(text.utf8))?.songs == decoded.songs)
    }

    /// String contents are read in runs between escapes: random contents of plain text, every
    /// escape, broken escapes, controls and bytes that are not UTF-8 are read as the decoder reads
    /// them, or left to it.
    @Test func stringContentsAreReadAsTheDecoderReadsThem() throws {
        var random = seededGenerator(for: "SongListCodecTests.stringContentsAreReadAsTheDecoderReadsThem")
        let pieces: [[UInt8]] =
            [
                "a", "Příběh ", "🎸", "e\u{301}", #"\n"#, #"\t"#, #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\r"#, #"\u00e9"#, #"\u017D"#,
                #"\ud83c\udfb8"#, #"\ud83c"#, #"\udfb8"#, #"\u+abc"#, #"\u12"#, #"\uzzzz"#, #"\x"#, "\\", "\t", "\n",
            ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0x01], [0x7F], [0xED, 0xA0, 0x80]]
        var read = 0
        for _ in 0..<4000 {
            let contents = (0..<Int.random(in: 0...8, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
            let document = Array("[\"".utf8) + contents + Array("\"]".utf8)
            // Contents with a quote that ends them early are not one string's.
            guard
                case .some(let text) = document.withUnsafeBytes({ raw -> String?? in
                    var skim = JSONSkim(raw)
                    guard skim.take(UInt8(ascii: "[")), let range = skim.string(), range == 2..<(2 + contents.count) else { return .none }
                    return .some(skim.unescaped(range))
                })
            else { continue }
            let decoded = try? JSONDecoder().decode([String].self, from: Data(document)).first
            if let text {
                read += 1
                #expect(text == decoded, "\(contents)")
            }
        }
        // About a quarter of the contents hold nothing broken (about 980 of 4 000): enough are read here.
        #expect(read > 500)
    }

    /// The eight-bytes-at-a-time look at a string's bytes answers as one byte at a time does.
    @Test func controlsAndASCIIAreFoundAsByteByByte() {
        var random = seededGenerator(for: "SongListCodecTests.controlsAndASCIIAreFoundAsByteByByte")
        let interesting: [UInt8] = [0, 0x1F, 0x20, 0x21, 0x7F, 0x80, 0x9F, 0xA0, 0xFF, 0x0A, 0x41]
        for _ in 0..<5000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Bool.random(using: &random) ? interesting.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
            }
            let kinds = bytes.withUnsafeBufferPointer { Bytes.kinds(of: $0) }
            #expect(kinds.control == bytes.contains { $0 < 0x20 } && kinds.ascii == bytes.allSatisfy { $0 < 0x80 }, "\(bytes)")
        }
    }

    @Test(arguments: [
        #""songs": [], "conflicts": []"#, #""songs": [], "other": 1"#, #""songs": [{"id": "a", "name": "b", "bpm": 1.0}]"#,
        #""songs": [{"id": "a", "name": "b", "bpm": -1}]"#, #""songs": [{"id": "a", "name": "b", "key": "X"}]"#,
        #""songs": [{"id": "a", "name": "b", "id": "c"}]"#, #""songs": [{"id": "a", "name": "\ud83c"}]"#, #""songs": [{"id": "a"}]"#,
        #""songs": [{"id": "a", "name": "b", "extra": 1}]"#, #""songs": [{"id": "a", "name": "b\x"}]"#, #""songs": {}"#,
        #""songs": [], "songs": []"#, #""songs": [{"id": "a", "name": "b", "bpm": 007}]"#,
    ])
    func whatIsOutOfTheOrdinaryIsLeftToTheDecoder(members: String) {
        #expect(SongListCodec.read(Data((#"{"format": "f", "version": 1, "# + members + "}").utf8)) == nil)
        #expect(SongListCodec.read(Data(#"{"format": "f", "version": 1, "songs": [], "conflicts": null}"#.utf8))?.songs == [])
    }

    @Test func playlistsOutOfTheOrdinaryAreWrittenAsTheEncoderWritesThem() throws {
        let copy = SongCopy(id: "c", originalID: nil, fields: SongFields(name: "Tab\t\"quoted\" \\ /", key: try MusicalKey.parse("F#m")))
        var received = copy
        received.received = SongFields(name: "Theirs")
        for items in [[], [.setBreak("Encore")], [PlaylistItem.song(copy), .setBreak(""), .song(copy)]] as [[PlaylistItem]] {
            let file = LibraryFiles.PlaylistFile(id: "p", name: "Večer", items: items, conflicts: nil)
            #expect(SongListCodec.writePlaylist(file) == JSONFormat.document(file))
        }
        let withReceived = LibraryFiles.PlaylistFile(id: "p", name: "P", items: [.song(received), .song(copy)], conflicts: nil)
        #expect(SongListCodec.writePlaylist(withReceived) == JSONFormat.document(withReceived))
        // A plan or conflicts are the encoder's to write.
        #expect(SongListCodec.writePlaylist(LibraryFiles.PlaylistFile(id: "p", name: "P", items: [], conflicts: [])) == nil)
    }

    @Test func withConflictsTheEncoderWrites() {
        var file = Self.file(["A"], [1])
        file.conflicts = []
        #expect(SongListCodec.write(file) == nil)
    }
}
