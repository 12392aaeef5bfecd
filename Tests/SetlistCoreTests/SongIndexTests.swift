import Foundation
import SeededRandom
import Testing

@testable import SetlistCore

#if canImport(Glibc)
    import Glibc
#endif

/// The index of a large song list (``SongIndex``) gives the songs the list holds now, or nothing,
/// never songs of an older version: whatever changed the list, or the index, the songs read are
/// the ones a skim of the list gives.
@Suite struct SongIndexTests {
    /// A library of `count` songs (notes on some, so objects differ in length) written by setlist,
    /// an index in the folder's `cache` that indexes a list of any size, and the song list's path.
    private static func library(_ folder: StoreFolder, count: Int, seed name: String) throws -> (Library, SongIndex, path: String) {
        var random = seededGenerator(for: "SongIndexTests." + name)
        let names = (0..<count).map { "Píseň \($0) " + String(repeating: "ž", count: Int.random(in: 0...20, using: &random)) }
        var library = StorePropertyTests.library(names: names, numbers: (0..<20).map { _ in Int.random(in: 0...1000, using: &random) })
        for index in library.songs.indices where index % 3 == 0 {
            library.songs[index].fields.notes = String(repeating: "Příliš žluťoučký kůň. ", count: Int.random(in: 1...20, using: &random))
        }
        try folder.store.modify(command: "seed") { $0 = library }
        return (library, SongIndex(folder: folder.url("cache").path, minimumFileSize: 0), folder.url("songs.json").path)
    }

    private static func songs(_ library: Library, _ ids: Set<String>) -> [Song] {
        library.songs.filter { ids.contains($0.id) }
    }

    @Test func theIndexGivesTheSongsOfTheList() throws {
        let folder = StoreFolder()
        let (library, index, path) = try Self.library(folder, count: 300, seed: "theIndexGivesTheSongsOfTheList")
        let ids = library.songs.map(\.id)
        #expect(index.indexedSongs(withIDs: [ids[0]], songsPath: path) == nil, "no index yet")
        #expect(index.songs(withIDs: [ids[0]], songsPath: path) == [library.songs[0]])
        #expect(FileManager.default.fileExists(atPath: index.indexPath(of: path)))
        var random = seededGenerator(for: "SongIndexTests.theIndexGivesTheSongsOfTheList.lookups")
        for _ in 0..<30 {
            var wanted: Set<String> = ["not-an-id", ""]
            for _ in 0..<Int.random(in: 0...40, using: &random) { wanted.insert(ids.randomElement(using: &random)!) }
            #expect(index.indexedSongs(withIDs: wanted, songsPath: path) == Self.songs(library, wanted))
        }
        #expect(index.indexedSongs(withIDs: [ids[0], ids[ids.count - 1]], songsPath: path) == [library.songs[0], library.songs.last!])
    }

    @Test func aListChangedSinceIsSkimmedAgainAndIndexedAnew() throws {
        let folder = StoreFolder()
        let (library, index, path) = try Self.library(folder, count: 50, seed: "aListChangedSinceIsSkimmedAgainAndIndexedAnew")
        let all = Set(library.songs.map(\.id))
        #expect(index.songs(withIDs: all, songsPath: path) == library.songs)
        // setlist's own change: a new file, its songs moved by the longer name.
        let changed = try folder.store.modify(command: "edit") { library -> Library in
            library.songs[0].fields.name += " (a much longer name now)"
            library.songs.remove(at: 7)
            return library
        }
        #expect(index.indexedSongs(withIDs: all, songsPath: path) == nil)
        #expect(index.songs(withIDs: all, songsPath: path) == changed.songs)
        #expect(index.indexedSongs(withIDs: all, songsPath: path) == changed.songs)
    }

    /// Another program writing the same number of bytes into the same file, and setting its time
    /// back: the change time still tells.
    @Test func aListRewrittenInPlaceToTheSameSizeIsNotReadThroughTheIndex() throws {
        let folder = StoreFolder()
        let (library, index, path) = try Self.library(folder, count: 40, seed: "aListRewrittenInPlace")
        let all = Set(library.songs.map(\.id))
        #expect(index.songs(withIDs: all, songsPath: path) == library.songs)
        var before = stat()
        #expect(stat(path, &before) == 0)
        let text = try #require(folder.text("songs.json"))
        let target = library.songs[5].fields.name
        let edited = text.replacingOccurrences(of: "\"" + target + "\"", with: "\"" + String(target.reversed()) + "\"")
        #expect(edited.utf8.count == text.utf8.count && edited != text)
        let fd = open(path, O_WRONLY)
        #expect(fd >= 0 && AtomicFile.writeAll(Data(edited.utf8), to: fd))
        var times = [before.st_atim, before.st_mtim]
        #expect(futimens(fd, &times) == 0)
        close(fd)
        #expect(index.indexedSongs(withIDs: all, songsPath: path) == nil)
        #expect(index.songs(withIDs: all, songsPath: path)?[5].fields.name == String(target.reversed()))
    }

    /// An index cut short, with a byte changed, of another version or pointing at the wrong
    /// bytes is not read; the list is skimmed, and the index written anew.
    @Test func aDamagedIndexIsNotRead() throws {
        let folder = StoreFolder()
        let (library, index, path) = try Self.library(folder, count: 60, seed: "aDamagedIndexIsNotRead")
        let wanted: Set<String> = [library.songs[3].id, library.songs[40].id]
        #expect(index.songs(withIDs: wanted, songsPath: path) == Self.songs(library, wanted))
        let indexURL = URL(fileURLWithPath: index.indexPath(of: path))
        let good = try Data(contentsOf: indexURL)
        var flipped = good
        flipped[good.count - 20] ^= 0x01
        var identity = stat()
        #expect(stat(path, &identity) == 0)
        // Valid bytes with a valid checksum, but every song placed one byte off.
        let table = try #require(SongIndex.table(atPath: indexURL.path, for: .init(identity)))
        let shifted = (0..<table.count).map { table.record($0) }.map {
            SongIndex.Record(hash: $0.hash, offset: $0.offset + 1, length: $0.length)
        }
        for damaged in [
            good.prefix(good.count - 16), good.prefix(40), flipped, Data("SONGIDX2".utf8) + good.dropFirst(8), Data(),
            SongIndex.bytes(of: shifted, for: .init(identity)),
        ] {
            try damaged.write(to: indexURL)
            #expect(index.indexedSongs(withIDs: wanted, songsPath: path) == nil)
            #expect(index.songs(withIDs: wanted, songsPath: path) == Self.songs(library, wanted))
            #expect(try Data(contentsOf: indexURL) == good, "written anew")
        }
    }

    /// Ids that share a hash (made so here: every record given one id's hash): each song read
    /// is told apart by the id it holds.
    @Test func idsThatShareAHashAreToldApart() throws {
        let folder = StoreFolder()
        let (library, index, path) = try Self.library(folder, count: 20, seed: "idsThatShareAHashAreToldApart")
        #expect(index.songs(withIDs: [library.songs[0].id], songsPath: path) != nil)
        var identity = stat()
        #expect(stat(path, &identity) == 0)
        let indexPath = index.indexPath(of: path)
        let table = try #require(SongIndex.table(atPath: indexPath, for: .init(identity)))
        let shared = XXH64.hash(library.songs[2].id)
        let records = (0..<table.count).map { table.record($0) }.map {
            SongIndex.Record(hash: shared, offset: $0.offset, length: $0.length)
        }
        try SongIndex.bytes(of: records, for: .init(identity)).write(to: URL(fileURLWithPath: indexPath))
        #expect(try #require(SongIndex.table(atPath: indexPath, for: .init(identity))).matching(shared).count == 20)
        #expect(index.indexedSongs(withIDs: [library.songs[2].id, "missing"], songsPath: path) == [library.songs[2]])
    }

    @Test func aCacheFolderThatCannotBeWrittenCostsOnlyTheSkim() throws {
        let folder = StoreFolder()
        let (library, _, path) = try Self.library(folder, count: 30, seed: "aCacheFolderThatCannotBeWritten")
        try folder.write("a file where the folder would be", to: "cache")
        let index = SongIndex(folder: folder.url("cache/setlist").path, minimumFileSize: 0)
        let wanted: Set<String> = [library.songs[1].id]
        #expect(index.songs(withIDs: wanted, songsPath: path) == Self.songs(library, wanted))
        #expect(index.songs(withIDs: wanted, songsPath: folder.url("missing.json").path) == nil)
    }

    /// A link where the index belongs (to a file of the user's here) is replaced by the index,
    /// never written through, and the next lookup reads the index.
    @Test func aLinkWhereTheIndexBelongsIsReplacedNotWrittenThrough() throws {
        let folder = StoreFolder()
        let (library, index, path) = try Self.library(folder, count: 30, seed: "aLinkWhereTheIndexBelongs")
        try folder.write("the user's own file", to: "victim.txt")
        try FileManager.default.createDirectory(atPath: index.folder, withIntermediateDirectories: true)
        #expect(symlink(folder.url("victim.txt").path, index.indexPath(of: path)) == 0)
        let wanted: Set<String> = [library.songs[3].id]
        #expect(index.songs(withIDs: wanted, songsPath: path) == Self.songs(library, wanted))
        #expect(folder.text("victim.txt") == "the user's own file")
        var info = stat()
        #expect(lstat(index.indexPath(of: path), &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(index.indexedSongs(withIDs: wanted, songsPath: path) == Self.songs(library, wanted))
    }

    @Test func aSmallListOrOneLaidOutOtherwiseIsLeftToTheReader() throws {
        let folder = StoreFolder()
        let (library, index, path) = try Self.library(folder, count: 10, seed: "aSmallListIsLeftToTheReader")
        let wanted: Set<String> = [library.songs[1].id]
        #expect(SongIndex(folder: index.folder).songs(withIDs: wanted, songsPath: path) == nil, "under a megabyte")
        let crlf = try #require(folder.text("songs.json")).replacingOccurrences(of: "\n", with: "\r\n")
        try folder.write(crlf, to: "songs.json")
        #expect(index.songs(withIDs: wanted, songsPath: path) == nil)
        #expect(!FileManager.default.fileExists(atPath: index.indexPath(of: path)))
    }

    /// The bucket sort of the records gives what a stable sort by hash gives: hashes alike in
    /// their top bits, equal hashes, spread and bunched.
    @Test func recordsAreSortedByHashKeepingTheirOrder() {
        var random = seededGenerator(for: "SongIndexTests.recordsAreSortedByHashKeepingTheirOrder")
        for count in [0, 1, 2, 3, 50, 3000] {
            let records = (0..<count).map { index -> SongIndex.Record in
                let hash: UInt64 =
                    switch index % 3 {
                    case 0: random.next()
                    case 1: UInt64.random(in: 0...5, using: &random) << 48 | UInt64.random(in: 0...3, using: &random)
                    default: UInt64.random(in: 0...3, using: &random)
                    }
                return SongIndex.Record(hash: hash, offset: UInt32(index), length: 1)
            }
            let expected = records.enumerated().sorted { ($0.element.hash, $0.offset) < ($1.element.hash, $1.offset) }.map(\.element)
            #expect(SongIndex.sortedByHash(records) == expected, "\(count) records")
        }
    }

    @Test func wholeSecondTimesMakeNoIndex() {
        #expect(SongIndex.FileIdentity(fields: [1, 2, 3, 1_700_000_000, 0, 1_700_000_000, 0]).hasCoarseTimes)
        #expect(!SongIndex.FileIdentity(fields: [1, 2, 3, 1_700_000_000, 0, 1_700_000_000, 5]).hasCoarseTimes)
    }

    /// Through the store, as `show` reads: a list over the size reads the originals through its
    /// index, and a change to an original is seen at once.
    @Test func theStoreReadsOriginalsOfALargeListThroughItsIndex() throws {
        let folder = StoreFolder()
        var random = seededGenerator(for: "SongIndexTests.theStoreReadsOriginalsOfALargeListThroughItsIndex")
        let names = (0..<800).map { "Píseň \($0) " + String(repeating: "ř", count: Int.random(in: 0...30, using: &random)) }
        var library = StorePropertyTests.library(names: names, numbers: [1])
        for index in library.songs.indices { library.songs[index].fields.notes = String(repeating: "Noty a slova. ", count: 100) }
        try folder.store.modify(command: "seed") { $0 = library }
        // Right after a change of several files, the reader checks the whole list was written.
        try folder.store.modify(command: "edit") { $0.songs[0].fields.bpm = 60 }
        library.songs[0].fields.bpm = 60
        #expect(try #require(folder.data("songs.json")).count > SongIndex(folder: "").minimumFileSize)
        var store = folder.store
        store.cacheFolder = folder.url("cache")
        let name = library.playlists[0].name
        let expected = try folder.store.load().songs.filter { song in library.playlists[0].copies.contains { $0.originalID == song.id } }
        #expect(try store.load(.playlist(name)).songs == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url("cache").path).count == 1)
        #expect(try store.load(.playlist(name)).songs == expected)
        let target = try #require(expected.last?.id)
        try store.modify(command: "edit") { library in
            let index = try #require(library.songs.firstIndex { $0.id == target })
            library.songs[index].fields.bpm = 61
        }
        #expect(try store.load(.playlist(name)).songs.first { $0.id == target }?.fields.bpm == 61)
    }
}
