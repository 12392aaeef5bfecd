import Foundation
import FuzzDriver
import SetlistModel
import SetlistStore

/// libFuzzer entry: the values people type (lengths, keys, tempos, names, notes, addresses).
/// Any input must be refused or give a value that is in range and reads back the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValues(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    if let seconds = SongLength.seconds(from: text) {
        precondition((1...SongLength.maximum).contains(seconds), "length \(seconds) out of range for \(text.debugDescription)")
        precondition(
            SongLength.seconds(from: SongLength.format(seconds)) == seconds, "length does not round-trip: \(text.debugDescription)")
    }
    if let key = MusicalKey(parsing: text) {
        precondition(MusicalKey(parsing: key.description) == key, "key does not round-trip: \(text.debugDescription)")
    }
    if let bpm = try? Tempo.parse(text) {
        precondition(Tempo.range.contains(bpm), "tempo out of range: \(text.debugDescription)")
    }
    if let name = try? Text.cleanName(text, field: "name") {
        precondition((try? Text.cleanName(name, field: "name")) == name, "name cleaning is not idempotent: \(text.debugDescription)")
        precondition(name.count <= Text.maximumNameLength)
    }
    if let notes = try? Text.cleanNotes(text) {
        precondition((try? Text.cleanNotes(notes)) == notes, "notes cleaning is not idempotent: \(text.debugDescription)")
    }
    if let address = try? EmailAddress.validate(text) {
        precondition((try? EmailAddress.validate(address)) == address, "address does not validate twice: \(text.debugDescription)")
    }
    _ = Text.fold(text)
    _ = Playlist.fileName(name: text, id: "0123456789abcdef")
    return 0
}

@main
enum FuzzValuesMain {
    static func main() {
        exit(setlist_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv))
    }
}
