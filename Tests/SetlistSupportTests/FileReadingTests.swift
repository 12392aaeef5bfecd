import Foundation
import Testing

@testable import SetlistSupport

/// One `open` tells a file that is there from one that is not, as `fileExists` did before it.
@Suite struct FileReadingTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("setlist-reading-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    @Test func aFileIsReadWhole() throws {
        let bytes = Data("{\"songs\":[]}\n".utf8) + Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0) })
        try bytes.write(to: URL(fileURLWithPath: path("songs.json")))
        #expect(try FileReading.dataIfPresent(atPath: path("songs.json")) == bytes)
        #expect(try FileReading.data(atPath: path("songs.json")) == bytes)
    }

    @Test func anEmptyFileIsReadAsNoBytes() throws {
        FileManager.default.createFile(atPath: path("empty.json"), contents: Data())
        #expect(try FileReading.dataIfPresent(atPath: path("empty.json")) == Data())
    }

    @Test func nothingThereIsNilWhereverThePathStops() throws {
        FileManager.default.createFile(atPath: path("a-file"), contents: Data("x".utf8))
        try FileManager.default.createSymbolicLink(atPath: path("dangling"), withDestinationPath: path("gone"))
        for name in ["missing.json", "dangling", "a-file/below.json", "no-folder/below.json"] {
            #expect(try FileReading.dataIfPresent(atPath: path(name)) == nil, "\(name)")
            #expect(!FileManager.default.fileExists(atPath: path(name)), "\(name)")
            #expect(throws: (any Error).self, "\(name)") { try FileReading.data(atPath: path(name)) }
        }
    }

    @Test func aFolderInAFilesPlaceIsNamedNotTakenForAbsent() throws {
        try FileManager.default.createDirectory(atPath: path("songs.json"), withIntermediateDirectories: false)
        #expect(throws: FileReading.NotAFile.self) { try FileReading.dataIfPresent(atPath: path("songs.json")) }
    }

    /// A symbolic link that leads back to itself is neither absent nor a bare "error 256".
    @Test func aLinkLoopThrowsWhyItCannotBeOpened() throws {
        try FileManager.default.createSymbolicLink(atPath: path("contacts.json"), withDestinationPath: path("contacts.json"))
        for read in [
            { try FileReading.dataIfPresent(atPath: path("contacts.json")) }, { try FileReading.data(atPath: path("contacts.json")) },
        ] {
            let error = #expect(throws: (any Error).self) { _ = try read() }
            #expect(error.map(FailureText.reason) == String(cString: strerror(ELOOP)) + ".")
        }
    }

    @Test(.disabled(if: geteuid() == 0, "root reads a file whatever its mode"))
    func aFileThatCannotBeReadThrowsInsteadOfLookingAbsent() throws {
        FileManager.default.createFile(atPath: path("contacts.json"), contents: Data("{}".utf8), attributes: [.posixPermissions: 0o000])
        #expect(throws: (any Error).self) { try FileReading.dataIfPresent(atPath: path("contacts.json")) }
    }
}
