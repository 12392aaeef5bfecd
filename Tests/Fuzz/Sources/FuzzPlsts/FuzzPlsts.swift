import Foundation
import FuzzDriver
import SetlistExchange
import SetlistModel

/// libFuzzer entry: a .plsts document from someone else. Reading it may refuse it with an error
/// but never crash; a document it accepts imports into an empty library and into one that
/// already has it, and exporting the imported playlist gives a document that reads back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlsts(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: bytes, count: count))
    guard let shared = try? PlstsDocument.read(data, source: "fuzz.plsts") else { return 0 }
    var library = Library()
    guard let report = try? PlstsImport.apply(shared, to: &library) else {
        preconditionFailure("a document that reads did not import into an empty library")
    }
    precondition(report.songCount == shared.playlist.copies.count, "the import lost songs")
    let playlist = library.playlists[library.playlists.count - 1]
    let exported = PlstsDocument.export(playlist, from: library, generator: "fuzz", date: Date(timeIntervalSince1970: 0))
    guard let again = try? PlstsDocument.read(exported, source: "exported.plsts") else {
        preconditionFailure("an imported playlist exported to a document that does not read")
    }
    precondition(again.playlist.copies.count == playlist.copies.count, "the export lost songs")
    var twice = library
    _ = try? PlstsImport.apply(again, to: &twice)
    return 0
}

@main
enum FuzzPlstsMain {
    static func main() {
        exit(setlist_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv))
    }
}
