import Foundation
import PropertyBased
import SeededRandom
import Testing

@testable import SetlistModel
@testable import SetlistStore
@testable import SetlistSupport

/// Property tests of the parsers that take outside input and of the library on disk: random
/// input never crashes them, and what is written reads back the same.
@Suite struct StorePropertyTests {
    /// Letters, digits, punctuation, Czech letters, combining marks, emoji and control characters.
    static let anyCharacter = Gen<Character>.oneOf(
        Gen.letterOrNumber,
        Gen<Character?>.element(
            of: Array(" -'.&/\"\\:#♭♯ěščřžýáíéůúĚŠČŘŽ🎸\u{301}\t\n\r\u{0}\u{7}\u{1B}\u{7F}\u{85}\u{200B}\u{200D}\u{202E}\u{2028}\u{FEFF}")
        ).map { $0! },
        Gen.character(in: "\u{0}"..."\u{2FF}")
    )
    static let anyText = anyCharacter.string(of: 0...40)
    static let lengthText = Gen<Character?>.element(of: Array("0123456789:hms ")).map { $0! }.string(of: 0...12)
    static let keyText = Gen<Character?>.element(of: Array("ABCDEFGHabcdefgh#b♭♯ -moldurisesmajorn")).map { $0! }.string(of: 0...12)

    // MARK: Values

    @Test func lengthsRoundTrip() async {
        await propertyCheck(count: 500, input: Gen.int(in: 1...SongLength.maximum)) { seconds in
            #expect(SongLength.seconds(from: SongLength.format(seconds)) == seconds)
            #expect(SongLength.seconds(from: "\(seconds)") == seconds)
        }
    }

    @Test func anyLengthTextIsRejectedOrInRange() async {
        await propertyCheck(count: 2000, input: Self.lengthText) { text in
            if let seconds = SongLength.seconds(from: text) {
                #expect((1...SongLength.maximum).contains(seconds))
                #expect(SongLength.seconds(from: SongLength.format(seconds)) == seconds)
            }
        }
        await propertyCheck(count: 500, input: Self.anyText) { text in
            if let seconds = SongLength.seconds(from: text) { #expect((1...SongLength.maximum).contains(seconds)) }
        }
    }

    @Test func anyKeyTextIsRejectedOrNormalised() async {
        await propertyCheck(count: 2000, input: Self.keyText) { text in
            guard let key = MusicalKey(parsing: text) else { return }
            #expect(MusicalKey(parsing: key.description) == key, "\(text) → \(key) does not read back")
        }
        await propertyCheck(count: 500, input: Self.anyText) { text in
            if let key = MusicalKey(parsing: text) { #expect(MusicalKey(parsing: key.description) == key) }
        }
    }

    @Test func namesAreCleanOrRefused() async {
        await propertyCheck(count: 2000, input: Self.anyText) { text in
            guard let name = try? Text.cleanName(text, field: "name") else { return }
            #expect(!name.unicodeScalars.contains(where: ControlCharacters.isForbidden))
            #expect(name == name.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect((try? Text.cleanName(name, field: "name")) == name, "cleaning is idempotent")
        }
    }

    @Test func notesAreCleanOrRefused() async {
        await propertyCheck(count: 2000, input: Self.anyText) { text in
            guard let notes = try? Text.cleanNotes(text) else { return }
            #expect(!notes.unicodeScalars.contains(where: ControlCharacters.isForbiddenInNotes))
            #expect(!notes.contains("\r"))
            #expect((try? Text.cleanNotes(notes)) == notes)
        }
    }

    @Test func checkCleansHandEditedTextTheSameWayEverywhere() async {
        await propertyCheck(count: 500, input: Self.anyText) { text in
            let name = IntegrityValues.cleanedName(text)
            #expect(!name.unicodeScalars.contains(where: ControlCharacters.isForbidden))
            #expect(IntegrityValues.cleanedName(name) == name)
        }
    }

    // MARK: History

    static let lines = Gen<Character?>.element(of: Array("ab\n")).map { $0! }.string(of: 0...30)

    @Test func historyDeltasRebuildBothVersions() async {
        await propertyCheck(count: 1000, input: Self.lines, Self.lines) { before, after in
            let old = Data(before.utf8), new = Data(after.utf8)
            let delta = FileDelta(FileChange(path: "f", before: old, after: new))
            #expect(delta.reconstructBefore(fromAfter: new) == old)
            #expect(delta.reconstructAfter(fromBefore: old) == new)
            var writer = JSONWriter()
            delta.write(json: &writer)
            var reader = JSONReader(bytes: writer.bytes)
            #expect((try? reader.readDocument { reader throws(JSONReadError) in try FileDelta(json: &reader) }) == delta)
        }
    }

    // MARK: The library on disk

    /// A library built from random names and numbers: songs, playlists of copies and breaks.
    static func library(names: [String], numbers: [Int]) -> Library {
        var library = Library()
        for (index, name) in names.enumerated() {
            let n = numbers.isEmpty ? index : numbers[index % numbers.count]
            library.addSong(
                SongFields(
                    name: name, author: n % 3 == 0 ? nil : name + " band", length: n % 5 == 0 ? nil : 1 + n,
                    key: MusicalKey(tonic: ["C", "F#", "Bb"][n % 3], mode: n % 2 == 0 ? .major : .minor),
                    bpm: n % 4 == 0 ? nil : 1 + n % 999, notes: n % 2 == 0 ? name + "\nline 2" : nil))
        }
        for (p, number) in numbers.prefix(4).enumerated() {
            var playlist = Playlist(name: "Setlist \(p) " + (names.first ?? ""))
            for (i, song) in library.songs.enumerated() where (number + i) % 3 != 0 {
                playlist.items.append(.song(SongCopy(of: song)))
                if (number + i) % 7 == 0 { playlist.items.append(.setBreak("Set \(i)")) }
            }
            library.playlists.append(playlist)
        }
        library.currentPlaylistID = library.playlists.last?.id
        return library
    }

    static let libraryInput = (Self.anyText.array(of: 0...6), Gen.int(in: 0...2000).array(of: 0...6))

    @Test func whatIsWrittenReadsBackTheSame() async throws {
        await propertyCheck(count: TestSize.count(small: 12, full: 40), input: Self.libraryInput.0, Self.libraryInput.1, identifierSeed) {
            names, numbers, ids in
            try withSeededIdentifiers(ids) {
                let folder = StoreFolder()
                let library = Self.library(names: names, numbers: numbers)
                try folder.store.modify(command: "write") { $0 = library }
                #expect(try folder.store.load() == library)
                // What check names as a problem of a hand-edited file: a control character, a
                // song name of nothing but spaces.
                #expect(
                    try folder.store.check().isSound
                        || names.contains {
                            $0.unicodeScalars.contains(where: ControlCharacters.isForbidden) || Text.trimmedSpaces($0).isEmpty
                        })
            }
        }
    }

    @Test func undoingEveryChangeRestoresTheFirstFiles() async throws {
        await propertyCheck(count: TestSize.count(small: 8, full: 25), input: Self.libraryInput.0, Self.libraryInput.1, identifierSeed) {
            names, numbers, ids in
            try withSeededIdentifiers(ids) {
                let folder = StoreFolder()
                try folder.seed(songs: 2)
                let start = folder.files()
                var changes = 0
                for (step, number) in numbers.enumerated() {
                    let before = folder.store.history().count
                    try folder.store.modify(command: "step \(step)") { library in
                        switch number % 4 {
                        case 0: library.addSong(SongFields(name: names.first.map { "x" + $0 } ?? "x"))
                        case 1: library.playlists.append(Playlist(name: "P\(step)", items: library.songs.map { .song(SongCopy(of: $0)) }))
                        case 2: if !library.playlists.isEmpty { library.playlists.removeLast() }
                        default: if !library.playlists.isEmpty { library.playlists[0].name = "Renamed \(step)" }
                        }
                    }
                    if folder.store.history().count > before { changes += 1 }
                }
                for _ in 0..<changes { _ = try folder.store.undo() }
                #expect(folder.files() == start)
            }
        }
    }

    @Test func repairLosesNoPlaylistWhateverTheOrderFileForgot() async throws {
        await propertyCheck(
            count: TestSize.count(small: 10, full: 30), input: Self.libraryInput.0, Gen.int(in: 0...2000).array(of: 1...6), identifierSeed
        ) { names, numbers, ids in
            try withSeededIdentifiers(ids) {
                let folder = StoreFolder()
                // Text with control characters is cleaned by the repair (tested above), so leave it out here.
                let library = Self.library(names: names.map { "S " + IntegrityValues.cleanedName($0) }, numbers: numbers)
                try folder.store.modify(command: "write") { $0 = library }
                // Forget some playlists in the order file, and list a file that is not there.
                var order = try LibraryFiles.decode(
                    LibraryFiles.PlaylistOrderFile.self, from: try #require(folder.data("playlists.json")), path: "playlists.json")
                order.playlists = order.playlists.enumerated().filter { numbers[$0.offset % numbers.count] % 2 == 0 }.map(\.element)
                order.playlists.append(.init(id: "feedfeed", file: "gone-feedfeed.json"))
                try LibraryFiles.encode(order).write(to: folder.url("playlists.json"))

                let report = try folder.store.repair()
                #expect(report.remaining.isSound, "\(report.remaining.problems)")
                let repaired = try folder.store.load()
                #expect(Set(repaired.playlists.map(\.id)) == Set(library.playlists.map(\.id)))
                for playlist in library.playlists {
                    #expect(repaired.playlists.first { $0.id == playlist.id }?.items == playlist.items)
                }
                #expect(repaired.songs == library.songs)
            }
        }
    }
}
