import Foundation
import SetlistModel
import Testing
import ZIPFoundation

@testable import SetlistAppFormats

/// A ZIP archive of `members` (name, bytes), made in memory as the apps make theirs.
func zipArchive(_ members: [(String, [UInt8])], compressed: Bool = true) throws -> [UInt8] {
    let archive = try Archive(data: Data(), accessMode: .create)
    for (name, bytes) in members {
        let data = Data(bytes)
        try archive.addEntry(
            with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: compressed ? .deflate : .none,
            provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
    }
    return Array(try #require(archive.data))
}

@Suite struct SongbookProTests {
    func backup() throws -> AppLibrary {
        let archive = try zipArchive([("dataFile.txt", try Fixture.bytes("songbookpro/dataFile.txt")), ("dataFile.hash", Array("x".utf8))])
        return try SongbookProBackup.read(archive, file: "Band.sbpbackup", notation: .english)
    }

    @Test func keyZeroIsA() {
        #expect(SongbookProBackup.key(number: 0, chart: "[A]x [D]y [E]z") == MusicalKey(pitchClass: 9, mode: .major))
        #expect(SongbookProBackup.key(number: 3, chart: nil)?.description == "C major")
        // The real export's "Ain't My Truck" (intro G C D, chorus in G) has "key": 10.
        #expect(SongbookProBackup.key(number: 10, chart: "[G]  [C]  [D]")?.description == "G major")
        #expect(SongbookProBackup.key(number: 7, chart: "[Em]Are you")?.description == "E minor")
        #expect(SongbookProBackup.key(number: 12, chart: nil) == nil)
    }

    @Test func songsComeWithTheirDetailsAndCharts() throws {
        let library = try backup()
        #expect(library.songs.map(\.fields.name) == ["Amazing Grace", "Scarborough Fair", "House of the Rising Sun", "Song in C"])
        let grace = library.songs[0].fields
        #expect(grace.author == "John Newton")
        #expect(grace.key?.description == "G major")
        #expect(grace.bpm == 72 && grace.length == 245 && grace.notes == "Slow first verse\nOrder: Verse 1, Verse 2")
        #expect(grace.chart?.key == grace.key)
        #expect(grace.chart?.lines.prefix(2) == ["{time: 3/4}", "{c: Verse 1}"])
        let fair = library.songs[1]
        #expect(fair.fields.author == "Traditional") // the subtitle, with no author
        #expect(fair.fields.key?.description == "E minor")
        #expect(fair.fields.chart?.capo == 2 && fair.fields.chart?.key?.description == "D minor")
        #expect(fair.fields.chart?.lines[1] == "[Dm]Are you going to [C]Scarborough [Dm]Fair?")
        #expect(fair.fields.bpm == nil && fair.fields.length == nil)
    }

    @Test func aKeyShiftMovesTheSongNotItsChart() throws {
        let sun = try backup().songs[2].fields
        #expect(sun.chart?.key?.description == "A minor")
        #expect(sun.key?.description == "B minor")
    }

    @Test func deletedSongsAndUnreadableValuesAreReported() throws {
        let library = try backup()
        #expect(library.leftOut.contains("Band.sbpbackup, song 5 (Thrown Away): deleted in SongbookPro"))
        #expect(library.warnings.contains { $0.hasPrefix("Band.sbpbackup, song 4 (Song in C): its tempo was left out") })
    }

    @Test func setsBecomeSetlistsInOrderWithTheirKeysAndCapos() throws {
        let library = try backup()
        #expect(library.sets.map(\.name) == ["Sunday Service"]) // the deleted set is not
        let entries = library.sets[0].entries
        #expect(entries.map(\.song) == [.index(0), .index(1), .index(2)])
        #expect(entries[0].key?.description == "A major") // G moved up 2 (keyOfset)
        #expect(entries[1].key?.description == "E minor" && entries[1].capo == 3)
        #expect(entries[2].key?.description == "A minor") // as written, not with the song's key shift
        #expect(library.leftOut.contains("Sunday Service: a song deleted or not in the backup (SongId 99)"))
    }

    @Test func anArchiveWithoutDataFileIsNoBackup() throws {
        let archive = try zipArchive([("song.pdf", [1, 2, 3])])
        #expect(throws: AppFormatError.missingMember(file: "x.sbp", member: "dataFile.txt", format: "SongbookPro backup")) {
            try SongbookProBackup.read(archive, file: "x.sbp", notation: .english)
        }
    }

    @Test func brokenJSONIsNamed() throws {
        let archive = try zipArchive([("dataFile.txt", Array("1.0\n{\"songs\": [{\"name\": }".utf8))])
        do {
            _ = try SongbookProBackup.read(archive, file: "x.sbp", notation: .english)
            Issue.record("read")
        } catch {
            #expect(error.description.hasPrefix("x.sbp: its dataFile.txt cannot be read:"))
        }
    }
}

@Suite struct AppArchiveTests {
    @Test func aZipBombIsRefusedByItsSize() throws {
        let archive = try AppArchive(try zipArchive([("dataFile.txt", [UInt8](repeating: 0, count: 3 << 20))]), file: "bomb.sbp")
        #expect(throws: AppFormatError.self) { try archive.read("dataFile.txt", limit: 1 << 20) }
        #expect(try archive.read("dataFile.txt").count == 3 << 20)
    }

    @Test func tooManyMembersAreRefusedBeforeAnyIsRead() throws {
        let members = (0..<50).map { ("song\($0).txt", [UInt8(0)]) }
        #expect(throws: AppFormatError.self) { try AppArchive(try zipArchive(members), file: "many.sbp", maximumMembers: 20) }
    }

    @Test func memberPathsAreOnlyNames() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let before = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(scratch.path)
        defer { FileManager.default.changeCurrentDirectoryPath(before) }
        let archive = try AppArchive(try zipArchive([("../../escaped.txt", Array("x".utf8))]), file: "evil.sbp")
        #expect(try archive.read("../../escaped.txt") == Array("x".utf8))
        #expect(!FileManager.default.fileExists(atPath: scratch.deletingLastPathComponent().appendingPathComponent("escaped.txt").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test func whatIsNoZipIsSaidSo() {
        #expect(throws: AppFormatError.self) { try AppArchive(Array("PK\u{3}\u{4}garbage".utf8), file: "x.sbp") }
    }
}
