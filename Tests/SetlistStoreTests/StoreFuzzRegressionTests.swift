import Foundation
import Testing

@testable import SetlistModel
@testable import SetlistStore
@testable import SetlistSupport

/// Replays the fuzzers' seeds and every input that once crashed a fuzz target
/// (`Tests/Fuzz/Regressions/TARGET/`, written there by `Scripts/fuzz`) with the targets' own checks.
@Suite struct StoreFuzzRegressionTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    /// The seeds and regressions of a fuzz target, by file name.
    static func inputs(_ target: String) -> [(String, Data)] {
        ["Corpus", "Regressions"].flatMap { kind -> [(String, Data)] in
            let folder = fuzzFolder.appendingPathComponent(kind).appendingPathComponent(target)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
                (try? Data(contentsOf: folder.appendingPathComponent(name))).map { ("\(kind)/\(name)", $0) }
            }
        }
    }

    @Test func valueInputsAreRefusedOrReadBack() {
        let inputs = Self.inputs("FuzzValues")
        #expect(inputs.count >= 10, "the seeds are in Fuzz/Corpus/FuzzValues")
        for (name, data) in inputs {
            let text = String(decoding: data, as: UTF8.self)
            if let seconds = SongLength.seconds(from: text) {
                #expect((1...SongLength.maximum).contains(seconds), "\(name)")
                #expect(SongLength.seconds(from: SongLength.format(seconds)) == seconds, "\(name)")
            }
            if let key = MusicalKey(parsing: text) { #expect(MusicalKey(parsing: key.description) == key, "\(name)") }
            if let bpm = try? Tempo.parse(text) { #expect(Tempo.range.contains(bpm), "\(name)") }
            if let clean = try? Text.cleanName(text, field: "name") {
                #expect((try? Text.cleanName(clean, field: "name")) == clean, "\(name)")
                #expect(!clean.unicodeScalars.contains(where: ControlCharacters.isForbidden), "\(name)")
            }
            if let notes = try? Text.cleanNotes(text) { #expect((try? Text.cleanNotes(notes)) == notes, "\(name)") }
            if let address = try? EmailAddress.validate(text) { #expect((try? EmailAddress.validate(address)) == address, "\(name)") }
            #expect(LibraryFiles.isSafePlaylistFileName(Playlist.fileName(name: text, id: "0123456789abcdef")), "\(name)")
        }
    }

    @Test func libraryInputsFailCleanlyOrLoad() throws {
        let inputs = Self.inputs("FuzzLibrary")
        #expect(inputs.count >= 6, "the seeds are in Fuzz/Corpus/FuzzLibrary")
        for (name, data) in inputs where !data.isEmpty {
            let folder = StoreFolder()
            try folder.seed()
            try folder.store.modify(command: "second") { $0.addSong(SongFields(name: "Song 4")) }
            let playlist = try #require(folder.files().keys.first { $0.hasPrefix("playlists/") })
            let targets = ["songs.json", "playlists.json", playlist, "contacts.json", "settings.json", ".history/" + History.fileName(2)]
            try data.dropFirst().write(to: folder.url(targets[Int(data[data.startIndex]) % targets.count]))

            let loaded = try? folder.store.load()
            _ = folder.store.history()
            if let report = try? folder.store.check(), report.isSound {
                #expect(loaded != nil || report.finishedChange != nil, "\(name): check found nothing wrong but load failed")
            }
            if let repaired = try? folder.store.repair(), repaired.remaining.isSound {
                #expect((try? folder.store.load()) != nil, "\(name): repair said sound but the library does not load")
            }
            _ = try? folder.store.undo()
            if let library = try? folder.store.load() {
                try? folder.store.modify(command: "fuzz") { $0.addSong(SongFields(name: "Fuzz")) }
                let again = try? folder.store.load()
                #expect(again == nil || again!.songs.count >= library.songs.count, "\(name): a change lost songs")
            }
        }
    }
}
