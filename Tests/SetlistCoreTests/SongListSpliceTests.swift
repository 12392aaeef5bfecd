import Foundation
import PropertyBased
import Testing

@testable import SetlistCore

/// A changed song list keeps the bytes of its unchanged songs, and gives the same bytes as
/// writing it whole whenever the list read was laid out as setlist writes it.
@Suite struct SongListSpliceTests {
    typealias SongsFile = LibraryFiles.SongsFile

    static func file(_ songs: [Song]) -> SongsFile { SongsFile(songs: songs, conflicts: nil) }

    /// `after` spliced into `data` as read.
    static func splice(_ after: SongsFile, into data: Data) throws -> Data? {
        SongListCodec.spliced(after, keeping: try #require(SongListCodec.read(data)), from: data)
    }

    /// The songs after edits, removals, additions and a move that `numbers` choose.
    static func changed(_ songs: [Song], by numbers: [Int]) -> [Song] {
        var songs = songs
        for (step, number) in numbers.enumerated() {
            switch number % 4 {
            case 0 where !songs.isEmpty: songs[number % songs.count].fields.bpm = 1 + (number + step) % 300
            case 1 where songs.count > 1: songs.remove(at: number % songs.count)
            case 2: songs.insert(Song(fields: SongFields(name: "New \(step) ž", notes: "a\nb")), at: number % (songs.count + 1))
            default: if songs.count > 1 { songs.swapAt(0, number % songs.count) }
            }
        }
        return songs
    }

    @Test func givesTheBytesOfTheWholeListWritten() async throws {
        await propertyCheck(count: 60, input: StorePropertyTests.libraryInput.0, StorePropertyTests.libraryInput.1) { names, numbers in
            let read = StorePropertyTests.library(names: names, numbers: numbers).songs
            guard !read.isEmpty else { return }
            let data = try #require(SongListCodec.write(Self.file(read)))
            let after = Self.file(Self.changed(read, by: numbers + [names.count]))
            guard !after.songs.isEmpty else { return }
            #expect(try Self.splice(after, into: data) == SongListCodec.write(after))
        }
    }

    @Test func keepsTheBytesOfUnchangedSongsAndWritesTheChangedOnes() throws {
        let read = StorePropertyTests.library(names: ["Ódy", "Éra", "Dno"], numbers: [1, 2, 3]).songs
        let data = try #require(SongListCodec.write(Self.file(read)))
        // Escapes setlist does not write, in a list laid out as it writes one: kept in the song
        // that did not change, written anew in the one that did.
        let text = String(decoding: data, as: UTF8.self)
        let escaped = Data(text.replacingOccurrences(of: "Ódy", with: #"Ódy"#).replacingOccurrences(of: "Éra", with: #"Éra"#).utf8)
        var songs = read
        songs[1].fields.notes = "changed"
        let spliced = try #require(try Self.splice(Self.file(songs), into: escaped))
        let result = String(decoding: spliced, as: UTF8.self)
        #expect(result.contains(#""name" : "Ódy""#) && result.contains(#""name" : "Éra""#))
        #expect(try JSONDecoder().decode(SongsFile.self, from: spliced).songs == songs)
    }

    @Test func aListWithAMemberSetlistDoesNotWriteIsWrittenWhole() throws {
        let folder = StoreFolder()
        try folder.seed(songs: 3)
        let text = try #require(folder.text(LibraryFiles.songs))
        try folder.write(text.replacingOccurrences(of: "\"id\" :", with: "\"extra\" : 1,\n      \"id\" :"), to: LibraryFiles.songs)
        try folder.store.modify(command: "edit") { $0.songs[1].fields.bpm = 61 }
        #expect(folder.data(LibraryFiles.songs) == LibraryFiles.encode(Self.file(try folder.store.load().songs)))
    }

    @Test func songsSharingAnIdAreEachKeptOnlyAsThemselves() throws {
        var read = StorePropertyTests.library(names: ["A", "B", "C"], numbers: [1, 2, 3]).songs
        read[2].id = read[0].id
        let data = try #require(SongListCodec.write(Self.file(read)))
        for songs in [[read[2], read[1], read[0]], [read[1], read[2]], [read[2]], read + [read[0]]] {
            #expect(try Self.splice(Self.file(songs), into: data) == SongListCodec.write(Self.file(songs)))
        }
    }

    @Test func keepsNothingFromAListReadElsewhere() throws {
        let read = StorePropertyTests.library(names: ["A", "B", "C"], numbers: [1, 2, 3]).songs
        let data = try #require(SongListCodec.write(Self.file(read)))
        var list = try #require(SongListCodec.read(data))
        #expect(list.songRanges?.count == 3)
        // Not read by SongListCodec (the decoder read it), or noted for another list.
        list.songRanges = nil
        #expect(SongListCodec.spliced(Self.file(read.reversed()), keeping: list, from: data) == nil)
        list.songRanges = try #require(SongListCodec.read(data)?.songRanges).dropLast()
        #expect(SongListCodec.spliced(Self.file(read.reversed()), keeping: list, from: data) == nil)
    }

    @Test func leavesToTheWholeWriteWhatItCannotKeep() throws {
        let read = StorePropertyTests.library(names: ["A", "B"], numbers: [1, 2]).songs
        let data = try #require(SongListCodec.write(Self.file(read)))
        var songs = read
        songs[0].fields.bpm = 77
        let after = Self.file(songs)
        #expect(try Self.splice(after, into: data) != nil)
        // Compact, as another program writes it; with a blank line more; another version.
        let compact = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: data))
        let loose = Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "},\n", with: "},\n\n").utf8)
        let spaced = Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"songs\" : [", with: "\"songs\" :  [").utf8)
        let unended = data.dropLast()
        var older = Self.file(read)
        older.version = 0
        for other in [compact, loose, spaced, unended, try #require(SongListCodec.write(older))] {
            #expect(try Self.splice(after, into: other) == nil)
        }
        let conflicted = SongsFile(
            songs: songs, conflicts: [LibraryConflict(location: .songs, subject: "A", item: nil, field: "name", ours: .null, theirs: .null)]
        )
        #expect(try Self.splice(conflicted, into: data) == nil)
        // Nothing left.
        #expect(try Self.splice(Self.file([]), into: data) == nil)
        // Nothing read.
        let none = try #require(SongListCodec.write(Self.file([])))
        #expect(try Self.splice(after, into: none) == nil)
    }

    @Test func aChangeToOneSongWritesTheListAsAWholeWriteWould() throws {
        let folder = StoreFolder()
        try folder.seed(songs: 30)
        let id = try folder.store.load().songs[7].id
        try folder.store.modify(command: "edit") { library in
            let index = try #require(library.songs.firstIndex { $0.id == id })
            library.songs[index].fields.key = MusicalKey(tonic: "Eb", mode: .minor)
        }
        #expect(folder.data(LibraryFiles.songs) == LibraryFiles.encode(Self.file(try folder.store.load().songs)))
    }
}
